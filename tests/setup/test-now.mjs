// Loaded into every Node process of a test run with NODE_OPTIONS=--import (scripts/test-clocks.mjs
// sets it): Date reads the real time shifted by TEST_NOW_OFFSET_MS, so the run starts at TEST_NOW
// and the clock ticks on from there (issue 33). Loaded before Vitest, so Vitest's fake timers and
// vi.useRealTimers() take this shifted Date for the real one; and every process of the run (the
// test workers, PGlite inside them, the S3 stand-in's child) shares one offset, so their clocks
// agree. A PostgreSQL server's now() is another program's and is not shifted.
const offset = Number(process.env.TEST_NOW_OFFSET_MS);
if (Number.isFinite(offset) && globalThis.autoreviveTestNow === undefined) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.autoreviveTestNow = offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (Target, args, newTarget) => Reflect.construct(Target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (Target, property, receiver) => (property === 'now' ? now : Reflect.get(Target, property, receiver)),
  });
}
