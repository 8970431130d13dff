// TEST_NOW=<ISO instant> runs the tests as if the clock read that instant when the run began
// (issue 33): run them through scripts/test-clocks.mjs, which loads tests/setup/test-now.mjs into
// every process of the run before Vitest. Set by hand without it, the clock would not move: say so.
const shifted = (globalThis as { autoreviveTestNow?: number }).autoreviveTestNow !== undefined;
if (process.env.TEST_NOW && !shifted) {
  throw new Error('TEST_NOW shifts the clock only through scripts/test-clocks.mjs (npm run test:clocks -- <instant> -- <files>), which loads tests/setup/test-now.mjs before Vitest.');
}
