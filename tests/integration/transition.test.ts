// The guarded status change (src/server/db/transition.ts) against a real database: on the
// PostgreSQL server when TEST_DATABASE_URL is set, else on PGlite.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createRepairer } from '../../src/server/db/factories';
import type { Db } from '../../src/server/db/database';
import { quotes } from '../../src/server/db/schema';
import { refuseUnlessAllowed, transition, TransitionConflictError } from '../../src/server/db/transition';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';

async function createQuote(db: Db, status: 'pending' | 'approved' | 'booked' = 'pending') {
  const assessment = await createAssessmentRecord(db);
  const [quote] = await db
    .insert(quotes)
    .values({
      assessmentId: assessment.id,
      laborPence: 10_000,
      partsPence: 5_000,
      feePence: 3_000,
      vatPence: 3_600,
      repairerPaymentPence: 12_000,
      totalPence: 21_600,
      estimatedDays: 1,
      validUntilDate: '2099-12-31',
      status,
    })
    .returning();
  return quote!;
}

// Stand-ins for the routes later issues add (approve a quote, withdraw an enquiry), to show
// the error path over HTTP.
function testRoutes(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/test/quotes/:id/approve', async (request) => {
    const quote = await transition(app.deps.database.db, 'quote', 'approve', Number(request.params.id), { set: { approvedAt: new Date() } });
    return { status: quote.status };
  });
  app.post<{ Params: { id: string } }>('/test/assessments/:id/withdraw', async (request) => {
    const assessment = await transition(app.deps.database.db, 'assessment', 'withdraw', Number(request.params.id));
    return { status: assessment.status };
  });
}

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto', extend: testRoutes });
  db = t.database.db;
});
afterAll(() => t.close());

const statusOf = async (id: number) => (await db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]!.status;

describe(`transition (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('moves a row along a declared transition and sets the other columns in the same statement', async () => {
    const quote = await createQuote(db);
    const approvedAt = new Date('2026-03-02T10:00:00Z');
    const updated = await transition(db, 'quote', 'approve', quote.id, { set: { approvedAt } });
    expect(updated).toMatchObject({ id: quote.id, status: 'approved', approvedAt });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(quote.updatedAt.getTime());
  });

  it('refuses a transition from a wrong state with a 409 and a sentence, and changes nothing', async () => {
    const quote = await createQuote(db, 'booked');
    const error = await transition(db, 'quote', 'approve', quote.id, { set: { approvedAt: new Date() } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransitionConflictError);
    expect(error).toMatchObject({ statusCode: 409, currentStatus: 'booked', message: 'This quote has already been booked, so it cannot be approved now.' });
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'booked', approvedAt: null });
  });

  it('refuses the same wrong state before any statement when asked first (refuseUnlessAllowed), and lets a right one through', async () => {
    const quote = await createQuote(db, 'booked');
    const error = (() => {
      try {
        refuseUnlessAllowed('quote', 'approve', quote.status);
      } catch (e) {
        return e;
      }
    })();
    const fromTheDatabase = await transition(db, 'quote', 'approve', quote.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransitionConflictError);
    expect(error).toMatchObject({ statusCode: 409, currentStatus: 'booked', message: (fromTheDatabase as Error).message });
    expect(() => refuseUnlessAllowed('quote', 'approve', 'pending')).not.toThrow();
    expect(() => refuseUnlessAllowed('appointment', 'complete', 'held')).toThrow(TransitionConflictError);
  });

  it('lets exactly one of many simultaneous identical transitions win', async () => {
    const quote = await createQuote(db);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => transition(db, 'quote', 'approve', quote.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(11);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 409, message: 'This quote has already been approved.' });
  });

  it('keeps the status for a transition without a to-state, and honours an extra guard', async () => {
    const quote = await createQuote(db, 'approved');
    const revised = await transition(db, 'quote', 'revise', quote.id, { set: { laborPence: 12_000 }, where: eq(quotes.totalPence, 21_600) });
    expect(revised).toMatchObject({ status: 'approved', laborPence: 12_000 });
    // The total the admin saw is no longer the stored one: nothing changes.
    await expect(transition(db, 'quote', 'revise', quote.id, { set: { laborPence: 1 }, where: eq(quotes.totalPence, 99_999) })).rejects.toMatchObject({
      statusCode: 409,
      message: 'This quote changed while you were looking at it. Please reload the page and try again.',
    });
    expect((await db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.laborPence).toBe(12_000);
  });

  it('answers 404 for a row that does not exist', async () => {
    await expect(transition(db, 'quote', 'approve', 2_000_000_000)).rejects.toMatchObject({ statusCode: 404, message: 'We could not find that quote.' });
  });

  it('takes part in a transaction: a rollback undoes the change', async () => {
    const quote = await createQuote(db);
    await expect(
      db.transaction(async (tx) => {
        await transition(tx, 'quote', 'approve', quote.id);
        expect((await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe('approved');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await statusOf(quote.id)).toBe('pending');
  });

  it('moves a lifecycle kept in another column (the quote\'s assignment) and leaves `status` alone; a wrong state is a 409 there too', async () => {
    const quote = await createQuote(db, 'booked');
    const [first, second] = [await createRepairer(db), await createRepairer(db)];
    expect(await transition(db, 'quoteAssignment', 'offer', quote.id)).toMatchObject({ status: 'booked', assignmentStatus: 'sent', assignedRepairerId: null });
    const assigned = await transition(db, 'quoteAssignment', 'assign', quote.id, { set: { assignedRepairerId: first.id } });
    expect(assigned).toMatchObject({ status: 'booked', assignmentStatus: 'assigned', assignedRepairerId: first.id });
    // The second repairer finds the job taken; the first keeps it.
    await expect(transition(db, 'quoteAssignment', 'assign', quote.id, { set: { assignedRepairerId: second.id } })).rejects.toMatchObject({
      statusCode: 409,
      currentStatus: 'assigned',
      message: 'This job has already been taken.',
    });
    await expect(transition(db, 'quoteAssignment', 'offer', quote.id)).rejects.toMatchObject({ statusCode: 409, message: 'This job has already been taken, so it cannot be offered now.' });
    expect(await transition(db, 'quoteAssignment', 'release', quote.id, { set: { assignedRepairerId: null } })).toMatchObject({
      status: 'booked',
      assignmentStatus: 'unassigned',
      assignedRepairerId: null,
    });
    await expect(db.execute(sql`UPDATE quotes SET assignment_status = 'completed' WHERE id = ${quote.id}`)).rejects.toThrow();
  });

  it('has the database refuse a status its lifecycle does not declare', async () => {
    const quote = await createQuote(db);
    await expect(db.execute(sql`UPDATE quotes SET status = 'completed' WHERE id = ${quote.id}`)).rejects.toThrow();
    expect(await statusOf(quote.id)).toBe('pending');
  });
});

describe('a transition from a wrong state over HTTP', () => {
  it('answers 409 with the sentence for a quote approved twice', async () => {
    const quote = await createQuote(db);
    const first = await t.app.inject({ method: 'POST', url: `/test/quotes/${quote.id}/approve` });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: `/test/quotes/${quote.id}/approve` });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'invalid_transition', message: 'This quote has already been approved.' });
  });

  it('answers 409 for an enquiry withdrawn twice', async () => {
    const assessment = await createAssessmentRecord(db);
    expect((await t.app.inject({ method: 'POST', url: `/test/assessments/${assessment.id}/withdraw` })).json()).toEqual({ status: 'withdrawn' });
    const again = await t.app.inject({ method: 'POST', url: `/test/assessments/${assessment.id}/withdraw` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'invalid_transition', message: 'This enquiry has already been withdrawn.' });
  });
});
