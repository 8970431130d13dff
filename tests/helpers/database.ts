import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** What the image is made from: the migrations, how they and pg-boss run, and the exact package versions. */
const IMAGE_INPUTS = ['src/server/db/migrations', 'src/server/db/migrate.ts', 'src/server/db/database.ts', 'src/server/plugins/jobs.ts', 'tests/helpers/database.ts', 'package-lock.json'];

function inputFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => inputFiles(join(path, entry)));
}

/**
 * The migrated image, built once and kept in node_modules/.cache under a hash of everything
 * it is made from, so every test run (integration and browser, run after run) reuses it until
 * a migration or a package changes.
 */
export async function testImagePath(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of IMAGE_INPUTS.flatMap((input) => inputFiles(join(repoRoot, input)))) hash.update(file.slice(repoRoot.length)).update('\0').update(readFileSync(file)).update('\0');
  const dir = join(repoRoot, 'node_modules/.cache/autorevive');
  const path = join(dir, `pglite-image-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, await buildTestImage());
  renameSync(partial, path); // atomic: a run never reads a half-written image
  return path;
}

export async function openImage(imagePath: string): Promise<Database> {
  const bytes = readFileSync(imagePath);
  const client = new PGlite({ loadDataDir: new Blob([bytes]) });
  await client.waitReady;
  return wrapPglite(client);
}

// One template per run: runs from several checkouts may share the server, each with its own migrations.
const templateName = () => `autorevive_template_${randomBytes(5).toString('hex')}`;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates this run's migrated template database and answers its URL (null without a server). */
export async function prepareServerTemplate(url: string | undefined): Promise<string | null> {
  if (!url) return null;
  const name = templateName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(url, name);
  const template = await openDatabase({ databaseUrl: templateUrl });
  await prepare(template);
  await template.close();
  return templateUrl;
}

export async function dropServerTemplate(templateUrl: string | null): Promise<void> {
  if (!templateUrl) return;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(templateUrl).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database on the PostgreSQL server, copied from the run's migrated template. */
export async function openServerDatabase(templateUrl: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `autorevive_test_${randomBytes(5).toString('hex')}`;
  const url = withDatabase(templateUrl, 'postgres');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
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
