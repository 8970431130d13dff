// house/server-module-boundary (eslint/house-plugin.js): a server module is imported from outside
// only through its index.ts. Shown with ESLint's RuleTester on the paths the house has, and once
// through the repository's own eslint.config.js, so the wiring is proved as well as the rule.
import { join, resolve } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import house from '../../eslint/house-plugin.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = resolve(import.meta.dirname, '../..');
const at = (path: string) => join(root, path);
const rule = house.rules['server-module-boundary'];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('house/server-module-boundary', rule, {
  valid: [
    { name: 'a test imports a module through its index', filename: at('tests/integration/bookings.test.ts'), code: "import { bookingRoutes } from '../../src/server/modules/booking';" },
    { name: 'the index named as a file', filename: at('tests/integration/bookings.test.ts'), code: "import { bookingRoutes } from '../../src/server/modules/booking/index';" },
    { name: "a module's own files import each other", filename: at('src/server/modules/booking/routes/bookings.routes.ts'), code: "import { lapseHolds } from '../hold/bookings.service';" },
    { name: 'another module, through the index', filename: at('src/server/modules/admin/admin.routes.ts'), code: "import { quoteBeingPaid } from '../booking';" },
    { name: "a module's *-cli.ts entry point", filename: at('tests/integration/admin-create.test.ts'), code: "import { adminCreateCommand } from '../../src/server/modules/auth/admin-create-cli';" },
    { name: 'below the modules', filename: at('tests/integration/bookings.test.ts'), code: "import { conflict } from '../../src/server/kernel/errors';" },
  ],
  invalid: [
    {
      name: "a test file reaching into booking's inside",
      filename: at('tests/integration/bookings.test.ts'),
      code: "import { lapseHolds } from '../../src/server/modules/booking/hold/bookings.service';",
      errors: [{ messageId: 'inside', data: { module: 'booking', suggestion: '../../src/server/modules/booking', specifier: '../../src/server/modules/booking/hold/bookings.service' } }],
    },
    {
      name: 'a type-only import is still an import',
      filename: at('tests/helpers/checkout.ts'),
      code: "import type { Viewer } from '../../src/server/modules/access/access.policy';",
      errors: [{ messageId: 'inside' }],
    },
    {
      name: "another module's inside",
      filename: at('src/server/modules/admin/admin.routes.ts'),
      code: "import { quoteBeingPaid } from '../booking/pay/being-paid';",
      errors: [{ messageId: 'inside', data: { module: 'booking', suggestion: '../booking', specifier: '../booking/pay/being-paid' } }],
    },
    { name: 'from app.ts', filename: at('src/server/app.ts'), code: "export { authRoutes } from './modules/auth/auth.routes';", errors: [{ messageId: 'inside' }] },
    { name: 'from a script, dynamically', filename: at('scripts/bench-quotes.ts'), code: "await import('../src/server/modules/quotes/quotes.repo');", errors: [{ messageId: 'inside' }] },
  ],
});

describe("the repository's eslint.config.js", () => {
  it('refuses a test file that reaches into booking/hold/bookings.service, and allows modules/booking', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (code: string) => (await eslint.lintText(code, { filePath: at('tests/integration/boundary-probe.test.ts') }))[0]!.messages.map((m) => m.ruleId);
    expect(await lint("import { lapseHolds } from '../../src/server/modules/booking/hold/bookings.service';\nexport { lapseHolds };\n")).toEqual(['house/server-module-boundary']);
    expect(await lint("import { bookingRoutes } from '../../src/server/modules/booking';\nexport { bookingRoutes };\n")).toEqual([]);
  }, 60_000);
});
