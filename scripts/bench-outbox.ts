// Issue 33 item 7's figure: how fast one instance's outbox sends a backlog of 1,000 e-mails,
// beside how fast the outbox is written to, measured in the same run.
//   npm run bench:outbox                    (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:outbox
//     (a PostgreSQL server: the bench creates a database of its own there, and drops it after)
// Writes: 1,000 e-mails, each as a route writes one (its own transaction, then its send-email
// job), timed as rows inserted per second. Sends: a second app on the same database, running the
// workers as production does, drains the backlog through a real SMTP server on loopback; timed
// from the moment its workers start until the last e-mail is marked sent. The ratio says whether
// one instance keeps up with what it writes (≥ 1) or falls behind (< 1; pg-boss's own worker,
// one job a second, made it about 0.01 here).
// Exits 0 when one instance sends at least TARGET_PER_SECOND a second, 1 when not, 2 when the bench failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { runMigrations } from '../src/server/db/migrate';
import { dispatchEmails, queueEmail, SEND_EMAIL_WORK } from '../src/server/modules/email';
import { startSmtpServer } from '../tests/helpers/smtp';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);
/** "Several a second": well above the soak's 3.4 written a second, far above one a second. */
const TARGET_PER_SECOND = 20;
const TIMEOUT_MS = 300_000;

async function pendingCount(database: Database): Promise<number> {
  const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM outbox_emails WHERE status = 'pending'`);
  return (rows[0] as { n: number }).n;
}

/** A new, empty database on the server of `url`, and how to drop it. */
async function freshServerDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `autorevive_bench_outbox_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-bench-outbox-'));
  const smtp = await startSmtpServer();
  const server = process.env.BENCH_DATABASE_URL ? await freshServerDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const serverUrl = server?.url;
  const database = await openDatabase(serverUrl ? { databaseUrl: serverUrl } : { pgliteDir: join(dataDir, 'db') });
  try {
    await runMigrations(database);
    const configFor = (runWorkers: boolean) => {
      const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', SMTP_URL: smtp.url, ...(serverUrl ? { DATABASE_URL: serverUrl } : {}) });
      config.runWorkers = runWorkers;
      config.webDistDir = join(dataDir, 'no-web-build');
      return config;
    };

    // The writes: an app without workers, as a route writes each e-mail and queues its job.
    const writer = await buildApp(configFor(false), { database });
    await writer.ready();
    const writeStart = performance.now();
    for (let i = 0; i < BACKLOG; i++) {
      const email = await database.db.transaction((tx) => queueEmail(tx, { kind: 'bench', toAddress: `bench-${i}@example.com`, subject: `Bench ${i}`, textBody: 'Hello from the bench.' }));
      await dispatchEmails(writer.deps.jobs, [email]);
    }
    const writeSeconds = (performance.now() - writeStart) / 1000;
    await writer.close();

    // The sends: one instance running the workers, from a backlog of 1,000.
    const sendStart = performance.now();
    const worker = await buildApp(configFor(true), { database });
    await worker.ready();
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await pendingCount(database)) > 0) {
      if (Date.now() > deadline) throw new Error(`the backlog did not drain in ${TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sendSeconds = (performance.now() - sendStart) / 1000;
    await worker.close();

    const written = BACKLOG / writeSeconds;
    const sent = BACKLOG / sendSeconds;
    const received = smtp.received.length;
    console.log(`outbox on ${serverUrl ? 'a PostgreSQL server' : 'PGlite'}, one instance (send-email: ${SEND_EMAIL_WORK.batchSize} fetched, ${SEND_EMAIL_WORK.concurrency} at once)`);
    console.log(`  written: ${BACKLOG} e-mails in ${writeSeconds.toFixed(1)} s = ${written.toFixed(1)} rows inserted a second (each its own transaction and job)`);
    console.log(`  sent:    ${BACKLOG} e-mails in ${sendSeconds.toFixed(1)} s = ${sent.toFixed(1)} e-mails a second from a backlog of ${BACKLOG} (SMTP received ${received})`);
    console.log(`  sent ÷ written: ${(sent / written).toFixed(2)} (≥ 1: one instance keeps up with what it writes)`);
    if (received !== BACKLOG) {
      console.error(`the SMTP server received ${received} messages for ${BACKLOG} e-mails`);
      return 1;
    }
    if (sent < TARGET_PER_SECOND) {
      console.error(`below target: ${sent.toFixed(1)} < ${TARGET_PER_SECOND} e-mails a second`);
      return 1;
    }
    return 0;
  } finally {
    await database.close();
    await server?.drop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
