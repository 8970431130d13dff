// Issue 38 item 1 (docs/decisions/0036): My repairs. A sign-in link by e-mail (single use, 30
// minutes, the same answer for any address, rate-limited), the list of every enquiry made with
// that e-mail, signing out here and everywhere else, and erasure taking the links with it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssessmentRecord, createQuote } from '../../src/server/db/factories';
import { customerSessions, customerSignInLinks, outboxEmails } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  // The server's PostgreSQL when TEST_DATABASE_URL is set (the list is one raw statement: its types as node-postgres reads them).
  t = await createTestApp({ engine: 'auto' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
/** Each test from its own connection, so the per-address limit counts only its own requests. */
const ip = () => `198.51.100.${++address}`;
const uniqueEmail = () => `mr-${randomUUID()}@example.co.uk`;

async function askForLink(email: string, from = ip()) {
  return t.app.inject({ method: 'POST', url: '/api/my-repairs/sign-in-link', payload: { email }, remoteAddress: from });
}

async function signInEmails(email: string) {
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'my-repairs-sign-in')));
}

/** The token in the newest sign-in e-mail to this address, once the work after the answer has written it. */
async function linkTokenFor(email: string, count = 1): Promise<string> {
  const emails = await vi.waitFor(
    async () => {
      const found = await signInEmails(email);
      if (found.length < count) throw new Error(`no sign-in e-mail yet for ${email}`);
      return found;
    },
    { timeout: 5000, interval: 20 },
  );
  const newest = emails.sort((a, b) => b.id - a.id)[0]!;
  const match = /\/my-repairs#sign-in=([A-Za-z0-9_-]{43})/.exec(newest.textBody);
  expect(match, newest.textBody).toBeTruthy();
  return match![1]!;
}

function cookiesOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

async function signIn(token: string, cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/my-repairs/sign-in', payload: { token }, ...(cookie ? { headers: { cookie } } : {}) });
}

async function customerWithTwoEnquiries() {
  const email = uniqueEmail();
  const db = t.database.db;
  const first = await createAssessmentRecord(db, { email, vehicleMake: 'Ford', vehicleModel: 'Focus' });
  await createQuote(db, { assessmentId: first.id, status: 'approved' });
  // The second under the same address in other capitals (addresses are compared as lower case).
  const second = await createAssessmentRecord(db, { email: email.toUpperCase(), vehicleMake: 'Honda', vehicleModel: 'Jazz' });
  return { email, first, second };
}

describe('asking for a sign-in link', () => {
  it('answers 202 with the same words for a known and an unknown address, and e-mails only the known one', async () => {
    const { email } = await customerWithTwoEnquiries();
    const unknown = uniqueEmail();
    const known = await askForLink(email);
    const stranger = await askForLink(unknown);
    expect(known.statusCode).toBe(202);
    expect(stranger.statusCode).toBe(202);
    expect(stranger.body).toBe(known.body);
    expect(Object.keys(stranger.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(known.json().message).toContain('If we have repairs for that address, we have e-mailed a link');
    await linkTokenFor(email);
    // The unknown address's request was made first; by the time the known one's e-mail exists, it has run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await signInEmails(unknown)).toHaveLength(0);
    expect(await t.database.db.select().from(customerSignInLinks).where(eq(customerSignInLinks.email, unknown))).toHaveLength(0);
    const [sent] = await signInEmails(email);
    expect(sent!.textBody).toContain('You have 2 enquiries with us');
    expect(sent!.textBody).toContain(`${t.config.publicUrl}/my-repairs`);
  });

  it('refuses a malformed address with 400 and a sentence', async () => {
    const response = await askForLink('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String), fieldErrors: { email: 'Please enter a valid email address' } });
  });

  it('limits links per e-mail (5 an hour) and per connection, whether or not the address is known', async () => {
    const unknown = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await askForLink(unknown)).statusCode).toBe(202);
    const sixth = await askForLink(unknown);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain('several links to that address');

    const from = ip();
    for (let i = 0; i < 20; i++) expect((await askForLink(uniqueEmail(), from)).statusCode).toBe(202);
    const tooMany = await askForLink(uniqueEmail(), from);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toContain('from this connection');
  });
});

describe('following the link', () => {
  it("shows both of the customer's enquiries, and none of another's, and opens both in this browser", async () => {
    const { email, first, second } = await customerWithTwoEnquiries();
    const someoneElse = await createAssessmentRecord(t.database.db, { email: uniqueEmail() });
    await askForLink(email);
    const response = await signIn(await linkTokenFor(email));
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as { email: string; repairs: { assessmentId: number; vehicle: string; quote: { status: string; totalCost: string | null } | null }[] };
    expect(list.email).toBe(email);
    expect(list.repairs.map((r) => r.assessmentId).sort()).toEqual([first.id, second.id].sort());
    expect(list.repairs.find((r) => r.assessmentId === first.id)!.quote).toMatchObject({ status: 'ready', totalCost: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(list.repairs.find((r) => r.assessmentId === second.id)!.quote).toBeNull();
    expect(response.headers['cache-control']).toContain('no-store');

    const cookie = cookiesOf(response);
    for (const id of [first.id, second.id]) expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/assessments/${someoneElse.id}`, headers: { cookie } })).statusCode).toBe(404);
    const again = await t.app.inject({ url: '/api/my-repairs', headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.json().repairs).toHaveLength(2);
  });

  it('works once: the second use answers 410 with a sentence; a made-up token 400', async () => {
    const { email } = await customerWithTwoEnquiries();
    await askForLink(email);
    const token = await linkTokenFor(email);
    expect((await signIn(token)).statusCode).toBe(200);
    const second = await signIn(token);
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toContain('already been used');
    expect(second.cookies).toHaveLength(0);
    for (const bad of ['x'.repeat(43), 'short']) {
      const answer = await signIn(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('not recognised');
    }
  });

  it('lasts 30 minutes on a fixed clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-10T09:00:00Z') });
    const { email } = await customerWithTwoEnquiries();
    await askForLink(email);
    const early = await linkTokenFor(email);
    vi.setSystemTime(new Date('2026-11-10T09:29:00Z'));
    expect((await signIn(early)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-11-10T10:00:00Z'));
    await askForLink(email);
    const late = await linkTokenFor(email, 2);
    vi.setSystemTime(new Date('2026-11-10T10:30:01Z'));
    const expired = await signIn(late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('expired');
  });

  it('shows an enquiry made later with the same e-mail while signed in', async () => {
    const { email } = await customerWithTwoEnquiries();
    await askForLink(email);
    const cookie = cookiesOf(await signIn(await linkTokenFor(email)));
    const later = await createAssessmentRecord(t.database.db, { email });
    const list = await t.app.inject({ url: '/api/my-repairs', headers: { cookie } });
    expect(list.json().repairs.map((r: { assessmentId: number }) => r.assessmentId)).toContain(later.id);
    expect((await t.app.inject({ url: `/api/assessments/${later.id}`, headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/my-repairs' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('not signed in to My repairs');
  });
});

describe('signing out', () => {
  it('ends this browser’s session and the grants it added, keeping the grant the browser had before', async () => {
    const { email, first, second } = await customerWithTwoEnquiries();
    const own = await createGrant(t.database.db, first.id);
    await askForLink(email);
    const cookie = cookiesOf(await signIn(await linkTokenFor(email), `ar_access=${own.token}`));
    const out = await t.app.inject({ method: 'POST', url: '/api/my-repairs/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = cookiesOf(out);
    expect(after).toBe(`ar_access=${own.token}`);
    // Even a copy of the old cookies no longer opens what the session added.
    expect((await t.app.inject({ url: '/api/my-repairs', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/assessments/${second.id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/assessments/${first.id}`, headers: { cookie: after } })).statusCode).toBe(200);
  });

  it('"sign out everywhere else" ends every other browser’s access, old e-mail links included, and keeps this one', async () => {
    const { email, first, second } = await customerWithTwoEnquiries();
    const submitted = await createGrant(t.database.db, first.id); // the cookie set when they submitted, and its e-mailed link
    await askForLink(email);
    const phone = cookiesOf(await signIn(await linkTokenFor(email)));
    await askForLink(email);
    const laptop = cookiesOf(await signIn(await linkTokenFor(email, 2)));
    await askForLink(email); // a link not yet used, in the mailbox
    const pending = await linkTokenFor(email, 3);

    const ended = await t.app.inject({ method: 'POST', url: '/api/my-repairs/sign-out-everywhere-else', headers: { cookie: laptop } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ endedSessions: 1 });

    expect((await t.app.inject({ url: '/api/my-repairs', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/assessments/${first.id}`, headers: { cookie: phone } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/assessments/${first.id}`, headers: { cookie: `ar_access=${submitted.token}` } })).statusCode).toBe(404);
    expect((await t.app.inject(`/access/${submitted.token}?next=/`)).statusCode).toBe(404);
    expect((await signIn(pending)).statusCode).toBe(400);

    expect((await t.app.inject({ url: '/api/my-repairs', headers: { cookie: laptop } })).statusCode).toBe(200);
    for (const id of [first.id, second.id]) expect((await t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie: laptop } })).statusCode).toBe(200);
    // The customer's way back in on another device is a new link.
    await askForLink(email);
    expect((await signIn(await linkTokenFor(email, 4))).statusCode).toBe(200);
  });

  it('"sign out everywhere else" needs a session: 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/my-repairs/sign-out-everywhere-else' })).statusCode).toBe(401);
  });
});

describe('erasure', () => {
  it("takes the e-mail's sessions, sign-in links and the link's e-mail with its last enquiry", async () => {
    const email = uniqueEmail();
    const only = await createAssessmentRecord(t.database.db, { email });
    await askForLink(email);
    const cookie = cookiesOf(await signIn(await linkTokenFor(email)));
    await askForLink(email);
    await linkTokenFor(email, 2);
    const erased = await t.app.inject({ method: 'POST', url: `/api/assessments/${only.id}/erase`, payload: { confirmReference: only.reference }, headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.database.db.select().from(customerSessions).where(eq(customerSessions.email, email))).toHaveLength(0);
    expect(await t.database.db.select().from(customerSignInLinks).where(eq(customerSignInLinks.email, email))).toHaveLength(0);
    const emails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.assessmentId, only.id));
    for (const sent of emails) expect(sent.textBody).not.toMatch(/sign-in=[A-Za-z0-9_-]{43}/);
    expect((await t.app.inject({ url: '/api/my-repairs', headers: { cookie } })).statusCode).toBe(401);
  });
});
