// Issue 13 item 2 (D19): introduction e-mails to repairers through the outbox at a steady rate,
// each with an unsubscribe link and RFC 8058 one-click headers, the company's identity and postal
// address and a link to join; unsubscribing by the page or by a mail program's POST; nobody who
// unsubscribed is written to again (intro, bulk, all, invitation, or one already queued); an
// admin's invitation carries the same unsubscribe, and is withheld in the same way; bounces;
// the outreach figures; the admin's bulk actions; and the Repairer Network's new filters.
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails, repairers, unsubscribes } from '../../src/server/db/schema';
import { NOT_SENT_UNSUBSCRIBED } from '../../src/server/modules/email';
import { loadAppSecret } from '../../src/server/config/app-secret';
import { unsubscribeToken } from '../../src/server/modules/repairers';
import { outreachMessages } from '../../src/shared/api/outreach';
import { companyRegistration, registeredOfficeLine } from '../../src/shared/company';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { post } from '../helpers/checkout';
import { drainJobs } from '../helpers/jobs';
import { headerOf, startSmtpServer, switchableMailer } from '../helpers/smtp';

const mailer = switchableMailer();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let secret: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer.use(smtp.url);
  // 600 a minute: introductions 100 ms apart, so the tests can wait for them.
  t = await createTestApp({ engine: 'auto', mailer, env: { INTRO_EMAILS_PER_MINUTE: '600' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
  secret = await loadAppSecret(t.config);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const writable = (overrides: Parameters<typeof createRepairer>[1] = {}) => createRepairer(db(), { isVerified: false, ...overrides });
const introsTo = (address: string) => db().select().from(outboxEmails).where(and(eq(outboxEmails.kind, 'repairer-intro'), eq(outboxEmails.toAddress, address)));
const receivedBy = (address: string) => smtp.received.filter((mail) => mail.to.includes(address.toLowerCase()));

/** Runs the outbox until nothing is waiting (introductions are spread 100 ms apart). */
async function deliverAll() {
  for (let i = 0; i < 200; i++) {
    await drainJobs(t.app);
    const [waiting] = await db().select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.status, 'pending'));
    if (Number(waiting!.n) === 0) return;
    await sleep(50);
  }
  throw new Error('the outbox did not empty');
}

describe('one introduction', () => {
  it('queues an e-mail with the unsubscribe headers, the company’s address and a join link; a second send is refused', async () => {
    const business = await writable({ email: 'intro-one@example.com', contactName: 'Sam Patel', city: 'Leeds' });
    const sent = await post(t, `/api/repairers/${business.id}/send-intro`, {}, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ email: 'intro-one@example.com', sendAfter: expect.any(String) });
    await deliverAll();

    const [mail] = receivedBy('intro-one@example.com');
    expect(mail, 'the SMTP server received it').toBeDefined();
    const token = unsubscribeToken(secret, business.id);
    expect(headerOf(mail!.raw, 'List-Unsubscribe')).toBe(`<${t.config.publicUrl}/api/unsubscribe/${token}>, <mailto:${t.config.company.supportEmail}?subject=unsubscribe%20${token}>`);
    expect(headerOf(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [stored] = await introsTo('intro-one@example.com');
    expect(stored!.status).toBe('sent');
    for (const line of [`${t.config.company.name}, ${registeredOfficeLine(t.config.company)}`, companyRegistration(t.config.company), `${t.config.publicUrl}/unsubscribe/${token}`, 'Hello Sam Patel']) expect(stored!.textBody).toContain(line);
    expect(stored!.textBody).toMatch(new RegExp(`${t.config.publicUrl}/join/[\\w-]{20,}`));

    const [row] = await db().select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.introSentAt).not.toBeNull();
    const again = await post(t, `/api/repairers/${business.id}/send-intro`, {}, admin);
    expect([again.statusCode, again.json().message]).toEqual([409, expect.stringMatching(/^This repairer was already sent an introduction on /)]);
    expect(await introsTo('intro-one@example.com')).toHaveLength(1);
  });

  it('says why it sends nothing: no address, an implausible one, an account, an unknown repairer', async () => {
    const cases: [number, number, string][] = [
      [(await writable({ email: null })).id, 400, outreachMessages.noEmail],
      [(await writable({ email: 'not an address' })).id, 400, outreachMessages.badEmail],
      [(await createUser(db(), { role: 'repairer' })).repairerId!, 409, outreachMessages.hasAccount],
      [999_999, 404, outreachMessages.notFound],
    ];
    for (const [id, status, message] of cases) {
      const refused = await post(t, `/api/repairers/${id}/send-intro`, {}, admin);
      expect([refused.statusCode, refused.json().message]).toEqual([status, message]);
    }
    expect((await post(t, '/api/repairers/abc/send-intro', {}, admin)).statusCode).toBe(400);
  });

  it('sends once when two admins press at the same moment', async () => {
    const business = await writable({ email: 'intro-race@example.com' });
    const answers = await Promise.all([1, 2, 3].map(() => post(t, `/api/repairers/${business.id}/send-intro`, {}, admin)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await introsTo('intro-race@example.com')).toHaveLength(1);
    await deliverAll();
  });
});

describe('unsubscribing', () => {
  it('by the page: the link shows whose it is, the button unsubscribes, and no route writes to them again', async () => {
    const business = await writable({ email: 'page-unsub@example.com', businessName: 'Page Unsub Repairs' });
    await post(t, `/api/repairers/${business.id}/send-intro`, {}, admin);
    await deliverAll();
    const token = unsubscribeToken(secret, business.id);
    expect((await t.app.inject({ url: `/api/unsubscribe/${token}` })).json()).toEqual({ businessName: 'Page Unsub Repairs', email: 'page-unsub@example.com', unsubscribed: false, hasAccount: false });
    const done = await post(t, `/api/unsubscribe/${token}`, {});
    expect(done.json()).toEqual({ businessName: 'Page Unsub Repairs', email: 'page-unsub@example.com', unsubscribed: true, hasAccount: false });
    expect((await t.app.inject({ url: `/api/unsubscribe/${token}` })).json().unsubscribed).toBe(true);
    expect((await post(t, `/api/unsubscribe/${token}`, {})).statusCode, 'twice is fine').toBe(200);

    // Every route refuses or skips them.
    const single = await post(t, `/api/repairers/${business.id}/send-intro`, {}, admin);
    expect([single.statusCode, single.json().message]).toEqual([409, outreachMessages.unsubscribed]);
    const invite = await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    expect([invite.statusCode, invite.json().message]).toEqual([409, outreachMessages.unsubscribed]);
    expect((await post(t, '/api/admin/repairers/bulk', { action: 'send-intro', ids: [business.id] }, admin)).json()).toEqual({ action: 'send-intro', successCount: 0, failureCount: 1 });
    expect((await post(t, '/api/repairers/send-intro-all', {}, admin)).statusCode).toBe(200);
    await deliverAll();
    expect(await introsTo('page-unsub@example.com')).toHaveLength(1);
    expect(receivedBy('page-unsub@example.com')).toHaveLength(1);
  });

  it('by a mail program’s one-click POST (no session, a form body), which also covers another record with the same address', async () => {
    const business = await writable({ email: 'One-Click@Example.com' });
    const twin = await writable({ email: 'one-click@example.com', businessName: 'Same Address Ltd' });
    const token = unsubscribeToken(secret, business.id);
    const oneClick = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const [row] = await db().select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.unsubscribedAt).not.toBeNull();
    expect(await db().select().from(unsubscribes).where(eq(unsubscribes.email, 'one-click@example.com'))).toHaveLength(1);
    const toTwin = await post(t, `/api/repairers/${twin.id}/send-intro`, {}, admin);
    expect([toTwin.statusCode, toTwin.json().message]).toEqual([409, outreachMessages.unsubscribed]);
  });

  it('by a mail program’s one-click POST sent as multipart/form-data, as RFC 8058 says it should be', async () => {
    const business = await writable({ email: 'one-click-multipart@example.com' });
    const token = unsubscribeToken(secret, business.id);
    const boundary = '----OneClick7MA4YWxkTrZu0gW';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const oneClick = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const [row] = await db().select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.unsubscribedAt).not.toBeNull();
    expect(await db().select().from(unsubscribes).where(eq(unsubscribes.email, 'one-click-multipart@example.com'))).toHaveLength(1);
  });

  it('sends a browser that opens List-Unsubscribe’s address (a mail program without one-click) to the page, unsubscribing nobody', async () => {
    const business = await writable({ email: 'opened-in-browser@example.com', businessName: 'Opened In Browser Ltd' });
    const token = unsubscribeToken(secret, business.id);
    const navigation = await t.app.inject({ url: `/api/unsubscribe/${token}`, headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    expect([navigation.statusCode, navigation.headers.location]).toEqual([303, `/unsubscribe/${token}`]);
    // The page's own fetch (Accept: */*) still gets the JSON it reads.
    const read = await t.app.inject({ url: `/api/unsubscribe/${token}`, headers: { accept: '*/*' } });
    expect([read.statusCode, read.json()]).toEqual([200, { businessName: 'Opened In Browser Ltd', email: 'opened-in-browser@example.com', unsubscribed: false, hasAccount: false }]);
    const [row] = await db().select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.unsubscribedAt).toBeNull();
  });

  it('withholds an introduction already waiting in the outbox when its address unsubscribes first', async () => {
    const first = await writable({ email: 'queued-unsub@example.com' });
    const second = await writable({ email: 'queued-unsub@example.com' });
    // Queued for later behind others: the address unsubscribes (through the first record) before it leaves.
    await post(t, `/api/repairers/${second.id}/send-intro`, {}, admin);
    await post(t, `/api/unsubscribe/${unsubscribeToken(secret, first.id)}`, {});
    await deliverAll();
    const [withheld] = await introsTo('queued-unsub@example.com');
    expect(withheld).toMatchObject({ status: 'failed', lastError: NOT_SENT_UNSUBSCRIBED });
    expect(receivedBy('queued-unsub@example.com')).toEqual([]);
  });

  it('refuses a link that was not signed by us, and one for nobody', async () => {
    const business = await writable();
    const [id, signature] = unsubscribeToken(secret, business.id).split('.');
    const forged = `${Number(id) + 1}.${signature}`;
    for (const token of [forged, unsubscribeToken('another secret of thirty-two characters', business.id), unsubscribeToken(secret, 999_999)]) {
      const read = await t.app.inject({ url: `/api/unsubscribe/${token}` });
      expect([read.statusCode, read.json().message]).toEqual([404, outreachMessages.badLink]);
      expect((await post(t, `/api/unsubscribe/${token}`, {})).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/unsubscribe/short' })).statusCode, 'too short to be a token').toBe(400);
    const [row] = await db().select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.unsubscribedAt).toBeNull();
  });
});

describe('an invitation', () => {
  const invitationsTo = (address: string) => db().select().from(outboxEmails).where(and(eq(outboxEmails.kind, 'repairer-invitation'), eq(outboxEmails.toAddress, address)));

  it('carries the introduction’s one-click unsubscribe (both headers and a visible link); once used, the next invitation is refused with the reason', async () => {
    // A business from the directory: nobody there asked to hear from us.
    const business = await writable({ email: 'invite-unsub@example.com', contactName: 'Jo Brennan', emailSource: 'places' });
    const invited = await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    expect(invited.statusCode, invited.body).toBe(200);
    await deliverAll();

    const [mail] = receivedBy('invite-unsub@example.com');
    expect(mail, 'the SMTP server received it').toBeDefined();
    const token = unsubscribeToken(secret, business.id);
    const listUnsubscribe = headerOf(mail!.raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toBe(`<${t.config.publicUrl}/api/unsubscribe/${token}>, <mailto:${t.config.company.supportEmail}?subject=unsubscribe%20${token}>`);
    expect(headerOf(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [stored] = await invitationsTo('invite-unsub@example.com');
    expect(stored!.status).toBe('sent');
    expect(stored!.textBody).toContain(`Not interested? Unsubscribe and we will never write to you again: ${t.config.publicUrl}/unsubscribe/${token}`);
    expect(stored!.textBody).toMatch(new RegExp(`${t.config.publicUrl}/join/[\\w-]{20,}`));

    // The mail program's one-click POST to the header's address, multipart as RFC 8058 asks, no session.
    const target = new URL(/^<([^>]+)>/.exec(listUnsubscribe!)![1]!);
    const boundary = '----InviteOneClick9QmZ';
    const oneClick = await t.app.inject({
      method: 'POST',
      url: target.pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().unsubscribed).toBe(true);

    const again = await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    expect([again.statusCode, again.json().message]).toEqual([409, outreachMessages.unsubscribed]);
    await deliverAll();
    expect(await invitationsTo('invite-unsub@example.com')).toHaveLength(1);
    expect(receivedBy('invite-unsub@example.com')).toHaveLength(1);
  });

  it('withholds an invitation already waiting in the outbox when its address unsubscribes first', async () => {
    const first = await writable({ email: 'invite-queued@example.com' });
    const second = await writable({ email: 'invite-queued@example.com', businessName: 'Second Record Ltd' });
    expect((await post(t, `/api/admin/repairers/${second.id}/invite`, {}, admin)).statusCode).toBe(200);
    await post(t, `/api/unsubscribe/${unsubscribeToken(secret, first.id)}`, {});
    await deliverAll();
    const [withheld] = await invitationsTo('invite-queued@example.com');
    expect(withheld).toMatchObject({ status: 'failed', lastError: NOT_SENT_UNSUBSCRIBED });
    expect(receivedBy('invite-queued@example.com')).toEqual([]);
  });
});

describe('introducing everyone, bulk actions and the figures', () => {
  it('send-intro-all writes once to each writable repairer at the steady rate, counts an implausible address as a failure, and skips the rest', async () => {
    const first = (await post(t, '/api/repairers/send-intro-all', {}, admin)).json();
    await deliverAll();
    const introduced = await writable({ email: 'all-introduced@example.com', introSentAt: new Date() });
    const unsubscribed = await writable({ email: 'all-unsub@example.com', unsubscribedAt: new Date() });
    const fresh = [await writable({ email: 'all-a@example.com' }), await writable({ email: 'all-b@example.com' }), await writable({ email: 'all-c@example.com' })];
    await writable({ email: 'nope@' });
    await writable({ email: null });
    await createUser(db(), { role: 'repairer' });

    const before = Date.now();
    const all = await post(t, '/api/repairers/send-intro-all', {}, admin);
    expect(all.json()).toEqual({ successCount: 3, failureCount: first.failureCount + 1, skippedCount: first.skippedCount + first.successCount + 2 });
    const queued = (await Promise.all(fresh.map((r) => introsTo(r.email!)))).map((rows) => rows[0]!);
    const times = queued.map((e) => e.sendAfter!.getTime());
    expect(times[0]).toBeGreaterThanOrEqual(before - 5);
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([100, 100]);
    // A single send right after waits its turn behind them.
    const next = await writable({ email: 'all-next@example.com' });
    const single = (await post(t, `/api/repairers/${next.id}/send-intro`, {}, admin)).json();
    expect(new Date(single.sendAfter).getTime()).toBeGreaterThanOrEqual(times[2]! + 100);

    await deliverAll();
    for (const r of [...fresh, next]) expect(receivedBy(r.email!)).toHaveLength(1);
    expect(await introsTo(introduced.email!)).toEqual([]);
    expect(await introsTo(unsubscribed.email!)).toEqual([]);
    const again = (await post(t, '/api/repairers/send-intro-all', {}, admin)).json();
    expect(again.successCount).toBe(0);
  });

  it('verifies, unverifies and introduces the selected repairers; a bad body gets its sentence', async () => {
    const chosen = [await writable({ email: 'bulk-a@example.com' }), await writable({ email: null })];
    const ids = [...chosen.map((r) => r.id), 999_998];
    expect((await post(t, '/api/admin/repairers/bulk', { action: 'verify', ids }, admin)).json()).toEqual({ action: 'verify', successCount: 2, failureCount: 1 });
    expect((await db().select().from(repairers).where(eq(repairers.id, chosen[1]!.id)))[0]!.isVerified).toBe(true);
    expect((await post(t, '/api/admin/repairers/bulk', { action: 'unverify', ids }, admin)).json()).toEqual({ action: 'unverify', successCount: 2, failureCount: 1 });
    expect((await db().select().from(repairers).where(eq(repairers.id, chosen[0]!.id)))[0]!.isVerified).toBe(false);
    expect((await post(t, '/api/admin/repairers/bulk', { action: 'send-intro', ids }, admin)).json()).toEqual({ action: 'send-intro', successCount: 1, failureCount: 2 });
    await deliverAll();
    expect(receivedBy('bulk-a@example.com')).toHaveLength(1);

    for (const [body, field] of [
      [{ action: 'verify', ids: [] }, 'ids'],
      [{ action: 'verify', ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids'],
      [{ action: 'verify', ids: ['x'] }, 'ids.0'],
      [{ action: 'delete', ids: [1] }, 'action'],
    ] as const) {
      const refused = await post(t, '/api/admin/repairers/bulk', body, admin);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {})).toContain(field);
    }
  });

  it('marks an e-mail the mail server refuses for good as bounced and failed, without retrying; the figures add up', async () => {
    const stats = async () => (await t.app.inject({ url: '/api/admin/email-stats', headers: { cookie: admin } })).json();
    const before = await stats();
    // This app sends through a mail server (the stand-in), and its figures say so.
    expect(before.mailServer).toBe(true);
    smtp.refuse('bounce@example.com');
    const bouncing = await writable({ email: 'bounce@example.com' });
    await writable({ email: 'stats-ok@example.com' }).then((r) => post(t, `/api/repairers/${r.id}/send-intro`, {}, admin));
    await post(t, `/api/repairers/${bouncing.id}/send-intro`, {}, admin);
    const midway = await stats();
    expect(midway.queued).toBe(before.queued + 2);
    await deliverAll();
    const [bounced] = await introsTo('bounce@example.com');
    expect(bounced).toMatchObject({ status: 'failed', attempts: 1, bouncedAt: expect.any(Date) });
    await post(t, `/api/unsubscribe/${unsubscribeToken(secret, bouncing.id)}`, {});

    const after = await stats();
    expect(after).toEqual({ ...before, sent: before.sent + 1, failed: before.failed + 1, bounced: before.bounced + 1, unsubscribed: before.unsubscribed + 1 });
    const [all] = await db().select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.kind, 'repairer-intro'));
    expect(after.sent + after.queued + after.kept + after.failed).toBe(Number(all!.n));
    expect(after.bounced).toBeLessThanOrEqual(after.failed);
    const [people] = await db().select({ n: count() }).from(repairers).where(isNotNull(repairers.unsubscribedAt));
    expect(after.unsubscribed).toBe(Number(people!.n));
  });
});

describe('the Repairer Network’s filters (issue 13 item 1)', () => {
  it('filters by e-mail source, imported or not and introduced or not; a bad value gets 400', async () => {
    await createRepairer(db(), { businessName: 'Filterable AI Bodywork', emailSource: 'ai_collected', googlePlaceId: 'places/filterable-1' });
    await createRepairer(db(), { businessName: 'Filterable Manual Dents', emailSource: 'manual', introSentAt: new Date('2026-11-20T10:00:00Z') });
    const names = async (query: string) => ((await t.app.inject({ url: `/api/repairers?search=filterable&${query}`, headers: { cookie: admin } })).json() as { businessName: string }[]).map((r) => r.businessName);
    expect(await names('emailSource=ai_collected')).toEqual(['Filterable AI Bodywork']);
    expect(await names('emailSource=website')).toEqual([]);
    expect(await names('imported=true')).toEqual(['Filterable AI Bodywork']);
    expect(await names('imported=false')).toEqual(['Filterable Manual Dents']);
    expect(await names('introduced=true')).toEqual(['Filterable Manual Dents']);
    expect(await names('introduced=false&imported=true')).toEqual(['Filterable AI Bodywork']);
    const listed = (await t.app.inject({ url: '/api/repairers?search=filterable%20manual', headers: { cookie: admin } })).json()[0];
    expect(listed).toMatchObject({ imported: false, introSentAt: '2026-11-20T10:00:00.000Z', unsubscribed: false });
    for (const bad of ['emailSource=gmail', 'imported=yes', 'introduced=1']) {
      expect((await t.app.inject({ url: `/api/repairers?${bad}`, headers: { cookie: admin } })).statusCode, bad).toBe(400);
    }
  });
});
