// D10: the customer's access grant, restored on another device by the e-mailed link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLinkPath, addToGrantCookie, createGrant, customerRecordAccess, MAX_GRANTS_PER_BROWSER, parseGrantCookie, safeNextPath } from '../../src/server/modules/access';
import { createAssessmentRecord } from '../../src/server/db/factories';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('access links', () => {
  it('sets the grant cookie and sends the customer on to their page', async () => {
    const grant = await createGrant(t.database.db, (await createAssessmentRecord(t.database.db)).id);
    const response = await t.app.inject(accessLinkPath(grant.token, '/quote/7'));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/quote/7');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const cookie = response.cookies.find((c) => c.name === 'ar_access');
    expect(cookie).toMatchObject({ value: grant.token, httpOnly: true, sameSite: 'Lax' });
  });

  it('keeps grants the browser already holds', async () => {
    const first = await createGrant(t.database.db, (await createAssessmentRecord(t.database.db)).id);
    const second = await createGrant(t.database.db, (await createAssessmentRecord(t.database.db)).id);
    const response = await t.app.inject({ url: accessLinkPath(second.token, '/'), headers: { cookie: `ar_access=${first.token}` } });
    expect(response.cookies.find((c) => c.name === 'ar_access')!.value).toBe(`${second.token}.${first.token}`);
  });

  it('answers an unknown or malformed token with 404 and sets nothing', async () => {
    for (const token of ['x'.repeat(43), 'short', '../../etc/passwd']) {
      const response = await t.app.inject(`/access/${encodeURIComponent(token)}?next=/quote/1`);
      expect(response.statusCode).toBe(404);
      expect(response.cookies).toHaveLength(0);
      expect(response.body).toContain('This link is not recognised');
    }
  });

  it('never redirects off the site', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/quote/3?x=1')).toBe('/quote/3?x=1');
  });
});

describe('grant cookie', () => {
  it(`holds at most ${MAX_GRANTS_PER_BROWSER} tokens, newest first, and ignores junk`, () => {
    let value: string | undefined;
    const tokens = Array.from({ length: MAX_GRANTS_PER_BROWSER + 2 }, (_, i) => String(i).padStart(43, 'a'));
    for (const token of tokens) value = addToGrantCookie(value, token);
    const parsed = parseGrantCookie(value);
    expect(parsed).toHaveLength(MAX_GRANTS_PER_BROWSER);
    expect(parsed[0]).toBe(tokens.at(-1));
    expect(parseGrantCookie('junk.<script>')).toEqual([]);
  });
});

describe('who may read a customer record', () => {
  const record = { assessmentId: 5, assignedRepairerId: 9 };
  const repairer = (repairerId: number) => ({ id: 1, email: 'r@example.com', name: 'R', role: 'repairer' as const, repairerId });
  it('lets the grant holder, an admin and the assigned repairer read it, and nobody else', () => {
    expect(customerRecordAccess({ user: null, assessmentIds: [5] }, record)).toBe('customer');
    expect(customerRecordAccess({ user: { ...repairer(0), role: 'admin', repairerId: null }, assessmentIds: [] }, record)).toBe('admin');
    expect(customerRecordAccess({ user: repairer(9), assessmentIds: [] }, record)).toBe('assigned-repairer');
    expect(customerRecordAccess({ user: repairer(8), assessmentIds: [] }, record)).toBe('none');
    expect(customerRecordAccess({ user: null, assessmentIds: [4, 6] }, record)).toBe('none');
    expect(customerRecordAccess({ user: repairer(9), assessmentIds: [] }, { assessmentId: 5, assignedRepairerId: null })).toBe('none');
  });
});
