// Issue 33's Done-when: the date-sensitive integration files pass with the clock set to a
// Saturday, a Sunday, 24 December, the Friday before Easter and the last Sundays of March and
// October. Runs them under each of those instants (TEST_NOW, tests/setup/test-now.ts: the clock
// starts there and ticks), on PGlite: a PostgreSQL server's now() and the S3 stand-in's clock are
// another process's and cannot be shifted. `node scripts/test-clocks.mjs [instant…] [-- file…]`.
import { spawnSync } from 'node:child_process';

const instants = {
  saturday: '2026-12-05T07:30:00Z',
  sunday: '2026-12-06T23:30:00Z',
  christmasEve: '2026-12-24T07:30:00Z',
  goodFriday: '2027-03-26T12:30:00Z',
  clocksForward: '2027-03-28T00:30:00Z',
  clocksBack: '2027-10-31T00:30:00Z',
};

const dateFiles = [
  'date-helpers',
  'reschedule-assigned',
  'bookings',
  'bookings-concurrency',
  'booking-lock-order',
  'completion-photos',
  'completion',
  'repairer-jobs',
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
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...files], { stdio: 'inherit', env: { ...env, TEST_NOW: instant } });
  if (run.status !== 0) failed.push(instant);
}
console.log(failed.length ? `\nFailed under: ${failed.join(', ')}` : '\nPassed under every clock.');
process.exit(failed.length ? 1 : 0);
