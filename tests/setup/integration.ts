// Runs in every integration file. Its hooks run after the file's own (after-hooks run as a stack),
// so after a test or a file has given the clock back: see settlePgliteClocks for why PGlite needs
// telling. afterAll too: a file that fakes the clock for all its tests gives it back in its own
// afterAll, after its databases went back to the pool, and a worker's last integration file has
// no later test to settle them before the unit files that follow it in the same process.
import { afterAll, afterEach } from 'vitest';
import { settlePgliteClocks } from '../helpers/database';

afterEach(settlePgliteClocks);
afterAll(settlePgliteClocks);
