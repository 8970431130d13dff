// TEST_NOW=<ISO instant> runs the tests as if the clock had read that instant when the run
// began (issue 33: the suite must pass on a Saturday, a Sunday, 24 December, Good Friday and the
// days the clocks change). The clock still ticks: Date (new Date(), Date.now()) reads the real
// time shifted by one offset, so timeouts, holds and PGlite's now() (which reads Date) move as
// usual. A test's vi.useFakeTimers / vi.setSystemTime still sets its own instant, and
// vi.useRealTimers brings back this shifted clock, not the real one.
//
// What it cannot reach: another process's clock (the S3 stand-in child, a PostgreSQL server's
// now()), so run it on PGlite, without TEST_DATABASE_URL, and leave out the S3 files.
// scripts/test-clocks.mjs runs the date-sensitive files under each of issue 33's instants.

const marked = globalThis as { autoreviveTestNow?: number };

export function installTestNow(value: string | undefined): void {
  if (!value || marked.autoreviveTestNow !== undefined) return;
  const target = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(target)) throw new Error(`TEST_NOW must be an ISO instant such as 2026-12-24T07:30:00Z, got '${value}'`);
  const RealDate = Date;
  const offset = target - RealDate.now();
  marked.autoreviveTestNow = offset;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (Target, args: unknown[], newTarget) => Reflect.construct(Target, args.length === 0 ? [now()] : args, newTarget) as object,
    apply: () => new RealDate(now()).toString(),
    get: (Target, property, receiver) => (property === 'now' ? now : Reflect.get(Target, property, receiver)),
  });
}

installTestNow(process.env.TEST_NOW);
