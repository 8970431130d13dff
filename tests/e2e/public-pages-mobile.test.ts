// Every public page at mobile width: complete, hydrated without errors, headings in order, no axe violations.
import { describePublicPages } from './public-pages';

describePublicPages('mobile');
