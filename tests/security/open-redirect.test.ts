// Issue 7, finding 1: the e-mailed access link and sign-in's `next` must only ever redirect
// to a path on this site, judged after URL normalisation, for a generated corpus of tricky paths.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord } from '../../src/server/db/factories';
import { createGrant } from '../../src/server/modules/access';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createGrant(t.database.db, (await createAssessmentRecord(t.database.db)).id)).token;
});
afterAll(() => t.close());

const pieces = ['/', '//', '.', '..', '%2e', '%2E', '%2e%2e', '%2f', '%2F', '%5c', '%5C', '\\', '\t', '\n', '\r', ' ', '%09', '%0a', '%00', 'evil.example', '@evil.example', 'quote', '?', '#'];
const trickyPath = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join('')}`);

/** What a browser does with a Location header: resolve it against the page's own URL. */
function browserTarget(location: string): URL {
  return new URL(location, 'https://www.autorevive.co.uk/access/x');
}

describe('open redirect through the access link', () => {
  it('known bypasses end on this site', async () => {
    for (const next of ['/.//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/%2E%2E//evil.example/x']) {
      const response = await t.app.inject({ url: `/access/${token}`, query: { next } });
      expect(response.statusCode, next).toBe(303);
      const location = String(response.headers.location);
      expect(location.startsWith('//'), `${next} → ${location}`).toBe(false);
      expect(browserTarget(location).host, `${next} → ${location}`).toBe('www.autorevive.co.uk');
    }
  });

  it('a generated corpus of dot segments, encoded dots and slashes, backslashes, control characters and doubled slashes never leaves the site', async () => {
    await fc.assert(
      fc.asyncProperty(trickyPath, async (next) => {
        const response = await t.app.inject({ url: `/access/${token}`, query: { next } });
        expect(response.statusCode).toBe(303);
        const location = String(response.headers.location);
        expect(location).toMatch(/^\/(?!\/)/);
        expect([...location].some((c) => c === '\\' || c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)).toBe(false);
        expect(browserTarget(location).host).toBe('www.autorevive.co.uk');
      }),
      { numRuns: 400 },
    );
  });
});
