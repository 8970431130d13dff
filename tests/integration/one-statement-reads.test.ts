// Issue 9: the customer's assessment and quote reads are one statement each. They must answer
// exactly what the composed reads (viewsOf, toQuoteView over the repos, still used by the lists)
// answer, to exactly the readers who could read before, on both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createImageRecord, createQuote, createUser } from '../../src/server/db/factories';
import { customerGrants, priceListEntries, quotes } from '../../src/server/db/schema';
import { customerRecordAccess, type Viewer } from '../../src/server/modules/access/access.policy';
import { createGrant } from '../../src/server/modules/access/grants.service';
import { readAssessment, viewsOf } from '../../src/server/modules/assessments/assessment-reads';
import { findAssessment } from '../../src/server/modules/assessments/assessments.repo';
import { hashToken } from '../../src/server/modules/auth/tokens';
import { toSessionUser, type SessionUser } from '../../src/server/modules/auth/auth.service';
import { readQuoteView } from '../../src/server/modules/quotes/quote-read';
import { toQuoteView } from '../../src/server/modules/quotes/quote-view';
import { findQuote, itemsOf } from '../../src/server/modules/quotes/quotes.repo';
import { CUSTOMER_VISIBLE_QUOTE_STATUSES } from '../../src/shared/lifecycles/quote';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';

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
  const [view] = await viewsOf(db, [row], access);
  // viewsOf prices a guide for every audience but admin's; readAssessment too.
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
  const assessment = await findAssessment(db, quote.assessmentId);
  return toQuoteView(quote, await itemsOf(db, [quote.id]), assessment?.reference ?? '');
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
});
