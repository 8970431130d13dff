// Every public page at mobile width, the second half (the first in public-pages-mobile.test.ts): complete,
// hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('mobile', 2);
