import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, wrapPglite, type Database } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { startJobQueue } from '../../src/server/plugins/jobs';

const silentLog = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child() { return silentLog; }, level: 'silent', silent() {} } as never;

/** Migrations plus pg-boss's schema, so each test database starts in a second, not five. */
async function prepare(database: Database): Promise<void> {
  await runMigrations(database);
  const jobs = await startJobQueue(database, silentLog, { runWorkers: false });
  await jobs.stop();
}

export async function buildTestImage(): Promise<Buffer> {
  const client = new PGlite();
  await prepare(wrapPglite(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  return Buffer.from(await dump.arrayBuffer());
}

export async function openImage(imagePath: string): Promise<Database> {
  const bytes = readFileSync(imagePath);
  const client = new PGlite({ loadDataDir: new Blob([bytes]) });
  await client.waitReady;
  return wrapPglite(client);
}

const TEMPLATE = 'autorevive_test_template';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function prepareServerTemplate(url: string | undefined): Promise<string | null> {
  if (!url) return null;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE) });
  await prepare(template);
  await template.close();
  return url;
}

/** A fresh database on the PostgreSQL server, copied from the migrated template. */
export async function openServerDatabase(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `autorevive_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
