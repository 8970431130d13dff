// Issue 12's numbers: with 20,000 repairers spread over the UK, the nearby search (D16: verified,
// within 30 miles and their own radius, covering the damage, nearest first) answers in ≤ 10 ms
// at the 95th percentile on PGlite and ≤ 5 ms on the PostgreSQL server.
//   npm run bench:nearby            (PGlite; and the server at DATABASE_URL or TEST_DATABASE_URL)
// Loads the repairers with one INSERT … SELECT from the outcode table (each at a district centre
// with a few miles of jitter), then times the product's own query (nearbyRepairers) from 300
// customer districts. In the same run it times two baselines on the same data: a primary-key
// select (the floor of one round trip) and the same search without the location index, so the
// figures read as ratios as well as milliseconds. Exits 0 when every target is met, 1 when not.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/database';
import { runMigrations } from '../src/server/db/migrate';
import { outcodes, repairers } from '../src/server/db/schema';
import { nearbyRepairers } from '../src/server/modules/repairers';
import { specialisations } from '../src/shared/damage';

const REPAIRERS = 20_000;
const QUERIES = 300;
const WARM_UP = 30;
const TARGET_P95_MS = { pglite: 10, postgres: 5 } as const;

// Each repairer at a random district's centre, up to ~5 miles off; 90% verified; 2–5 specialisations.
const LOAD_SQL = `
INSERT INTO repairers (business_name, city, postcode, latitude, longitude, specialisations, service_radius_miles, is_verified)
SELECT 'Bench Repairs ' || i, 'Town', o.outcode || ' 1AA',
  o.latitude + (random() - 0.5) * 0.14, o.longitude + (random() - 0.5) * 0.22,
  (SELECT jsonb_agg(s) FROM unnest(ARRAY['scratch','pdr','alloy','scuff','paint']) s WHERE random() < 0.6 OR s = 'scratch'),
  (ARRAY[15, 20, 30, 30, 50])[1 + (i % 5)],
  i % 10 <> 0
FROM generate_series(1, ${REPAIRERS}) i
JOIN LATERAL (SELECT outcode, latitude, longitude FROM outcodes ORDER BY random() + i * 0 LIMIT 1) o ON true`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(runs: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function bench(engine: 'pglite' | 'postgres', database: Database): Promise<boolean> {
  const db = database.db;
  await runMigrations(database);
  const loadStart = performance.now();
  await database.executeSql(LOAD_SQL);
  await database.executeSql('ANALYZE repairers');
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(repairers);
  const points = await db.select({ latitude: outcodes.latitude, longitude: outcodes.longitude }).from(outcodes).orderBy(sql`random()`).limit(QUERIES);
  const ids = (await db.select({ id: repairers.id }).from(repairers).limit(QUERIES)).map((r) => r.id);
  console.log(`\n${engine}: ${count.toLocaleString('en-GB')} repairers loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

  let found = 0;
  const search = (i: number) =>
    nearbyRepairers(db, { point: points[i % points.length]!, specialisation: specialisations[i % specialisations.length]! }).then((rows) => {
      found += rows.length;
    });
  const nearby = await time(QUERIES, search);
  const perQuery = Math.round(found / (QUERIES + WARM_UP));
  const primaryKey = await time(QUERIES, (i) => db.select().from(repairers).where(eq(repairers.id, ids[i % ids.length]!)));
  await database.executeSql('DROP INDEX repairers_location_idx');
  const unindexed = await time(Math.min(QUERIES, 100), search);

  const target = TARGET_P95_MS[engine];
  const ok = nearby.p95 <= target;
  const row = (label: string, t: { p50: number; p95: number }) => `  ${label.padEnd(44)} p50 ${t.p50.toFixed(2).padStart(7)} ms   p95 ${t.p95.toFixed(2).padStart(7)} ms`;
  console.log(row('nearby search (location index)', nearby) + `   ~${perQuery} repairers a search`);
  console.log(row('baseline: primary-key select', primaryKey));
  console.log(row('baseline: same search, no location index', unindexed));
  console.log(`  nearby p95 = ${(nearby.p95 / primaryKey.p95).toFixed(1)}× a primary-key select, ${(nearby.p95 / unindexed.p95).toFixed(2)}× the unindexed search`);
  console.log(`  target p95 ≤ ${target} ms: ${ok ? 'PASS' : 'FAIL'} (${nearby.p95.toFixed(2)} ms)`);
  return ok;
}

async function onServer(url: string): Promise<boolean> {
  const name = `autorevive_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  try {
    return await bench('postgres', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}

try {
  const pglite = await openDatabase({ pgliteDir: ':memory:' });
  let ok = await bench('pglite', pglite).finally(() => pglite.close());
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) ok = (await onServer(serverUrl)) && ok;
  else console.log('\n(no DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server run is skipped)');
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error(error);
  process.exit(2);
}
