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

/**
 * The app's job definitions, loaded only where an image or template is made or its hash taken
 * (the modules they come from are the whole server).
 */
async function appJobDefinitions() {
  const [{ jobDefinitions }, { declareQueues }] = await Promise.all([import('../../src/server/jobs'), import('../../src/server/jobs/registry')]);
  return { jobDefinitions, declareQueues };
}

/**
 * Migrations, pg-boss's schema and the app's job queues, as a started app has them, so each test
 * database starts in a second, not five. The queues (a table and six indexes each) are made here
 * once, not by every app a test builds and dropped again by every reset: 0.27 CPU-s an app for
 * 14 queues (0006, fourteenth round). An app declaring a queue the image holds changes nothing.
 */
async function prepare(database: Database): Promise<void> {
  await runMigrations(database);
  const jobs = await startJobQueue(database, silentLog, { runWorkers: false });
  const { jobDefinitions, declareQueues } = await appJobDefinitions();
  await declareQueues(jobs, jobDefinitions);
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
/** What the image is made from: the migrations, how they and pg-boss run, how queues are declared, and the exact package versions. */
const IMAGE_INPUTS = ['src/server/db/migrations', 'src/server/db/migrate.ts', 'src/server/db/database.ts', 'src/server/plugins/jobs.ts', 'src/server/jobs/registry.ts', 'tests/helpers/database.ts', 'package-lock.json'];

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
  // And the queues it holds: each job's name and retry policy, wherever its module declares it.
  hash.update(JSON.stringify((await appJobDefinitions()).jobDefinitions.map((definition) => [definition.name, definition.retry])));
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

// Reused image databases (docs/notes/0006-test-suite-history.md, fifth round). Opening a PGlite
// from the image costs 0.6–1.2 s of CPU, and the integration files opened 56 of them a run: a
// third of the project's CPU. Files in a worker share this module (isolate: false), so a
// database a file has closed is put back as the image had it (every table emptied, the image's
// rows and sequences restored) and lent to the next file. Session state is dropped too. A
// database whose schema a test changed (its catalogue's fingerprint differs) or whose reset fails
// is closed instead, never lent.

/** What the image holds besides its schema: the rows of its seeded tables and every sequence's value. */
interface ImageState {
  tables: string[];
  /** The job queues the image holds (every app's, empty), and the table of each (a partition of pgboss.job). */
  queues: { name: string; partition: string }[];
  /** Each seeded table's rows as inserted again, and a digest of its contents (ROW_DIGEST) to tell whether a file changed them. */
  seeded: { table: string; columns: string; rows: string; digest: string }[];
  sequences: { name: string; value: string | null }[];
  fingerprint: string;
}

interface Pooled {
  base: Database;
  state: ImageState;
}

const APP_SCHEMAS = `('public', 'pgboss')`;

/** A digest of the user-made schema: relations, columns, constraints, indexes, triggers, functions, roles and settings. */
const FINGERPRINT_SQL = `SELECT md5(string_agg(part, ',' ORDER BY part)) AS fingerprint FROM (
  SELECT format('c %s %s %s %s', c.oid, n.nspname, c.relname, c.relkind) AS part FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid >= 16384
  UNION ALL SELECT format('a %s %s %s %s %s %s', attrelid, attname, atttypid, attnotnull, attisdropped, atthasdef) FROM pg_attribute WHERE attrelid >= 16384 AND attnum > 0
  UNION ALL SELECT format('k %s %s %s %s', oid, conname, contype, convalidated) FROM pg_constraint WHERE oid >= 16384
  UNION ALL SELECT format('t %s %s %s', oid, tgname, tgenabled) FROM pg_trigger WHERE oid >= 16384
  UNION ALL SELECT format('p %s %s %s', oid, proname, md5(coalesce(prosrc, ''))) FROM pg_proc WHERE oid >= 16384
  UNION ALL SELECT format('n %s %s', oid, nspname) FROM pg_namespace WHERE oid >= 16384 AND nspname !~ '^pg_(toast_)?temp_'
  UNION ALL SELECT format('r %s', rolname) FROM pg_roles
  UNION ALL SELECT format('s %s', array_to_string(setconfig, ';')) FROM pg_db_role_setting
) parts`;

/** A digest of a table's rows whatever their order on disk (`t` is the table's alias). */
const ROW_DIGEST = `md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))`;

async function fingerprintOf(database: Database): Promise<string> {
  const { rows } = await database.executeSql(FINGERPRINT_SQL, []);
  return String(rows[0]!.fingerprint);
}

async function readImageState(database: Database): Promise<ImageState> {
  const { rows: tableRows } = await database.executeSql(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ${APP_SCHEMAS} AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    [],
  );
  const tables = tableRows.map((row) => String(row.name));
  const seeded: ImageState['seeded'] = [];
  for (const table of tables) {
    const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM ${table}`, []);
    if (Number(rows[0]!.n) === 0) continue;
    // Generated columns are made again by the insert; every other column is restored as it was.
    const { rows: columnRows } = await database.executeSql(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [table],
    );
    const columns = String(columnRows[0]!.columns);
    const { rows: data } = await database.executeSql(`SELECT json_agg(t)::text AS rows, ${ROW_DIGEST} AS digest FROM ${table} t`, []);
    seeded.push({ table, columns, rows: String(data[0]!.rows), digest: String(data[0]!.digest) });
  }
  const { rows: sequenceRows } = await database.executeSql(`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences WHERE schemaname IN ${APP_SCHEMAS}`, []);
  const sequences = sequenceRows.map((row) => ({ name: String(row.name), value: row.value === null ? null : String(row.value) }));
  const { rows: queueRows } = await database.executeSql(`SELECT name, format('pgboss.%I', partition_name) AS partition FROM pgboss.queue ORDER BY name`, []);
  const queues = queueRows.map((row) => ({ name: String(row.name), partition: String(row.partition) }));
  return { tables, queues, seeded, sequences, fingerprint: await fingerprintOf(database) };
}

/**
 * Puts a lent database back as the image had it; false when it cannot be (its schema changed).
 *
 * Only what the file changed is put back (0006, issue 36): a TRUNCATE makes every table and index
 * it names a new file, which costs PGlite about 6 ms of CPU a table whether it held rows or not, so
 * truncating all 33 tables and inserting the image's 2,975 outcodes again cost about 0.2 s of CPU
 * for every app a test closed. Now only the tables that hold rows are truncated, a seeded table
 * only when its rows' digest differs from the image's (its rows are then inserted again), and a
 * sequence is set only when it moved. tests/integration/test-database-pool.test.ts checks the
 * outcome: every table's rows and every sequence as the image has them.
 */
async function resetToImage(database: Database, state: ImageState): Promise<boolean> {
  await database.executeSql(`DISCARD TEMP; UNLISTEN *; SELECT pg_advisory_unlock_all(); RESET ALL;`);
  // The image holds the app's job queues, empty: a queue the image does not hold goes with its
  // table, and the queues that hold jobs are emptied. Only those: a TRUNCATE makes each table it
  // names new (about 6 ms apiece), and a DELETE would leave dead rows for the worker's later files
  // (PGlite runs no autovacuum).
  const imageQueues = [state.queues.map((queue) => queue.name)];
  await database.executeSql(`DELETE FROM pgboss.job WHERE NOT (name = ANY($1::text[]))`, imageQueues); // a queue keeps its jobs' queue row
  await database.executeSql(`SELECT pgboss.delete_queue(name) FROM pgboss.queue WHERE NOT (name = ANY($1::text[]))`, imageQueues);
  const { rows: queuesWithJobs } = state.queues.length === 0 ? { rows: [] } : await database.executeSql(state.queues.map(({ partition }, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT FROM ${partition})`).join(' UNION ALL '), []);
  if (queuesWithJobs.length > 0) await database.executeSql(`TRUNCATE ${queuesWithJobs.map((row) => state.queues[Number(row.i)]!.partition).join(', ')}`);
  if ((await fingerprintOf(database)) !== state.fingerprint) return false;
  const seededByTable = new Map(state.seeded.map((entry) => [entry.table, entry]));
  // Which tables differ from the image: a seeded one by its rows' digest, any other by holding a row.
  const probes = state.tables.map((table, i) => {
    const seeded = seededByTable.get(table);
    return seeded ? `SELECT ${i} AS i FROM (SELECT ${ROW_DIGEST} AS digest FROM ${table} t) d WHERE digest <> ${quoteLiteral(seeded.digest)}` : `SELECT ${i} AS i WHERE EXISTS (SELECT FROM ${table})`;
  });
  const { rows: differing } = await database.executeSql(probes.join(' UNION ALL '), []);
  const changed = differing.map((row) => state.tables[Number(row.i)]!);
  if (changed.length > 0) {
    await database.executeSql(`TRUNCATE ${changed.join(', ')} CASCADE`);
    // Every seeded table is now as the image has it or empty (changed, or emptied by the CASCADE
    // through a reference): an empty one gets the image's rows again.
    const seededTables = [...seededByTable.keys()];
    const { rows: empty } = await database.executeSql(seededTables.map((table, i) => `SELECT ${i} AS i WHERE NOT EXISTS (SELECT FROM ${table})`).join(' UNION ALL '), []);
    for (const row of empty) {
      const { table, columns, rows } = seededByTable.get(seededTables[Number(row.i)]!)!;
      // json_populate_recordset gives each value its column's type, so the rows come back as they were.
      await database.executeSql(`INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(null::${table}, $1::json)`, [rows]);
    }
  }
  const { rows: current } = await database.executeSql(`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences WHERE schemaname IN ${APP_SCHEMAS}`, []);
  const now = new Map(current.map((row) => [String(row.name), row.value === null ? null : String(row.value)]));
  for (const { name, value } of state.sequences) {
    if (now.has(name) && now.get(name) === value) continue;
    await database.executeSql(value === null ? `SELECT setval($1::regclass, (SELECT seqstart FROM pg_sequence WHERE seqrelid = $1::regclass), false)` : `SELECT setval($1::regclass, $2::bigint, true)`, value === null ? [name] : [name, value]);
  }
  return true;
}

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

const idleByImage = new Map<string, Pooled[]>();
/** A worker keeps at most this many for later files (each holds PGlite's memory, about 100 MB). */
const MAX_IDLE = 2;

/**
 * A database as the image has it, for one app: a reused one when this worker has one idle, else
 * one opened from the image. Its close() gives it back for the next caller (after a reset); a
 * fresh object every time, so caches kept per Database (network figure, kept answers, batch
 * queues) never pass from one file to the next.
 */
export async function takeImageDatabase(imagePath: string): Promise<Database> {
  const idle = idleByImage.get(imagePath) ?? [];
  idleByImage.set(imagePath, idle);
  let pooled = idle.pop();
  if (!pooled) {
    const base = await openImage(imagePath);
    pooled = { base, state: await readImageState(base) };
  }
  const { base } = pooled;
  let returned = false;
  return {
    ...base,
    async close() {
      if (returned) return;
      returned = true;
      let reusable = false;
      try {
        reusable = !base.pglite!.closed && (await resetToImage(base, pooled.state));
      } catch {
        reusable = false; // closed below: the next caller opens a fresh one
      }
      if (reusable && idle.length < MAX_IDLE) idle.push(pooled);
      else await base.close();
    },
  };
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
