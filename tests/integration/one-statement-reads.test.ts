// Issue 9: the customer's assessment and quote reads are one statement each. They must answer
// exactly what the composed reads (viewsOf, toQuoteView over the repos; the lists' are in
// ../helpers/composed-reads.ts) answer, to exactly the readers who could read before, on both
// engines.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createImageRecord, createJobNotification, createQuote, createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, auditLog, customerGrants, outboxEmails, priceListEntries as priceListTable, rateLimits, repairerInvitations, slotCapacity, jobNotifications, payments, payouts, priceListEntries, quoteModificationRequests, quotes, repairerReviews, warranties } from '../../src/server/db/schema';
import { expiredHoldIds, expireOverdueOffers, readableAppointment, readAppointmentView, readAvailability, readJobsOfRepairer, readJobsToDispatch, slotRowsBetween, toAppointmentView } from '../../src/server/modules/booking';
import { enquiryList, readDeskPage } from '../../src/server/modules/admin';
import { readOutbox } from '../../src/server/modules/email';
import { auditPage } from '../../src/server/modules/privacy';
import { emailStats, INTRO_EMAIL_KIND } from '../../src/server/modules/outreach';
import { findQuote, itemsOf, loadPriceList, readAssessment, readAssessmentsPageForAdmin, readPriceList, readQuoteView, replacePriceList, toQuoteView, viewsOf, type DeskFilter } from '../../src/server/modules/quotes';
import { defaultPriceList } from '../../src/shared/price-list';
import { VAT_RATE_PERCENT } from '../../src/shared/pricing';
import { networkPage, readNetworkPage } from '../../src/server/modules/repairers';
import type { NetworkQuery } from '../../src/shared/api/repairer-accounts';
import { enquiryOfQuote, findAssessment, imagesOf, readImage } from '../../src/server/modules/assessments';
import { createGrant, customerRecordAccess, type Viewer } from '../../src/server/modules/access';
import { hashToken } from '../../src/server/kernel/tokens';
import { toSessionUser, type SessionUser } from '../../src/server/modules/auth';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../src/shared/lifecycles/quote';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';
import { auditPageComposed, deskList, emailStatsComposed, enquiryListComposed, networkPageComposed, readOutboxComposed, jobsOfRepairer, jobsToDispatch, listAssessmentsForAdmin, findImageFor } from '../helpers/composed-reads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto' });
});
afterAll(async () => {
  await t.close();
});

interface Reader {
  label: string;
  user: SessionUser | null;
  tokens: string[];
}

/** The composed read: what GET /api/assessments/{id} answered before, or 'not found'. */
async function composedAssessment(id: number, reader: Reader) {
  const db = t.database.db;
  const row = await findAssessment(db, id);
  if (!row) return 'not found';
  const viewer: Viewer = { user: reader.user, assessmentIds: reader.tokens.length > 0 ? await grantedIds(reader.tokens) : [] };
  const [quote] = await db.select().from(quotes).where(eq(quotes.assessmentId, id));
  const access = customerRecordAccess(viewer, { assessmentId: id, assignedRepairerId: quote?.assignedRepairerId ?? null });
  if (access === 'none') return 'not found';
  // viewsOf prices a guide for every audience but admin's, at the VAT rate it is given (the
  // embedded default's company is VAT registered: the standard rate); readAssessment too.
  const [view] = await viewsOf(db, [row], access, VAT_RATE_PERCENT);
  return view!;
}

async function grantedIds(tokens: string[]): Promise<number[]> {
  const rows = await t.database.db.select().from(customerGrants);
  const hashes = new Set(tokens.map(hashToken));
  return rows.filter((row) => hashes.has(row.tokenHash)).map((row) => row.assessmentId);
}

async function composedQuote(quoteId: number, reader: Reader) {
  const db = t.database.db;
  const quote = await findQuote(db, quoteId);
  if (!quote) return 'not found';
  const viewer: Viewer = { user: reader.user, assessmentIds: await grantedIds(reader.tokens) };
  const access = customerRecordAccess(viewer, { assessmentId: quote.assessmentId, assignedRepairerId: quote.assignedRepairerId });
  if (access === 'none' || (access !== 'admin' && !CUSTOMER_VISIBLE_QUOTE_STATUSES.has(quote.status))) return 'not found';
  const assessment = (await findAssessment(db, quote.assessmentId))!;
  return { ...toQuoteView(quote, await itemsOf(db, [quote.id]), assessment.reference), assessment: enquiryOfQuote(assessment, await imagesOf(db, [assessment.id])) };
}

async function oneStatementAssessment(id: number, reader: Reader) {
  try {
    return await readAssessment(t.database, id, { user: reader.user, grantTokenHashes: reader.tokens.map(hashToken) });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return 'not found';
    throw error;
  }
}

describe(`one-statement reads answer as the composed reads (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('for every reader and every state of the record', async () => {
    const db = t.database.db;
    const staff = (user: Awaited<ReturnType<typeof createUser>>): SessionUser => toSessionUser({ ...user, name: 'Staff' });
    const admin = staff(await createUser(db, { role: 'admin' }));
    const repairerUser = await createUser(db, { role: 'repairer' });
    const assignedUser = await createUser(db, { role: 'repairer' });
    const repairer = staff(repairerUser);
    const assigned = staff(assignedUser);

    // States: no quote; pending (guide shows); approved and assigned, with items and photos;
    // booked; approved but expired; approved with no items; a damage type the list cannot price.
    const noQuote = await createAssessmentRecord(db);
    const pending = await createQuote(db, { status: 'pending' });
    const approved = await createQuote(db, {
      status: 'approved',
      approvedAt: new Date(),
      assignmentStatus: 'assigned',
      assignedRepairerId: assignedUser.repairerId,
      items: [
        { description: 'Bumper scuff – respray £', costPence: 12_050 },
        { description: 'Wing "dent" \\ pull', costPence: 7_001 },
      ],
    });
    const booked = await createQuote(db, { status: 'booked', approvedAt: new Date() });
    const expired = await createQuote(db, { status: 'approved', approvedAt: new Date(), validUntilDate: '2020-01-31', items: [] });
    const unpriced = await createQuote(db, { status: 'pending', assessmentId: (await createAssessmentRecord(db, { damageType: 'not-a-type' })).id });
    for (const position of [2, 0, 1]) await createImageRecord(db, { assessmentId: approved.assessmentId, position });

    const assessmentIds = [noQuote.id, ...[pending, approved, booked, expired, unpriced].map((q) => q.assessmentId)];
    const tokens = new Map<number, string>();
    for (const id of assessmentIds) tokens.set(id, (await createGrant(db, id)).token);
    const otherToken = (await createGrant(db, (await createAssessmentRecord(db)).id)).token;

    const readersFor = (id: number): Reader[] => {
      const own = tokens.has(id) ? [tokens.get(id)!] : [];
      return [
        { label: 'anonymous', user: null, tokens: [] },
        { label: 'grant holder', user: null, tokens: own },
        { label: 'grant holder with other grants', user: null, tokens: [otherToken, ...own] },
        { label: 'another customer', user: null, tokens: [otherToken] },
        { label: 'a repairer', user: repairer, tokens: [] },
        { label: 'the assigned repairer', user: assigned, tokens: [] },
        { label: 'an admin', user: admin, tokens: [] },
        { label: 'an admin holding the grant', user: admin, tokens: own },
      ];
    };

    let compared = 0;
    for (const emptyList of [false, true]) {
      // An empty price list: guides come from the seeded list, as loadPriceList does.
      if (emptyList) await db.delete(priceListEntries).where(eq(priceListEntries.locationBand, priceListEntries.locationBand));
      for (const id of [...assessmentIds, 999_999]) {
        for (const reader of readersFor(id)) {
          const expected = await composedAssessment(id, reader);
          expect(await oneStatementAssessment(id, reader), `assessment ${id} for ${reader.label}`).toEqual(expected);
          compared++;
        }
      }
    }
    for (const quote of [pending, approved, booked, expired, unpriced, { id: 999_999, assessmentId: 999_999 }]) {
      for (const reader of readersFor(quote.assessmentId)) {
        const expected = await composedQuote(quote.id, reader);
        for (const by of ['id', 'assessment'] as const) {
          const got = await readQuoteView(t.database, by, by === 'id' ? quote.id : quote.assessmentId, { user: reader.user, grantTokenHashes: reader.tokens.map(hashToken) });
          expect(got ?? 'not found', `quote ${quote.id} by ${by} for ${reader.label}`).toEqual(expected);
          compared++;
        }
      }
    }
    // The guide shows on a pending quote for its customer, the quote view once approved.
    const customerPending = await oneStatementAssessment(pending.assessmentId, { label: '', user: null, tokens: [tokens.get(pending.assessmentId)!] });
    expect(customerPending).toMatchObject({ quote: null, guidePrice: { low: expect.any(String), high: expect.any(String) } });
    const customerApproved = await oneStatementAssessment(approved.assessmentId, { label: '', user: null, tokens: [tokens.get(approved.assessmentId)!] });
    expect(customerApproved).toMatchObject({ quote: { id: approved.id, workDescription: [{ cost: 120.5 }, { cost: 70.01 }] }, guidePrice: null });
    expect(compared).toBeGreaterThan(200);
  });

  it('the admin lists: every page of GET /api/assessments and of each quote desk filter', async () => {
    const db = t.database.db;
    // Enquiries in every state a card can show, some created at the same instant (the id breaks the tie).
    const sameInstant = new Date('2026-03-29T00:30:00.123Z');
    const noQuote = await createAssessmentRecord(db, { createdAt: sameInstant });
    const tied = await createAssessmentRecord(db, { createdAt: sameInstant });
    const pending = await createQuote(db, { status: 'pending', assessmentId: tied.id, createdAt: sameInstant });
    const pendingEmpty = await createQuote(db, { status: 'pending', items: [], createdAt: sameInstant });
    const approved = await createQuote(db, { status: 'approved', approvedAt: new Date(), items: [{ description: 'Scuff "rear" \\ £', costPence: 1 }, { description: 'Wing', costPence: 99_999 }] });
    const approvedAsked = await createQuote(db, { status: 'approved', approvedAt: new Date(), validUntilDate: '2020-01-31' });
    const approvedAnswered = await createQuote(db, { status: 'approved', approvedAt: new Date() });
    const booked = await createQuote(db, { status: 'booked', approvedAt: new Date() });
    for (const position of [1, 0]) await createImageRecord(db, { assessmentId: approved.assessmentId, position });
    await createImageRecord(db, { assessmentId: booked.assessmentId, position: 0, kind: 'after' });
    await createImageRecord(db, { assessmentId: booked.assessmentId, position: 1 });
    await db.insert(quoteModificationRequests).values([
      { quoteId: approvedAsked.id, message: 'Can you do Tuesday?', createdAt: new Date('2026-01-02T10:00:00.456Z') },
      { quoteId: approvedAsked.id, message: 'And the "mirror"?', createdAt: new Date('2026-01-01T10:00:00Z') },
      { quoteId: approvedAnswered.id, message: 'Answered already', answeredAt: new Date() },
      { quoteId: pending.id, message: 'On a pending quote' },
    ]);
    expect(noQuote.id).toBeLessThan(tied.id);
    expect(pendingEmpty.id).toBeGreaterThan(0);

    let compared = 0;
    for (const pageSize of [1, 2, 3, 50, 100]) {
      const { total } = await listAssessmentsForAdmin(db, 1, pageSize);
      for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
        expect(await readAssessmentsPageForAdmin(t.database, page, pageSize), `assessments page ${page} of ${pageSize}`).toEqual(await listAssessmentsForAdmin(db, page, pageSize));
        compared++;
      }
    }
    for (const filter of ['needs-attention', 'pending', 'approved', 'booked'] as DeskFilter[]) {
      for (const pageSize of [1, 2, 20, 50]) {
        const { total } = await deskList(db, filter, 1, pageSize);
        expect(total).toBeGreaterThan(0);
        for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
          expect(await readDeskPage(t.database, filter, page, pageSize), `${filter} page ${page} of ${pageSize}`).toEqual(await deskList(db, filter, page, pageSize));
          compared++;
        }
      }
    }
    // The open requests show on their card, oldest first; answered ones do not.
    const asked = (await readDeskPage(t.database, 'needs-attention', 1, 50)).items.find((card) => card.quote.id === approvedAsked.id);
    expect(asked?.modificationRequests.map((request) => request.message)).toEqual(['And the "mirror"?', 'Can you do Tuesday?']);
    expect((await readDeskPage(t.database, 'approved', 1, 50)).items.find((card) => card.quote.id === approvedAnswered.id)?.modificationRequests).toEqual([]);
    expect(compared).toBeGreaterThan(40);
  });

  it('GET /api/images/{id}: the same photo to the same readers as the composed check', async () => {
    const db = t.database.db;
    const staff = (user: Awaited<ReturnType<typeof createUser>>): SessionUser => toSessionUser({ ...user, name: 'Staff' });
    const admin = staff(await createUser(db, { role: 'admin' }));
    const [assignedUser, offeredUser, lapsedUser, acceptedUser, declinedUser, otherUser] = await Promise.all(
      Array.from({ length: 6 }, () => createUser(db, { role: 'repairer' })),
    );
    const noRepairer = staff(await createUser(db, { role: 'repairer', repairerId: null }));
    const noRepairerReader = { ...noRepairer, role: 'repairer' as const, repairerId: null };

    const noQuote = await createAssessmentRecord(db);
    const assigned = await createQuote(db, { status: 'approved', approvedAt: new Date(), assignmentStatus: 'assigned', assignedRepairerId: assignedUser!.repairerId });
    const offered = await createQuote(db, { status: 'approved', approvedAt: new Date() });
    await createJobNotification(db, { quoteId: offered.id, repairerId: offeredUser!.repairerId!, status: 'sent' });
    await createJobNotification(db, { quoteId: offered.id, repairerId: lapsedUser!.repairerId!, status: 'viewed', expiresAt: new Date(Date.now() - 60_000) });
    await createJobNotification(db, { quoteId: offered.id, repairerId: acceptedUser!.repairerId!, status: 'accepted', expiresAt: new Date(Date.now() - 60_000) });
    await createJobNotification(db, { quoteId: offered.id, repairerId: declinedUser!.repairerId!, status: 'declined' });

    const images = [
      await createImageRecord(db, { assessmentId: noQuote.id }),
      await createImageRecord(db, { assessmentId: assigned.assessmentId }),
      await createImageRecord(db, { assessmentId: assigned.assessmentId, kind: 'after', position: 1 }),
      await createImageRecord(db, { assessmentId: offered.assessmentId }),
      await createImageRecord(db, { assessmentId: offered.assessmentId, kind: 'after', position: 1 }),
    ];
    const tokens = new Map<number, string>();
    for (const id of [noQuote.id, assigned.assessmentId, offered.assessmentId]) tokens.set(id, (await createGrant(db, id)).token);
    const otherToken = (await createGrant(db, (await createAssessmentRecord(db)).id)).token;

    const readersFor = (assessmentId: number): Reader[] => [
      { label: 'anonymous', user: null, tokens: [] },
      { label: 'grant holder', user: null, tokens: [otherToken, tokens.get(assessmentId)!] },
      { label: 'another customer', user: null, tokens: [otherToken] },
      { label: 'a repairer', user: staff(otherUser!), tokens: [] },
      { label: 'a repairer account with no repairer', user: noRepairerReader, tokens: [] },
      { label: 'the assigned repairer', user: staff(assignedUser!), tokens: [] },
      { label: 'the offered repairer', user: staff(offeredUser!), tokens: [] },
      { label: 'a repairer whose offer lapsed', user: staff(lapsedUser!), tokens: [] },
      { label: 'a repairer who accepted', user: staff(acceptedUser!), tokens: [] },
      { label: 'a repairer who declined', user: staff(declinedUser!), tokens: [] },
      { label: 'an admin', user: admin, tokens: [] },
    ];
    const outcome = async (read: () => Promise<{ id: number }>) => {
      try {
        return (await read()).id;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return 'not found';
        throw error;
      }
    };
    const seen = new Set<string>();
    const asks: { label: string; read: () => Promise<number | string>; expected: number | string }[] = [];
    for (const image of [...images, { id: 999_999, assessmentId: noQuote.id }]) {
      for (const reader of readersFor(image.assessmentId)) {
        const viewer: Viewer = { user: reader.user, assessmentIds: await grantedIds(reader.tokens) };
        const expected = await outcome(() => findImageFor(db, image.id, viewer));
        const read = () => outcome(() => readImage(t.database, image.id, { user: reader.user, grantTokenHashes: reader.tokens.map(hashToken) }));
        const label = `image ${image.id} for ${reader.label}`;
        expect(await read(), label).toBe(expected);
        asks.push({ label, read, expected });
        seen.add(String(expected));
      }
    }
    // Both answers happen: the check lets some readers through and turns others away.
    expect(seen.has('not found') && seen.size > 1).toBe(true);
    // All at once, in batched statements: each reader still gets their own answer.
    for (const order of [asks, [...asks].reverse()]) {
      const together = await Promise.all(order.map((ask) => ask.read()));
      order.forEach((ask, i) => expect(together[i], `${ask.label}, all at once`).toBe(ask.expected));
    }
  });

  it('GET /api/appointments/{id}: the same view to the same readers as the composed read, in every state', async () => {
    const db = t.database.db;
    const staff = (user: Awaited<ReturnType<typeof createUser>>): SessionUser => toSessionUser({ ...user, name: 'Staff' });
    const admin = staff(await createUser(db, { role: 'admin' }));
    const [assignedUser, otherUser] = [await createUser(db, { role: 'repairer' }), await createUser(db, { role: 'repairer' })];
    const now = new Date();
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    const appointmentOn = async (status: 'held' | 'confirmed' | 'assigned' | 'completed' | 'cancelled', extra: Partial<typeof appointments.$inferInsert> = {}) => {
      const assigned = status === 'assigned' || status === 'completed';
      const quote = await createQuote(db, {
        status: 'booked',
        approvedAt: new Date(),
        ...(assigned ? { assignmentStatus: 'assigned' as const, assignedRepairerId: assignedUser.repairerId } : {}),
      });
      const [row] = await db.insert(appointments).values({ quoteId: quote.id, appointmentDate: '2099-03-04', timeSlot: 'morning', status, ...extra }).returning();
      return { id: row!.id, quote, assessmentId: quote.assessmentId };
    };
    const held = await appointmentOn('held', { holdExpiresAt: minutes(20) });
    const lapsing = await appointmentOn('held', { holdExpiresAt: minutes(-1) });
    const confirmed = await appointmentOn('confirmed');
    await db.insert(payments).values({ quoteId: confirmed.quote.id, appointmentId: confirmed.id, provider: 'test', providerRef: `pi_${confirmed.id}`, amountPence: confirmed.quote.totalPence, status: 'succeeded', clientSecret: `secret_${confirmed.id}` });
    const assigned = await appointmentOn('assigned');
    const completed = await appointmentOn('completed', { completedAt: minutes(-120), customerConfirmedAt: minutes(-60), notes: 'Side gate is open' });
    await db.insert(warranties).values({ appointmentId: completed.id, repairerId: assignedUser.repairerId!, startsDate: '2099-03-04', endsDate: '2100-03-04' });
    await db.insert(repairerReviews).values({ appointmentId: completed.id, repairerId: assignedUser.repairerId!, rating: 4, comment: 'Tidy work' });
    for (const position of [2, 1]) await createImageRecord(db, { assessmentId: completed.assessmentId, kind: 'after', position });
    const cancelled = await appointmentOn('cancelled', { cancelledAt: minutes(-5) });
    const all = [held, lapsing, confirmed, assigned, completed, cancelled];
    const tokens = new Map<number, string>();
    for (const { assessmentId } of all) tokens.set(assessmentId, (await createGrant(db, assessmentId)).token);
    const otherToken = (await createGrant(db, (await createAssessmentRecord(db)).id)).token;
    const readersFor = (assessmentId: number): Reader[] => [
      { label: 'anonymous', user: null, tokens: [] },
      { label: 'grant holder', user: null, tokens: [otherToken, tokens.get(assessmentId)!] },
      { label: 'another customer', user: null, tokens: [otherToken] },
      { label: 'a repairer', user: staff(otherUser), tokens: [] },
      { label: 'the assigned repairer', user: staff(assignedUser), tokens: [] },
      { label: 'an admin', user: admin, tokens: [] },
    ];
    const outcome = async <T>(read: () => Promise<T>): Promise<T | 'not found'> => {
      try {
        return await read();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return 'not found';
        throw error;
      }
    };
    const ctx = { db, config: t.app.deps.config };
    const seen = new Set<string>();
    const asks: { label: string; read: () => Promise<unknown>; expected: unknown }[] = [];
    for (const appointment of [...all, { id: 999_999, assessmentId: held.assessmentId }]) {
      for (const reader of readersFor(appointment.assessmentId)) {
        const label = `appointment ${appointment.id} for ${reader.label}`;
        // The one-statement read first: where it lapses a hold, the composed read must find it lapsed too.
        const read = () => outcome(() => readAppointmentView(t.database, appointment.id, { user: reader.user, grantTokenHashes: reader.tokens.map(hashToken) }, now));
        const mine = await read();
        const viewer: Viewer = { user: reader.user, assessmentIds: await grantedIds(reader.tokens) };
        const expected = await outcome(async () => {
          const { access, record } = await readableAppointment(ctx, appointment.id, viewer, now);
          return toAppointmentView(record, now, access);
        });
        expect(mine, label).toEqual(expected);
        asks.push({ label, read, expected });
        seen.add(expected === 'not found' ? 'not found' : (expected as { status: string }).status);
      }
    }
    // Every state shows to someone, and someone is turned away.
    expect([...seen].sort()).toEqual(['assigned', 'cancelled', 'completed', 'confirmed', 'held', 'lapsed', 'not found']);
    const completedView = await readAppointmentView(t.database, completed.id, { user: admin, grantTokenHashes: [] }, now);
    expect(completedView.aftercare).toMatchObject({ warranty: { startsDate: '2099-03-04', endsDate: '2100-03-04' }, review: { rating: 4, comment: 'Tidy work' } });
    expect(completedView.aftercare.afterPhotoIds).toHaveLength(2);
    expect((await readAppointmentView(t.database, confirmed.id, { user: admin, grantTokenHashes: [] }, now)).paymentStatus).toBe('succeeded');
    // All at once, in batched statements: each reader still gets their own answer.
    for (const order of [asks, [...asks].reverse()]) {
      const together = await Promise.all(order.map((ask) => ask.read()));
      order.forEach((ask, i) => expect(together[i], `${ask.label}, all at once`).toEqual(ask.expected));
    }
  });

  it('GET /api/repairer/{id}/jobs: the same jobs, in the same order, as the composed read', async () => {
    const db = t.database.db;
    const [busy, quiet] = [await createUser(db, { role: 'repairer' }), await createUser(db, { role: 'repairer' })];
    const repairerId = busy.repairerId!;
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000);
    // An open offer with two items and photos, a viewed one, one expired unanswered, one declined
    // recently with a reason, one declined long ago (outside the history), and an accepted job
    // whose quote has a cancelled booking and a live one (the live one shows), then completed.
    const open = await createQuote(db, { status: 'approved', approvedAt: ago(5), items: [{ description: 'Bumper scuff', costPence: 12_000 }, { description: 'Paint blend', costPence: 8_050 }] });
    for (const position of [1, 0]) await createImageRecord(db, { assessmentId: open.assessmentId, position });
    await createImageRecord(db, { assessmentId: open.assessmentId, kind: 'after', position: 0 });
    await createJobNotification(db, { quoteId: open.id, repairerId, status: 'sent', sentAt: ago(1) });
    const viewed = await createQuote(db, { status: 'approved', approvedAt: ago(5) });
    await createJobNotification(db, { quoteId: viewed.id, repairerId, status: 'viewed', sentAt: ago(2) });
    const lapsed = await createQuote(db, { status: 'approved', approvedAt: ago(50) });
    await createJobNotification(db, { quoteId: lapsed.id, repairerId, status: 'sent', sentAt: ago(48), expiresAt: ago(44) });
    const declined = await createQuote(db, { status: 'approved', approvedAt: ago(30) });
    await createJobNotification(db, { quoteId: declined.id, repairerId, status: 'declined', sentAt: ago(24), respondedAt: ago(23), declineReason: 'Too far' });
    const old = await createQuote(db, { status: 'approved', approvedAt: ago(24 * 60) });
    await createJobNotification(db, { quoteId: old.id, repairerId, status: 'declined', sentAt: ago(24 * 40), respondedAt: ago(24 * 40) });
    const won = await createQuote(db, { status: 'booked', approvedAt: ago(100), assignmentStatus: 'assigned', assignedRepairerId: repairerId });
    await db.insert(appointments).values({ quoteId: won.id, appointmentDate: '2099-03-04', timeSlot: 'morning', status: 'cancelled', cancelledAt: ago(90) });
    await db.insert(appointments).values({ quoteId: won.id, appointmentDate: '2099-03-05', timeSlot: 'afternoon', status: 'completed', completedAt: ago(3) });
    await createJobNotification(db, { quoteId: won.id, repairerId, status: 'accepted', sentAt: ago(96), respondedAt: ago(95) });
    // Another repairer's offer of the same job is not on this list.
    await createJobNotification(db, { quoteId: open.id, repairerId: quiet.repairerId!, status: 'sent', sentAt: ago(1) });

    const since = new Date(now - 30 * 24 * 3_600_000);
    const composed = await jobsOfRepairer(db, repairerId, since);
    const read = await readJobsOfRepairer(t.database, repairerId, since);
    expect(read).toEqual(composed);
    // Newest first; the one declined long ago is past the history.
    expect(read.map((job) => job.quote.id)).toEqual([open.id, viewed.id, declined.id, lapsed.id, won.id]);
    expect(read.find((job) => job.quote.id === won.id)!.appointment).toMatchObject({ appointmentDate: '2099-03-05', status: 'completed' });
    expect(read.find((job) => job.quote.id === open.id)!.items).toHaveLength(2);
    expect(read.find((job) => job.quote.id === open.id)!.images).toHaveLength(2);
    expect(await readJobsOfRepairer(t.database, quiet.repairerId!, since)).toEqual(await jobsOfRepairer(db, quiet.repairerId!, since));
    expect(await readJobsOfRepairer(t.database, 999_999, since)).toEqual([]);
  });

  it('GET /api/admin/jobs-to-dispatch: the same jobs and open-offer counts as the composed read, and whether an offer is overdue', async () => {
    const db = t.database.db;
    const [first, second] = [await createUser(db, { role: 'repairer' }), await createUser(db, { role: 'repairer' })];
    const now = new Date();
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const booked = async (appointmentDate: string, status: 'confirmed' | 'assigned' | 'held' = 'confirmed') => {
      const quote = await createQuote(db, { status: 'booked', approvedAt: now });
      await db.insert(appointments).values({ quoteId: quote.id, appointmentDate, timeSlot: 'afternoon', status });
      return quote;
    };
    const none = await booked('2099-05-02');
    const offered = await booked('2099-05-01');
    await createJobNotification(db, { quoteId: offered.id, repairerId: first.repairerId!, status: 'sent', expiresAt: later(60) });
    await createJobNotification(db, { quoteId: offered.id, repairerId: second.repairerId!, status: 'viewed', expiresAt: later(30) });
    const lapsing = await booked('2099-05-01');
    await createJobNotification(db, { quoteId: lapsing.id, repairerId: first.repairerId!, status: 'sent', expiresAt: later(-1) });
    await booked('2099-05-03', 'assigned');
    await booked('2099-05-03', 'held');

    const read = await readJobsToDispatch(t.database, now);
    expect(read.jobs).toEqual(await jobsToDispatch(db, now));
    const byQuote = new Map(read.jobs.map((job) => [job.quoteId, job]));
    expect(byQuote.get(offered.id)).toMatchObject({ openOffers: 2, unassigned: false });
    expect(byQuote.get(lapsing.id)).toMatchObject({ openOffers: 0, unassigned: true });
    expect(byQuote.get(none.id)).toMatchObject({ openOffers: 0, unassigned: true, appointmentDate: '2099-05-02' });
    expect(read.overdue).toBe(true);
    // Once the overdue offers have expired (this one, and any earlier tests left), nothing is overdue and the list is unchanged.
    expect(await expireOverdueOffers(db, now)).toBeGreaterThan(0);
    expect((await db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, lapsing.id)))[0]!.status).toBe('expired');
    const after = await readJobsToDispatch(t.database, now);
    expect(after.overdue).toBe(false);
    expect(after.jobs).toEqual(read.jobs);
  });

  it('the booking calendar: the same slot rows and expired holds as the composed reads, and each read counted against the address', async () => {
    const db = t.database.db;
    const now = new Date();
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    // Slot rows of every kind in March 2098 (default, overridden, closed, some places taken), one
    // in the day before and the day after it.
    await db.insert(slotCapacity).values([
      { slotDate: '2098-02-28', timeSlot: 'afternoon', capacity: 3, taken: 1 },
      { slotDate: '2098-03-01', timeSlot: 'morning', capacity: 3, taken: 2 },
      { slotDate: '2098-03-02', timeSlot: 'afternoon', capacity: 5, taken: 5, overridden: true },
      { slotDate: '2098-03-17', timeSlot: 'morning', capacity: 0, taken: 0, overridden: true, closed: true },
      { slotDate: '2098-03-31', timeSlot: 'afternoon', capacity: 3, taken: 3 },
      { slotDate: '2098-04-01', timeSlot: 'morning', capacity: 3, taken: 1 },
    ]);
    const hold = async (appointmentDate: string, holdExpiresAt: Date) => {
      const quote = await createQuote(db, { status: 'approved', approvedAt: new Date() });
      await db.insert(appointments).values({ quoteId: quote.id, appointmentDate, timeSlot: 'morning', status: 'held', holdExpiresAt });
    };
    const composed = async (from: string, to: string) => ({
      expiredHolds: (await expiredHoldIds(db, now, { from, to })).length > 0,
      slots: (await slotRowsBetween(db, from, to)).map(({ updatedAt: _updatedAt, ...row }) => row).sort((a, b) => `${a.slotDate}${a.timeSlot}`.localeCompare(`${b.slotDate}${b.timeSlot}`)),
    });
    const read = async (rateKey: string, from: string, to: string) => {
      const answer = await readAvailability(t.database, { rateKey, windowSeconds: 60, from, to, now });
      return { ...answer, slots: [...answer.slots].sort((a, b) => `${a.slotDate}${a.timeSlot}`.localeCompare(`${b.slotDate}${b.timeSlot}`)) };
    };
    const ranges: [string, string][] = [['2098-03-01', '2098-03-31'], ['2098-03-02', '2098-03-02'], ['2098-03-03', '2098-03-03'], ['2098-02-01', '2098-02-28']];
    const compareAll = async (key: string) => {
      for (const [from, to] of ranges) {
        const { hits: _hits, ...answer } = await read(key, from, to);
        expect(answer, `${from}…${to}`).toEqual(await composed(from, to));
      }
    };
    await compareAll('availability:198.51.100.1');
    // A hold still running, one expired in another month, then one expired in the month itself.
    await hold('2098-03-10', minutes(20));
    await hold('2098-04-02', minutes(-5));
    await compareAll('availability:198.51.100.1');
    expect((await read('availability:198.51.100.1', '2098-03-01', '2098-03-31')).expiredHolds).toBe(false);
    await hold('2098-03-20', minutes(-1));
    await compareAll('availability:198.51.100.1');
    expect((await read('availability:198.51.100.1', '2098-03-01', '2098-03-31')).expiredHolds).toBe(true);

    // Each read is one hit on its key, counted as plugins/rate-limit.ts counts: a key of its own
    // starts at 1, and a window over starts again.
    const key = 'availability:198.51.100.2';
    expect([(await read(key, '2098-03-01', '2098-03-31')).hits, (await read(key, '2098-03-01', '2098-03-31')).hits, (await read(key, '2098-03-02', '2098-03-02')).hits]).toEqual([1, 2, 3]);
    await db.update(rateLimits).set({ windowStartedAt: new Date(Date.now() - 61_000) }).where(eq(rateLimits.key, key));
    expect((await read(key, '2098-03-01', '2098-03-31')).hits).toBe(1);
    expect(await db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key))).toEqual([{ count: 1 }]);
  });

  it('the booking calendar: its hit commits without waiting for the disk, in its own transaction alone', async () => {
    // The read runs here inside a transaction the test holds open, on one connection, so the
    // setting can be read before and after the commit.
    type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
    const onOneConnection = async (body: (query: Query) => Promise<void>): Promise<string> => {
      const setting = 'SELECT current_setting(\'synchronous_commit\') AS value';
      if (t.database.pglite) {
        const pglite = t.database.pglite;
        await pglite.transaction(async (tx) => body(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows));
        return (await pglite.query<{ value: string }>(setting)).rows[0]!.value;
      }
      const client = await t.database.pool!.connect();
      try {
        await client.query('BEGIN');
        await body(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return (await client.query<{ value: string }>(setting)).rows[0]!.value;
      } finally {
        client.release();
      }
    };
    const after = await onOneConnection(async (query) => {
      expect((await query('SELECT current_setting(\'synchronous_commit\') AS value'))[0]!.value).toBe('on');
      const database = { ...t.database, statement: (_name: string, text: string) => ({ run: (params: unknown[]) => query(text, params) }) };
      const answer = await readAvailability(database as typeof t.database, { rateKey: 'availability:198.51.100.3', windowSeconds: 60, from: '2098-05-01', to: '2098-05-31', now: new Date() });
      expect(answer.hits).toBe(1);
      expect((await query('SELECT current_setting(\'synchronous_commit\') AS value'))[0]!.value).toBe('off');
    });
    // The connection's next transaction waits for the disk again.
    expect(after).toBe('on');
    expect(await t.database.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, 'availability:198.51.100.3'))).toEqual([{ count: 1 }]);
  });

  it('GET /api/admin/enquiries: every page of every kind of search as the composed read', async () => {
    const db = t.database.db;
    // Enquiries to search among: names with a surname, a postcode with and without its space,
    // LIKE's own characters in a name, with a quote (pending, approved) and without.
    const made = [
      await createAssessmentRecord(db, { name: 'Ada Lovelace', email: 'ada@example.com', postcode: 'SW1A 1AA' }),
      await createAssessmentRecord(db, { name: 'Charles Babbage', email: 'charles@example.org', postcode: 'M1 1AE' }),
      await createAssessmentRecord(db, { name: 'Grace 100% Hopper', email: 'grace_h@example.net', postcode: 'EH1 1YZ' }),
      await createAssessmentRecord(db, { name: 'Alan Turing', email: 'alan@example.com', postcode: 'EC2V 7HH' }),
    ];
    await createQuote(db, { assessmentId: made[0]!.id, status: 'pending' });
    await createQuote(db, { assessmentId: made[3]!.id, status: 'approved', approvedAt: new Date() });
    const searches = [undefined, '', '  ', 'ada', 'LOVELACE', 'hopper', '100%', 'grace 100%', 'grace 1000', 'grace_', 'g%', 'sw1a', 'EC2V 7', 'ec2v7hh', 'm1 1', made[1]!.reference, made[1]!.reference.slice(3, 8), 'ar-', 'a', '@example.com', 'zzz', '\\'];
    for (const search of searches) {
      for (const [page, pageSize] of [[1, 50], [1, 2], [2, 2], [3, 2], [40, 2]] as const) {
        expect(await enquiryList(t.database, search, page, pageSize), `${JSON.stringify(search)} page ${page} of ${pageSize}`).toEqual(await enquiryListComposed(db, search, page, pageSize));
      }
    }
    // Admins searching at once, some the same (they share one run), each get what they would alone.
    const asked = [...searches, ...searches].map((search, i) => ({ search, page: 1 + (i % 2) }));
    const together = await Promise.all(asked.map(({ search, page }) => enquiryList(t.database, search, page, 2)));
    for (const [i, { search, page }] of asked.entries()) expect(together[i], `${JSON.stringify(search)} page ${page}, together`).toEqual(await enquiryListComposed(db, search, page, 2));
    // The searches find what they should (so the comparison is not of two empty answers).
    expect((await enquiryList(t.database, 'lovelace', 1, 50)).items.map((row) => row.assessmentId)).toEqual([made[0]!.id]);

    // The booking column: a booking at every stage, the live one read before a cancelled one.
    const repairer = await createRepairer(db);
    const staged = async (name: string, bookings: { status: string; payment?: string; payout?: string; problem?: boolean }[]) => {
      const assessment = await createAssessmentRecord(db, { name, email: `${name.toLowerCase()}@stages.example` });
      const quote = await createQuote(db, { assessmentId: assessment.id, status: 'booked', assignmentStatus: 'assigned', assignedRepairerId: repairer.id });
      for (const [i, booking] of bookings.entries()) {
        const [appointment] = await db
          .insert(appointments)
          .values({ quoteId: quote.id, appointmentDate: `2099-0${i + 1}-05`, timeSlot: 'morning', status: booking.status, problemReportedAt: booking.problem ? new Date() : null } as never)
          .returning();
        if (!booking.payment) continue;
        const [payment] = await db.insert(payments).values({ quoteId: quote.id, appointmentId: appointment!.id, provider: 'test', providerRef: `pi_stage_${appointment!.id}`, amountPence: 1000, status: booking.payment, clientSecret: `s_${appointment!.id}` } as never).returning();
        if (booking.payout) await db.insert(payouts).values({ paymentId: payment!.id, repairerId: repairer.id, amountPence: 500, status: booking.payout } as never);
      }
      return assessment.id;
    };
    const expected = new Map<number, unknown>([
      [await staged('Held', [{ status: 'held' }]), { stage: 'held', date: '2099-01-05' }],
      [await staged('Lapsed', [{ status: 'lapsed' }]), null],
      [await staged('Assigned', [{ status: 'cancelled', payment: 'refunded' }, { status: 'assigned', payment: 'succeeded', payout: 'owed' }]), { stage: 'assigned', date: '2099-02-05' }],
      [await staged('Done', [{ status: 'completed', payment: 'succeeded', payout: 'owed' }]), { stage: 'completed', date: '2099-01-05' }],
      [await staged('Problem', [{ status: 'completed', payment: 'succeeded', payout: 'held', problem: true }]), { stage: 'problem', date: '2099-01-05' }],
      [await staged('Paid', [{ status: 'completed', payment: 'succeeded', payout: 'released', problem: true }]), { stage: 'paid-out', date: '2099-01-05' }],
      [await staged('Refunded', [{ status: 'completed', payment: 'refunded', payout: 'void', problem: true }]), { stage: 'refunded', date: '2099-01-05' }],
      [await staged('Cancelled', [{ status: 'cancelled', payment: 'refunded', payout: 'void' }]), { stage: 'cancelled', date: '2099-01-05' }],
    ]);
    // The newest eight, unsearched.
    const listed = await enquiryList(t.database, undefined, 1, 8);
    expect(listed).toEqual(await enquiryListComposed(db, undefined, 1, 8));
    expect(new Map(listed.items.map((row) => [row.assessmentId, row.booking && { stage: row.booking.stage, date: row.booking.date }]))).toEqual(expected);
    // Each names its booking, which the admin's table links to (the composed read above checks which).
    for (const row of listed.items) if (row.booking) expect(row.booking.appointmentId).toEqual(expect.any(Number));
    expect((await enquiryList(t.database, 'grace 100%', 1, 50)).items.map((row) => row.assessmentId)).toEqual([made[2]!.id]);
    expect((await enquiryList(t.database, 'ec2v7', 1, 50)).items.map((row) => row.assessmentId)).toEqual([made[3]!.id]);
    expect((await enquiryList(t.database, made[1]!.reference.slice(3), 1, 50)).items.map((row) => row.assessmentId)).toEqual([made[1]!.id]);
    expect((await enquiryList(t.database, 'lovelace', 1, 50)).items[0]).toMatchObject({ quoteStatus: 'pending', totalCost: expect.stringMatching(/^\d+\.\d{2}$/) });
    // An approved quote past its valid-until day reads as Expired to the team, as to the customer (a browser review).
    const lapsed = await createAssessmentRecord(db, { name: 'Past Validity' });
    await createQuote(db, { assessmentId: lapsed.id, status: 'approved', validUntilDate: '2020-01-31' });
    const [newest] = (await enquiryList(t.database, undefined, 1, 1)).items;
    expect(newest).toMatchObject({ assessmentId: lapsed.id, quoteStatus: 'approved', quoteExpired: true });
    expect((await enquiryList(t.database, undefined, 1, 1)).items).toEqual((await enquiryListComposed(db, undefined, 1, 1)).items);
  });

  it('GET /api/repairers: every page of every search and filter as the composed read', async () => {
    const db = t.database.db;
    // 56 repairers, more than a page: every kind the filters tell apart.
    const day = 86_400_000;
    const made = [];
    for (let i = 0; i < 56; i++) {
      made.push(
        await createRepairer(db, {
          businessName: `${['Acme', 'Bodyshop', 'Dent_Fix', 'Scratch 50%'][i % 4]} ${String(i).padStart(2, '0')}`,
          city: ['Leeds', 'London', 'Bristol'][i % 3],
          postcode: ['LS1 4AP', 'SW1A 1AA', 'BS1 5TR'][i % 3],
          email: i % 5 === 0 ? null : `shop${i}@example.com`,
          emailSource: i % 5 === 0 ? null : (['google_places', 'website', 'manual'] as const)[i % 3],
          isVerified: i % 2 === 0,
          googlePlaceId: i % 3 === 0 ? `place-${i}` : null,
          introSentAt: i % 4 === 0 ? new Date(Date.now() - i * day) : null,
          unsubscribedAt: i % 7 === 0 ? new Date() : null,
          ratingTenths: i % 6 === 0 ? null : 30 + (i % 20),
          specialisations: i % 2 === 0 ? ['scratch', 'dent'] : ['bumper', 'not-a-kind'],
        }),
      );
    }
    await createUser(db, { role: 'repairer', repairerId: made[1]!.id });
    await createUser(db, { role: 'repairer', repairerId: made[4]!.id });
    const invite = (repairerId: number, expiresAt: Date, usedAt: Date | null = null) =>
      db.insert(repairerInvitations).values({ repairerId, email: 'invited@example.com', tokenHash: `hash-${repairerId}-${expiresAt.getTime()}`, expiresAt, usedAt });
    await invite(made[2]!.id, new Date(Date.now() + day));
    await invite(made[3]!.id, new Date(Date.now() - day));
    await invite(made[5]!.id, new Date(Date.now() + day), new Date());
    const filters: Omit<NetworkQuery, 'page'>[] = [
      {},
      { search: 'acme' },
      { search: 'DENT_' },
      { search: '50%' },
      { search: 'lon' },
      { search: 'sw1a1' },
      { search: 'ls1 4' },
      { search: '' },
      { verified: true },
      { verified: false, hasEmail: true },
      { hasEmail: false },
      { hasAccount: true },
      { hasAccount: false, imported: true },
      { emailSource: 'website' },
      { imported: false, introduced: true },
      { introduced: false, search: 'bodyshop', verified: true },
    ];
    for (const filter of filters) {
      for (const page of [1, 2, 3]) {
        const label = `${JSON.stringify(filter)} page ${page}`;
        expect(await networkPage(t.database, page, undefined, filter), label).toEqual(await networkPageComposed(db, page, undefined, filter));
      }
    }
    for (const repairer of [made[2]!, made[4]!, made[7]!]) expect(await networkPage(t.database, 1, repairer.id)).toEqual(await networkPageComposed(db, 1, repairer.id));
    // Admins asking at once, some for the same page and filters (they share one run), each get what they would alone.
    const asked = [...filters, ...filters].flatMap((filter) => [1, 2].map((page) => ({ page, filter })));
    const together = await Promise.all(asked.map(({ page, filter }) => readNetworkPage(t.database, page, filter)));
    for (const [i, { page, filter }] of asked.entries()) expect(together[i], `${JSON.stringify(filter)} page ${page}, together`).toEqual(await networkPage(t.database, page, undefined, filter));
    // The comparison is not of two empty answers.
    expect((await networkPage(t.database, 1)).total).toBeGreaterThanOrEqual(56);
    expect((await networkPage(t.database, 2)).rows).toHaveLength(Math.min(50, (await networkPage(t.database, 1)).total - 50));
    expect((await networkPage(t.database, 1, made[2]!.id)).rows[0]).toMatchObject({ invitationPending: true, hasAccount: false });
    expect((await networkPage(t.database, 1, made[4]!.id)).rows[0]).toMatchObject({ hasAccount: true, imported: false, introSentAt: expect.any(String), unsubscribed: false });
  });

  it('the admin’s outbox, audit log, outreach figures and price list: the same as the composed reads, alone and together', async () => {
    const db = t.database.db;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // E-mails in every status, introductions among them, one bounced; times with microseconds.
    const statuses = ['pending', 'sent', 'logged', 'failed'] as const;
    await db.insert(outboxEmails).values(
      Array.from({ length: 23 }, (_, i) => ({
        kind: i % 3 === 0 ? INTRO_EMAIL_KIND : 'quote-ready',
        toAddress: `person${i}@example.com`,
        subject: `Subject ${i} “quoted” & <b>`,
        textBody: `Line one\nLine two ${i}\u00a0£${i}.50`,
        status: statuses[i % 4]!,
        attempts: i % 3,
        lastError: i % 4 === 3 ? 'mailbox unavailable' : null,
        sendAfter: i % 5 === 0 ? at(-i) : null,
        sentAt: i % 4 === 1 ? at(i) : null,
        bouncedAt: i === 7 ? at(1) : null,
      })),
    );
    await db.insert(auditLog).values(
      Array.from({ length: 27 }, (_, i) => ({
        at: new Date(Date.now() - (i % 5) * 1000 + 0.123), // ties on the second: ordered by id after the time
        actorRole: (['admin', 'system', 'customer'] as const)[i % 3]!,
        actorEmail: i % 3 === 1 ? null : `actor${i}@example.com`,
        action: 'payout_withheld' as const,
        entity: 'payout',
        entityId: i,
        detail: { reason: 'transfer_reversed', transferIds: [`tr_${i}`], shortPence: i * 100, nested: { ok: i % 2 === 0 } },
      })),
    );
    await db.execute(sql`UPDATE audit_log SET at = at + (id % 7) * interval '1 microsecond'`);
    for (const limit of [1, 5, 50, 200]) expect(await readOutbox(t.database, limit), `outbox ${limit}`).toEqual(await readOutboxComposed(db, limit));
    for (const [page, pageSize] of [[1, 10], [2, 10], [3, 10], [9, 10], [1, 100]] as const) {
      expect(await auditPage(t.database, page, pageSize), `audit page ${page} of ${pageSize}`).toEqual(await auditPageComposed(db, page, pageSize));
    }
    expect(await emailStats(t.database)).toEqual(await emailStatsComposed(db));
    expect((await emailStats(t.database)).sent + (await emailStats(t.database)).queued).toBeGreaterThan(0);
    // The list as seeded (an earlier test may have emptied it), then with an entry changed.
    await replacePriceList(db, defaultPriceList);
    await db.update(priceListTable).set({ hours: 2.25, labourWording: 'Labour “exact” £' }).where(eq(priceListTable.locationBand, 2));
    expect(await readPriceList(t.database)).toEqual(await loadPriceList(db));
    expect((await readPriceList(t.database)).some((entry) => entry.hours === 2.25)).toBe(true);
    // Together, as several admins' screens ask.
    const [outbox, audit, stats, prices] = await Promise.all([
      Promise.all([50, 50, 5].map((limit) => readOutbox(t.database, limit))),
      Promise.all([[1, 10], [1, 10], [2, 10]].map(([page, size]) => auditPage(t.database, page!, size!))),
      Promise.all([0, 1].map(() => emailStats(t.database))),
      Promise.all([0, 1].map(() => readPriceList(t.database))),
    ]);
    expect(outbox).toEqual([await readOutboxComposed(db, 50), await readOutboxComposed(db, 50), await readOutboxComposed(db, 5)]);
    expect(audit).toEqual([await auditPageComposed(db, 1, 10), await auditPageComposed(db, 1, 10), await auditPageComposed(db, 2, 10)]);
    expect(stats).toEqual([await emailStatsComposed(db), await emailStatsComposed(db)]);
    expect(prices).toEqual([await loadPriceList(db), await loadPriceList(db)]);
    // An empty price list is answered with the seeded one, as loadPriceList does.
    const saved = await db.select().from(priceListTable);
    await db.delete(priceListTable);
    expect(await readPriceList(t.database)).toEqual(await loadPriceList(db));
    if (saved.length > 0) await db.insert(priceListTable).values(saved);
  });
});
