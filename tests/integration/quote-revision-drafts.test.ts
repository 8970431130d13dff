// Issue 37 item 7: the team saves a revision of an approved quote as a draft, which nobody is
// told of and the customer never sees, then sends it ("Send revised quote"): the revise-quote
// step e-mails the customer and answers their open modification request.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuoteMessages } from '../../src/shared/api/admin';
import { modificationReplyBy } from '../../src/shared/modification-reply';
import { createQuote, createUser } from '../../src/server/db/factories';
import { outboxEmails, quoteRevisionDrafts, quotes } from '../../src/server/db/schema';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';

let t: TestApp;
let adminCookie: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ configure: (config) => (config.assessmentsPerHourPerAddress = 1000) });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, admin.email, admin.password);
  jpeg = await jpegPhoto(800, 600);
});
afterAll(async () => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });

/** A customer's approved quote with an open modification request: its ids, reference and the customer's cookie. */
async function approvedWithRequest() {
  const { body, headers } = multipartBody({ ...validDetails }, [{ filename: 'damage.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const submitted = await t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers });
  expect(submitted.statusCode).toBe(201);
  const { id, reference } = submitted.json() as { id: number; reference: string };
  const cookie = cookieHeader(submitted);
  const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.assessmentId, id));
  expect((await asAdmin('POST', `/api/admin/quotes/${quote!.id}/approve`, {})).statusCode).toBe(200);
  const message = 'Could you quote for the wing only, please? The door is fine.';
  const asked = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote!.id}/modification-requests`, headers: { cookie }, payload: { message } });
  expect(asked.statusCode).toBe(201);
  return { quoteId: quote!.id, reference, cookie, message };
}

const revisedEmails = (reference: string) =>
  t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.kind, 'quote-revised'), like(outboxEmails.subject, `%${reference}%`)));

const wingOnly = { laborCost: 66, partsCost: 0, estimatedDays: 1 };

describe('a revision saved as a draft', () => {
  it('changes nothing the customer sees and e-mails nobody; sending it e-mails them and closes their request', async () => {
    const { quoteId, reference, cookie, message } = await approvedWithRequest();
    const before = (await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).json();
    expect(before.totalCost).toBe('241.92');

    const saved = await asAdmin('POST', `/api/admin/quotes/${quoteId}/revision-draft`, wingOnly);
    expect(saved.statusCode).toBe(200);
    const card = saved.json();
    // The card keeps the quote as sent and carries the draft beside it: £66 + 20% fee + VAT.
    expect(card.quote.totalCost).toBe('241.92');
    expect(card.revisionDraft).toMatchObject({ quote: { totalCost: '95.04', laborCost: '66.00', status: 'approved' } });
    expect(card.modificationRequests).toEqual([expect.objectContaining({ message, answeredAt: null })]);

    // The customer: the old figures, the request still open, and no trace of the draft.
    const after = await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } });
    expect(after.json()).toMatchObject({ totalCost: '241.92', laborCost: before.laborCost, status: 'approved' });
    expect(after.body).not.toContain('95.04');
    const byEnquiry = await t.app.inject({ url: `/api/quotes/assessment/${before.assessmentId}`, headers: { cookie } });
    expect(byEnquiry.body).not.toContain('95.04');
    const open = await t.app.inject({ url: `/api/quotes/${quoteId}/modification-requests`, headers: { cookie } });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.json().open).toEqual([expect.objectContaining({ message, answeredAt: null })]);
    expect(open.body).not.toContain('95.04');
    expect(modificationReplyBy(open.json().open[0].createdAt)).toBe(new Date(Date.parse(open.json().open[0].createdAt) + 24 * 3_600_000).toISOString());
    expect(await revisedEmails(reference)).toEqual([]);

    // Saving again replaces the draft; still nobody told.
    const again = await asAdmin('POST', `/api/admin/quotes/${quoteId}/revision-draft`, { ...wingOnly, laborCost: 70 });
    expect(again.json().revisionDraft.quote.laborCost).toBe('70.00');
    expect(await t.database.db.select().from(quoteRevisionDrafts).where(eq(quoteRevisionDrafts.quoteId, quoteId))).toHaveLength(1);
    expect(await revisedEmails(reference)).toEqual([]);

    const sent = await asAdmin('POST', `/api/admin/quotes/${quoteId}/send-revision`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ quote: { laborCost: '70.00', status: 'approved' }, revisionDraft: null, modificationRequests: [] });
    const emails = await revisedEmails(reference);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain('Total: £100.80 including VAT.');
    expect(emails[0]!.textBody).toContain(`next=%2Fquote%2F${before.assessmentId}`);
    const seen = (await t.app.inject({ url: `/api/quotes/${quoteId}`, headers: { cookie } })).json();
    expect(seen.laborCost).toBe('70.00');
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}/modification-requests`, headers: { cookie } })).json().open).toEqual([]);
    // Answered: the quote leaves the desk's needs-attention list.
    const desk = (await asAdmin('GET', '/api/admin/quotes?pageSize=50')).json();
    expect(desk.items.map((item: { quote: { id: number } }) => item.quote.id)).not.toContain(quoteId);
  });

  it('is refused in the wrong state: 409, and nothing changes', async () => {
    // Sending without a saved draft.
    const { quoteId, reference } = await approvedWithRequest();
    const nothing = await asAdmin('POST', `/api/admin/quotes/${quoteId}/send-revision`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(adminQuoteMessages.noDraft);
    expect(await revisedEmails(reference)).toEqual([]);

    // A pending quote is saved as it is (update-full-quote); a booked one cannot change.
    for (const status of ['pending', 'booked'] as const) {
      const quote = await createQuote(t.database.db, { status });
      const draft = await asAdmin('POST', `/api/admin/quotes/${quote.id}/revision-draft`, wingOnly);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().message).toBe(adminQuoteMessages.draftNotApproved);
      expect((await asAdmin('POST', `/api/admin/quotes/${quote.id}/send-revision`)).statusCode).toBe(409);
      expect(await t.database.db.select().from(quoteRevisionDrafts).where(eq(quoteRevisionDrafts.quoteId, quote.id))).toEqual([]);
    }

    // A quote booked after its draft was saved: the draft is not sent.
    await asAdmin('POST', `/api/admin/quotes/${quoteId}/revision-draft`, wingOnly);
    await t.database.db.update(quotes).set({ status: 'booked' }).where(eq(quotes.id, quoteId));
    expect((await asAdmin('POST', `/api/admin/quotes/${quoteId}/send-revision`)).statusCode).toBe(409);
    expect(await revisedEmails(reference)).toEqual([]);
  });

  it('is the team’s only: customers cannot save or send one, and nobody else reads the requests', async () => {
    const { quoteId, cookie } = await approvedWithRequest();
    const other = await approvedWithRequest();
    for (const headers of [{ cookie }, {}]) {
      const save = await t.app.inject({ method: 'POST', url: `/api/admin/quotes/${quoteId}/revision-draft`, headers, payload: wingOnly });
      expect([401, 403]).toContain(save.statusCode);
      const send = await t.app.inject({ method: 'POST', url: `/api/admin/quotes/${quoteId}/send-revision`, headers });
      expect([401, 403]).toContain(send.statusCode);
    }
    expect(await t.database.db.select().from(quoteRevisionDrafts).where(eq(quoteRevisionDrafts.quoteId, quoteId))).toEqual([]);
    // Another customer's cookie, or none: the requests do not exist.
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}/modification-requests`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/quotes/${quoteId}/modification-requests` })).statusCode).toBe(404);
    // Admins read them.
    expect((await asAdmin('GET', `/api/quotes/${quoteId}/modification-requests`)).json().open).toHaveLength(1);
  });
});
