// Every public page at desktop width, the second half (the first in public-pages-desktop.test.ts): complete,
// hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('desktop', 2);
