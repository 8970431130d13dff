// Every public page at mobile width, the first half (the rest in public-pages-mobile-2.test.ts): complete,
// hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('mobile', 1);
