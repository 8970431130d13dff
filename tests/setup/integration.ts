// Runs in every integration file. Its afterEach runs after the file's own (hooks run as a stack),
// so after a test has given the clock back: see settlePgliteClocks for why PGlite needs telling.
import { afterEach } from 'vitest';
import { settlePgliteClocks } from '../helpers/database';

afterEach(settlePgliteClocks);
