// Issue 36 item 4: every screen's JavaScript within its budget, gzipped, on the production build
// (this project's set-up builds dist/web when it is not current; npm test runs it after the
// build). Bytes do not depend on the machine's load, so this is a plain test; LCP, TBT and CLS
// are measured by `npm run bench:web`. `npm run size:web` prints the same table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_SCRIPT_BUDGET, formatScreenScripts, limitOf, PUBLIC_SCRIPT_BUDGET, readManifest, screenScripts } from '../../scripts/screen-scripts';

const distDir = 'dist/web';
const rows = screenScripts(distDir, readManifest(distDir));

describe('script budgets (gzipped, as the server sends it)', () => {
  it('cover the public pages and the customer screens of issue 36', () => {
    const paths = rows.map((row) => row.screen.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/assessment', '/quote/:id', '/booking/:quoteId', '/checkout', '/confirmation/:appointmentId']));
    expect(rows.filter((row) => row.screen.kind === 'public').every((row) => row.screen.budget === PUBLIC_SCRIPT_BUDGET)).toBe(true);
    expect(rows.filter((row) => row.screen.kind === 'customer').every((row) => row.screen.budget === CUSTOMER_SCRIPT_BUDGET)).toBe(true);
  });

  it('hold every customer screen within 130 KiB (issue 36): a ceiling is a ratchet under the budget', () => {
    expect(CUSTOMER_SCRIPT_BUDGET).toBe(130 * 1024);
    for (const row of rows.filter((r) => r.screen.kind === 'customer')) expect(limitOf(row.screen), row.screen.path).toBeLessThanOrEqual(CUSTOMER_SCRIPT_BUDGET);
  });

  for (const row of rows) {
    // A customer screen is held to its ceiling (its size, rounded up: scripts/screen-scripts.ts),
    // so it cannot grow unnoticed; a public page to its budget.
    const limit = limitOf(row.screen);
    it(`${row.screen.path} loads at most ${limit / 1024} KiB`, () => {
      expect(row.gzipBytes, `\n${formatScreenScripts([row], { chunks: 12 })}\n`).toBeLessThanOrEqual(limit);
    });
  }

  // Recognised by what they contain: the phone metadata's table of calling codes, a sentence of
  // the settings parser, zod's error class.
  const loads = (row: (typeof rows)[number], text: string) => row.files.some((file) => readFileSync(join(distDir, file.file), 'utf8').includes(text));

  // The wizard checks the customer's phone number with libphonenumber (D8, one schema with the
  // server), fetched with the details step once a photo is chosen, not with the page (issue 36).
  it('no screen loads the settings parser nor the phone metadata: the company details arrive as data', () => {
    for (const row of rows) {
      expect(loads(row, 'country_calling_codes'), `${row.screen.path} loads libphonenumber's metadata`).toBe(false);
      expect(loads(row, 'must be a UK company number'), `${row.screen.path} loads the company settings parser`).toBe(false);
    }
  });

  // Issue 36: a schema loads with the form that checks it (the wizard's details, a dialog), not with a screen.
  it('no screen loads zod when it opens', () => {
    for (const row of rows) expect(loads(row, '$ZodError'), row.screen.path).toBe(false);
  });

  // Issue 36: the customer screens boot the customer app's own router (src/web/app/customer-app.tsx);
  // a module they import that takes Link or a hook from react-router brings its 30 KiB back.
  it('no screen with a budget loads react-router', () => {
    for (const row of rows) expect(loads(row, 'may be used only in the context of a <Router> component'), row.screen.path).toBe(false);
  });

  it('the public pages load no zod at all', () => {
    for (const row of rows.filter((r) => r.screen.kind === 'public')) expect(loads(row, '$ZodError'), row.screen.path).toBe(false);
  });
});
