// Every public page at desktop width, the first half (the rest in public-pages-desktop-2.test.ts): complete,
// hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('desktop', 1);
