// Runs before every integration file (once per worker is enough; the guard keeps it once).
//
// A faked clock reaches PGlite too: its PostgreSQL reads the time through Date, which
// vi.useFakeTimers({ toFake: ['Date'] }) replaces. Statistics flushed while a test's clock said
// March 2027 or 2028 leave PostgreSQL, once the clock is real again, re-arming its idle-stats
// timer for a moment months away. Node cannot keep a setTimeout longer than 2^31−1 ms (24.8
// days): it fires it after 1 ms instead, with a TimeoutOverflowWarning, so the timer spun for as
// long as the database stayed open, and databases are reused by the worker's later files. One
// whole run logged 83,546 warnings and its unit and integration lane took 303 s against 170 s.
// Here a longer delay waits the longest Node can, as the caller meant: nothing in a test waits
// that long, so the timer simply never fires during the run. (Forcing a statistics flush after
// each test and file, tried first, left 12,000 warnings in a whole run.)
import { promisify } from 'node:util';

const LONGEST_DELAY_MS = 2 ** 31 - 1;
const marked = globalThis as { autoreviveLongTimeouts?: true };
if (!marked.autoreviveLongTimeouts) {
  marked.autoreviveLongTimeouts = true;
  const nodeSetTimeout = globalThis.setTimeout;
  const clamped = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) =>
    nodeSetTimeout(handler, typeof delay === 'number' && delay > LONGEST_DELAY_MS ? LONGEST_DELAY_MS : delay, ...args)) as typeof setTimeout;
  // util.promisify(setTimeout) and timers' own properties keep working.
  Object.defineProperty(clamped, promisify.custom, { value: (nodeSetTimeout as unknown as Record<symbol, unknown>)[promisify.custom] });
  globalThis.setTimeout = clamped;
}
