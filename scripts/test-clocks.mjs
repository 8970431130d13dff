// Issue 33's Done-when: the date-sensitive integration files pass with the clock set to a
// Saturday, a Sunday, 24 December, the Friday before Easter and the last Sundays of March and
// October. Runs them under each of those instants: every Node process of the run loads
// tests/setup/test-now.mjs first (NODE_OPTIONS=--import), so Date starts at the instant and ticks
// on, in the test workers, PGlite and the S3 stand-in alike. On PGlite only: a PostgreSQL
// server's now() is another program's clock. `node scripts/test-clocks.mjs [name|instant…] [-- file…]`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const preload = fileURLToPath(new URL('../tests/setup/test-now.mjs', import.meta.url));

const instants = {
  saturday: '2026-12-05T07:30:00Z',
  sunday: '2026-12-06T23:30:00Z',
  christmasEve: '2026-12-24T07:30:00Z',
  goodFriday: '2027-03-26T12:30:00Z',
  clocksForward: '2027-03-28T00:30:00Z',
  clocksBack: '2027-10-31T00:30:00Z',
};

// The files whose days come from the clock (tests/helpers/dates.ts) or that move a booking's day.
const dateFiles = [
  'date-helpers',
  'reschedule-assigned',
  'bookings',
  'bookings-concurrency',
  'booking-lock-order',
  'completion-photos',
  'completion',
  'repairer-jobs',
  'text-messages',
  'repairer-jobs-rules',
  'repairer-jobs-concurrency',
  'take-back',
  'team-cancel',
  'appointment-calendar',
  'dispatch',
  'jobs',
  'payments',
  'stripe-payments',
  'privacy',
].map((name) => `tests/integration/${name}.test.ts`);

const args = process.argv.slice(2);
const split = args.indexOf('--');
const chosen = (split < 0 ? args : args.slice(0, split)).map((name) => instants[name] ?? name);
const files = split < 0 ? dateFiles : args.slice(split + 1);
const env = { ...process.env };
delete env.TEST_DATABASE_URL;

const failed = [];
for (const instant of chosen.length ? chosen : Object.values(instants)) {
  console.log(`\n=== TEST_NOW=${instant}`);
  const target = Date.parse(instant);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(instant) || Number.isNaN(target)) throw new Error(`Not an instant or a name (${Object.keys(instants).join(', ')}): ${instant}`);
  const shift = { TEST_NOW: instant, TEST_NOW_OFFSET_MS: String(target - Date.now()), NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() };
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...files], { stdio: 'inherit', env: { ...env, ...shift } });
  if (run.status !== 0) failed.push(instant);
}
console.log(failed.length ? `\nFailed under: ${failed.join(', ')}` : '\nPassed under every clock.');
process.exit(failed.length ? 1 : 0);
