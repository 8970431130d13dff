// Types for eslint/house-plugin.js (the tests import it).
import type { ESLint, Rule } from 'eslint';

declare const house: ESLint.Plugin & { rules: { 'server-module-boundary': Rule.RuleModule } };
export default house;
