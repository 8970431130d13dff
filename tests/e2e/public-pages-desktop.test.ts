// Every public page at desktop width: complete, hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('desktop');
