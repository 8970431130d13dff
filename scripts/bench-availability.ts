// Issue 35 item 7: availability from the technicians as the network grows. With 20,000
// technicians over the UK (each near a real postcode district's centre, from the outcode table the
// product ships; a mix of radii, damage types, weekly patterns, time off and jobs per slot) and
// 100,000 bookings over the next 60 days (held, paid, assigned), it times:
//   (a) a customer's month view: availabilityInMonth with a quoteId, the code of
//       GET /api/appointments/available-month?month=…&quoteId=N;
//   (b) a day's availability for a quote: availabilityOn, GET /api/appointments/available?date=…&quoteId=N;
//   (c) a hold: holdSlot (POST /api/appointments, its claim through booking/hold/claim.ts), the
//       hold released straight after (untimed: not the customer's request) in its own transaction
//       so every run sees the same bookings;
// each beside the plain nearby-repairers query (nearbyRepairers, D16) of the same run, as a ratio.
//   npm run bench:availability     (PGlite; and the server too at DATABASE_URL, in a scratch database it drops)
// Targets: month view p95 ≤ 25 ms on the server and ≤ 50 ms on PGlite; a hold ≤ 2× the nearby
// query. Exits 0 when every target is met, 1 when not.
//
// The bookings are written straight into the tables (multi-row INSERT … SELECT over
// generate_series), with no slot_capacity rows: the team's ceiling per slot (SLOT_CAPACITY, at most
// 50) is not what is measured here, so the bench runs with the largest ceiling and every slot row
// starts empty.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../src/server/config/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { runMigrations } from '../src/server/db/migrate';
import { availabilityInMonth, availabilityOn, fillReservations, holdSlot, releaseHoldOfQuote, slotRefusal } from '../src/server/modules/booking';
import { nearbyRepairers } from '../src/server/modules/repairers';
import { addDays } from '../src/shared/calendar-date';
import { londonDateOf } from '../src/shared/london-time';
import { specialisationForAnyDamage, type AnyDamageType } from '../src/shared/damage';

// BENCH_SCALE=0.1 loads a tenth of each (a smaller network, for a look that finishes sooner).
const scale = Number(process.env.BENCH_SCALE ?? 1);
const TECHNICIANS = Math.round(20_000 * scale);
const BOOKINGS = Math.round(100_000 * scale);
const DAYS = 60;
const CUSTOMERS = 200;
// BENCH_RUNS=n times each figure n times instead (a quick look; the targets are for the full run).
const quick = Number(process.env.BENCH_RUNS ?? 0);
const RUNS = quick > 0 ? { month: quick, day: quick, hold: quick, nearby: quick } : ({ month: 100, day: 200, hold: 200, nearby: 300 } as const);
const WARM_UP = quick > 0 ? 1 : 20;
const TARGETS = { monthP95Ms: { pglite: 50, postgres: 25 }, holdToNearby: 2 } as const;

// The weekly patterns (repairers.weekly_halves, one bit per weekday half): Monday–Friday both;
// with Saturday; mornings only; Tuesday–Friday; Monday, Wednesday and Friday.
const PATTERNS = [1023, 1023, 1023, 4095, 341, 1020, 819, 1023];

const LOAD_SQL = (today: string) => `
CREATE TABLE bench_districts AS SELECT row_number() OVER (ORDER BY outcode)::int AS rn, outcode, latitude, longitude FROM outcodes;
CREATE TABLE bench_days AS
  SELECT row_number() OVER (ORDER BY d)::int AS rn, d::date AS d
  FROM generate_series('${today}'::date + 2, '${today}'::date + ${DAYS}, interval '1 day') d WHERE extract(isodow FROM d) < 6;

-- Technicians: each at a random district's centre, up to ~5 miles off; 90% verified; 1–5 specialisations.
INSERT INTO repairers (id, business_name, city, postcode, latitude, longitude, specialisations, service_radius_miles, is_verified, weekly_halves, jobs_per_slot)
SELECT g.i, 'Bench Repairs ' || g.i, 'Town', o.outcode || ' 1AA',
  o.latitude + (random() - 0.5) * 0.14, o.longitude + (random() - 0.5) * 0.22,
  (SELECT jsonb_agg(s) FROM unnest(ARRAY['scratch','pdr','alloy','scuff','paint']) s WHERE g.i > 0 AND (random() < 0.5 OR s = (ARRAY['scratch','pdr','alloy','scuff','paint'])[1 + g.i % 5])),
  (ARRAY[10, 15, 20, 25, 30, 30, 40, 50])[1 + g.i % 8],
  g.i % 10 <> 0,
  (ARRAY[${PATTERNS.join(',')}])[1 + (g.i / 3) % ${PATTERNS.length}],
  (ARRAY[1, 1, 1, 2, 3])[1 + (g.i / 7) % 5]
FROM (SELECT i, 1 + floor(random() * (SELECT count(*) FROM bench_districts))::int AS k FROM generate_series(1, ${TECHNICIANS}) i) g
JOIN bench_districts o ON o.rn = g.k;
SELECT setval(pg_get_serial_sequence('repairers', 'id'), ${TECHNICIANS});

-- Time off: one in six technicians has 1–14 days off starting within the 60 days.
INSERT INTO repairer_time_off (repairer_id, from_date, to_date)
SELECT i, '${today}'::date + s, '${today}'::date + s + (i % 14)
FROM (SELECT i, 1 + (i * 37) % ${DAYS} AS s FROM generate_series(1, ${TECHNICIANS}) i WHERE i % 6 = 0) t;

-- The bookings' customers. Assigned ones (half) live a few miles from their technician and need a
-- damage that technician covers; the others anywhere, any damage. 1 in 200 has no saved point (its postcode could not be placed when it was sent) (its
-- district's centre stands in). Then the bench's own customers, each with an approved quote.
CREATE TABLE bench_customers AS
SELECT g.i, g.kind,
  CASE WHEN g.kind = 'assigned' THEN r.id END AS repairer_id,
  CASE WHEN g.kind = 'assigned' THEN r.latitude + (random() - 0.5) * 0.08 ELSE o.latitude + (random() - 0.5) * 0.14 END AS latitude,
  CASE WHEN g.kind = 'assigned' THEN r.longitude + (random() - 0.5) * 0.12 ELSE o.longitude + (random() - 0.5) * 0.22 END AS longitude,
  CASE WHEN g.kind = 'assigned' THEN r.postcode ELSE o.outcode || ' 2BB' END AS postcode,
  CASE WHEN g.kind = 'assigned' THEN (r.specialisations ->> (g.i % jsonb_array_length(r.specialisations))) ELSE (ARRAY['scratch','pdr','alloy','scuff','paint'])[1 + g.i % 5] END AS specialisation
FROM (
  SELECT i,
    CASE WHEN i > ${BOOKINGS} THEN 'customer' WHEN i % 20 < 3 THEN 'held' WHEN i % 20 < 10 THEN 'confirmed' ELSE 'assigned' END AS kind,
    1 + floor(random() * (SELECT count(*) FROM bench_districts))::int AS k,
    -- A verified technician (ids ending in 0 are the unverified ones).
    1 + ((i * 7919) % ${TECHNICIANS}) + CASE WHEN (1 + (i * 7919) % ${TECHNICIANS}) % 10 = 0 THEN 1 ELSE 0 END AS r
  FROM generate_series(1, ${BOOKINGS + CUSTOMERS}) i
) g
JOIN bench_districts o ON o.rn = g.k
LEFT JOIN repairers r ON r.id = least(g.r, ${TECHNICIANS - 1});

INSERT INTO assessments (id, reference, name, email, phone, address, city, county, postcode, latitude, longitude,
  vehicle_make, vehicle_model, vehicle_year, damage_type, damage_locations, damage_description)
SELECT i, 'BENCH-' || i, 'Bench Customer', 'bench' || i || '@example.com', '07700900000', '1 Bench Street', 'Town', 'County', postcode,
  CASE WHEN i % 200 = 3 THEN NULL ELSE latitude END, CASE WHEN i % 200 = 3 THEN NULL ELSE longitude END,
  'Ford', 'Focus', 2018,
  CASE specialisation WHEN 'pdr' THEN 'dent' WHEN 'paint' THEN 'paint_damage' WHEN 'alloy' THEN 'alloy_wheel' ELSE specialisation END,
  '["bonnet"]'::jsonb, 'A scratch on the bonnet'
FROM bench_customers;
SELECT setval(pg_get_serial_sequence('assessments', 'id'), ${BOOKINGS + CUSTOMERS});

INSERT INTO quotes (id, assessment_id, labor_pence, parts_pence, fee_pence, vat_pence, repairer_payment_pence, total_pence, estimated_days,
  valid_until_date, status, assignment_status, assigned_repairer_id, approved_at)
SELECT i, i, 10000, 0, 2000, 2400, 8000, 14400, 1, '${today}'::date + 365,
  CASE WHEN kind = 'customer' THEN 'approved' ELSE 'booked' END,
  CASE WHEN kind = 'assigned' THEN 'assigned' WHEN kind = 'customer' THEN 'unassigned' ELSE 'sent' END,
  repairer_id, now()
FROM bench_customers;
SELECT setval(pg_get_serial_sequence('quotes', 'id'), ${BOOKINGS + CUSTOMERS});

INSERT INTO appointments (id, quote_id, appointment_date, time_slot, status, hold_expires_at)
SELECT c.i, c.i, d.d, CASE WHEN (c.i / 3) % 2 = 0 THEN 'morning' ELSE 'afternoon' END, c.kind,
  CASE WHEN c.kind = 'held' THEN now() + interval '1 day' END
FROM bench_customers c
JOIN bench_days d ON d.rn = 1 + (c.i * 31) % (SELECT count(*) FROM bench_days)
WHERE c.kind <> 'customer';
SELECT setval(pg_get_serial_sequence('appointments', 'id'), ${BOOKINGS});

ANALYZE;`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Timing {
  p50: number;
  p95: number;
}

/** `run` timed `runs` times after the warm-up; `after` (untimed) puts back what a run changed. */
async function time(runs: number, run: (i: number) => Promise<unknown>, after?: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) {
    await run(i);
    await after?.(i);
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(WARM_UP + i);
    times.push(performance.now() - start);
    await after?.(WARM_UP + i);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function bench(engine: 'pglite' | 'postgres', database: Database, reuse = false): Promise<boolean> {
  const db = database.db;
  await runMigrations(database);
  const now = new Date();
  const today = londonDateOf(now);
  const loadStart = performance.now();
  // BENCH_DATABASE (server only): a database loaded by an earlier run is used as it stands (its
  // bookings' dates were set from that run's day: reuse it the same day).
  const loaded = reuse && Number((await database.executeSql(`SELECT count(*)::int AS n FROM repairers`)).rows[0]!.n) > 0;
  if (!loaded) await database.executeSql(LOAD_SQL(today));
  const counts = (await database.executeSql(
    `SELECT (SELECT count(*) FROM repairers)::int AS technicians, (SELECT count(*) FROM appointments)::int AS bookings,
       (SELECT count(*) FROM repairer_time_off)::int AS "timeOff", (SELECT count(*) FROM outcodes)::int AS districts`,
  )).rows[0]!;
  console.log(
    `\n${engine}: ${Number(counts.technicians).toLocaleString('en-GB')} technicians, ${Number(counts.bookings).toLocaleString('en-GB')} bookings, ` +
      `${Number(counts.timeOff).toLocaleString('en-GB')} time-off periods over ${counts.districts} districts, loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  // The stored matching for the bookings just loaded around it: what start-up does (app.ts, docs/decisions/0028).
  const fillStart = performance.now();
  const filled = await fillReservations(db, now);
  console.log(`  stored matching filled: ${filled.slots} slots in ${((performance.now() - fillStart) / 1000).toFixed(1)} s, ${filled.unplaced} bookings left without a technician`);
  // The planner's statistics of the rows the fill wrote (the load's ANALYZE saw slot_reservations
  // empty); on a live site autovacuum's analyse does this after such a change.
  await database.executeSql('ANALYZE slot_reservations');

  const customers = (
    await database.executeSql(
      `SELECT a.id AS "assessmentId", q.id AS "quoteId", c.latitude, c.longitude, a.damage_type AS "damageType"
       FROM bench_customers c JOIN assessments a ON a.id = c.i JOIN quotes q ON q.assessment_id = a.id WHERE c.kind = 'customer' ORDER BY a.id`,
    )
  ).rows.map((row) => ({
    assessmentId: Number(row.assessmentId),
    quoteId: Number(row.quoteId),
    point: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    specialisation: specialisationForAnyDamage[row.damageType as AnyDamageType],
  }));
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' }), slotCapacity: 50, availabilityReadsPerMinutePerAddress: 1_000_000 };
  const ctx = { db, database, config };
  const limit = { key: `availability:bench-${engine}`, windowSeconds: 60, max: 1_000_000, message: 'Too many' };
  const asked = (i: number) => {
    const customer = customers[i % customers.length]!;
    return { customer, asked: { viewer: { user: null, assessmentIds: [customer.assessmentId] }, quoteId: customer.quoteId } };
  };
  // Next month (the 60 days' middle), the bookable days of the 60, and the slots a hold can ask for.
  const month = addDays(today, 32).slice(0, 7);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i + 2)).filter((date) => slotRefusal(date, 'morning', now) === null);
  const slots = days.flatMap((date) => (['morning', 'afternoon'] as const).map((slot) => ({ date, slot })));

  let open = 0;
  let asks = 0;
  const monthView = await time(RUNS.month, async (i) => {
    const { asked: who } = asked(i);
    const view = await availabilityInMonth(ctx, limit, month, now, undefined, who);
    for (const day of view.days) {
      asks += 2;
      open += Number(day.available.morning) + Number(day.available.afternoon);
    }
  });
  const dayView = await time(RUNS.day, (i) => availabilityOn(ctx, limit, days[(i * 7) % days.length]!, now, undefined, asked(i).asked));
  let held = 0;
  let refused = 0;
  const hold = await time(RUNS.hold, async (i) => {
    const { customer, asked: who } = asked(i);
    const at = slots[(i * 13) % slots.length]!;
    try {
      await holdSlot(ctx, who.viewer, { quoteId: customer.quoteId, appointmentDate: at.date, timeSlot: at.slot }, now);
      held++;
    } catch {
      refused++;
    }
    // The release is not the customer's hold (it is the lapse job's, or the next hold's): untimed.
  }, (i) => db.transaction((tx) => releaseHoldOfQuote(tx, asked(i).customer.quoteId)));
  let found = 0;
  const nearby = await time(RUNS.nearby, (i) => {
    const { customer } = asked(i);
    return nearbyRepairers(db, { point: customer.point, specialisation: customer.specialisation }).then((rows) => {
      found += rows.length;
    });
  });
  // BENCH_TRACE=1 (server, while tuning): each statement of one month view and one hold, with its time.
  if (process.env.BENCH_TRACE && engine === 'postgres') {
    await traced('month view', () => availabilityInMonth(ctx, limit, month, now, undefined, asked(7).asked));
    const at = slots[5]!;
    await traced('hold', () => holdSlot(ctx, asked(7).asked.viewer, { quoteId: asked(7).customer.quoteId, appointmentDate: at.date, timeSlot: at.slot }, now).catch(() => undefined));
    await db.transaction((tx) => releaseHoldOfQuote(tx, asked(7).customer.quoteId));
  }
  const released = Number((await database.executeSql(`SELECT count(*)::int AS n FROM appointments WHERE quote_id > ${BOOKINGS} AND status = 'lapsed'`)).rows[0]!.n);

  const target = TARGETS.monthP95Ms[engine];
  const monthOk = monthView.p95 <= target;
  const holdOk = hold.p95 <= TARGETS.holdToNearby * nearby.p95;
  const row = (label: string, t: Timing) =>
    `  ${label.padEnd(40)} p50 ${t.p50.toFixed(2).padStart(7)} ms   p95 ${t.p95.toFixed(2).padStart(7)} ms   ${(t.p50 / nearby.p50).toFixed(1).padStart(5)}× / ${(t.p95 / nearby.p95).toFixed(1).padStart(5)}× nearby`;
  console.log(row('(a) month view, a quote (available-month)', monthView) + `   ${((100 * open) / asks).toFixed(0)}% of slots open`);
  console.log(row('(b) a day, a quote (available)', dayView));
  console.log(row('(c) a hold (POST /api/appointments)', hold) + `   ${held} held, ${refused} refused, ${released} released rows`);
  console.log(row('baseline: nearby-repairers query', nearby) + `   ~${Math.round(found / (RUNS.nearby + WARM_UP))} technicians a search`);
  console.log(`  target month view p95 ≤ ${target} ms: ${monthOk ? 'PASS' : 'FAIL'} (${monthView.p95.toFixed(2)} ms)`);
  console.log(`  target hold p95 ≤ ${TARGETS.holdToNearby}× nearby p95: ${holdOk ? 'PASS' : 'FAIL'} (${(hold.p95 / nearby.p95).toFixed(2)}×)`);
  return monthOk && holdOk;
}

/** Runs `run` printing every statement the server is sent meanwhile, with its time (BENCH_TRACE). */
async function traced(label: string, run: () => Promise<unknown>): Promise<void> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const lines: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
    const start = performance.now();
    const line = (what: string) => lines.push(`    ${what.padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      // The pool's own query() passes a callback.
      args[args.length - 1] = (...results: unknown[]) => {
        line((performance.now() - start).toFixed(2));
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => lines.push(`    ${(performance.now() - start).toFixed(2).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 150)}`),
        () => lines.push(`    (failed) ${text.replace(/\s+/g, ' ').slice(0, 150)}`),
      );
    }
    return result;
  };
  const start = performance.now();
  try {
    await run();
  } finally {
    proto.query = original;
  }
  console.log(`  trace of ${label}: ${lines.length} statements, ${(performance.now() - start).toFixed(2)} ms`);
  for (const line of lines) console.log(line);
}

/** One statement on the server's maintenance connection, on a connection of its own (the bench runs for minutes). */
async function onAdmin(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function onServer(url: string): Promise<boolean> {
  // BENCH_DATABASE=name (while tuning): that database is kept after the run and, when it already
  // holds the network, used again without loading it (the full size's load and fill take minutes).
  const kept = process.env.BENCH_DATABASE;
  if (kept !== undefined && !/^autorevive_bench_[a-z0-9_]+$/.test(kept)) throw new Error('BENCH_DATABASE must be autorevive_bench_<letters, digits, _>');
  const name = kept ?? `autorevive_bench_${randomBytes(4).toString('hex')}`;
  if (kept === undefined) await onAdmin(url, `CREATE DATABASE ${name}`);
  else await onAdmin(url, `CREATE DATABASE ${name}`).catch(() => undefined);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: target.toString() });
    try {
      return await bench('postgres', database, kept !== undefined);
    } finally {
      await database.close();
    }
  } finally {
    if (kept === undefined) await onAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

try {
  // BENCH_ENGINE=postgres runs the server alone (while tuning).
  let ok = true;
  if (process.env.BENCH_ENGINE !== 'postgres') {
    // BENCH_PGLITE_DIR=folder (while tuning): PGlite's files there, and a network already in them
    // used as it stands (as BENCH_DATABASE on the server).
    const dir = process.env.BENCH_PGLITE_DIR;
    const pglite = await openDatabase({ pgliteDir: dir ?? ':memory:' });
    ok = await bench('pglite', pglite, dir !== undefined).finally(() => pglite.close());
  }
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) ok = (await onServer(serverUrl)) && ok;
  else console.log('\n(no DATABASE_URL: the PostgreSQL server run is skipped)');
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error(error);
  process.exit(2);
}
