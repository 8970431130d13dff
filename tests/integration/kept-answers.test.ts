// Issue 9: a customer's assessment and quote answers are kept while the database vouches for
// them (src/server/db/kept-answers.ts). A kept answer must never outlive a change to anything it
// shows, whoever made the change: after every kind of write below, the route's answer must be
// the one it gives with nothing kept, and must differ from the answer before (so the write did
// reach what the route shows, and the comparison compares something). The writes go straight to
// the database, as a job, another instance or psql would make them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createImageRecord, createQuote, createUser } from '../../src/server/db/factories';
import { keptAnswersOf, stampSql } from '../../src/server/db/kept-answers';
import { assessmentImages, assessments, customerGrants, priceListEntries, quoteItems, quotes } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { readAssessmentBody, readQuoteBody } from '../../src/server/modules/quotes';
import { hashToken } from '../../src/server/kernel/tokens';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto' });
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, cookie: string | undefined) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: response.body, type: response.headers['content-type'], cache: response.headers['cache-control'] };
}

/** The route's answer with nothing kept: what it answered before answers were kept. */
async function fresh(url: string, cookie: string | undefined) {
  keptAnswersOf(t.database).clear();
  return get(url, cookie);
}

/**
 * Reads `url` as `cookie` until its answer is kept, makes the change, and checks the next read
 * against a read with nothing kept; returns the answers before and after.
 */
async function acrossChange(url: string, cookie: string | undefined, change: () => Promise<unknown>) {
  const before = await fresh(url, cookie);
  expect(await get(url, cookie), `${url} kept`).toEqual(before);
  expect(keptAnswersOf(t.database).size).toBeGreaterThan(0);
  await change();
  const after = await get(url, cookie);
  expect(after, `${url} after the change`).toEqual(await fresh(url, cookie));
  return { before, after };
}

describe(`kept answers (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('never outlive a write to anything the assessment or its quote shows', async () => {
    const db = t.database.db;
    const admin = await createUser(db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    const assessment = await createAssessmentRecord(db, { name: 'Kept Customer' });
    const quote = await createQuote(db, { assessmentId: assessment.id, status: 'pending', items: [{ description: 'Bumper', costPence: 20_000 }] });
    const customer = `ar_access=${(await createGrant(db, assessment.id)).token}`;
    const url = `/api/assessments/${assessment.id}`;
    const changed = async (reader: string, change: () => Promise<unknown>) => {
      const { before, after } = await acrossChange(url, reader, change);
      expect(after.body, 'the change shows').not.toEqual(before.body);
      return JSON.parse(after.body) as Record<string, unknown>;
    };

    // The answer as sent before: JSON, never stored by a browser or proxy.
    const first = await fresh(url, customer);
    expect(first).toMatchObject({ status: 200, type: 'application/json; charset=utf-8', cache: 'private, no-store' });
    expect(JSON.parse(first.body)).toMatchObject({ id: assessment.id, name: 'Kept Customer', quote: null, guidePrice: { low: expect.any(String) } });

    // The assessment's own columns, and two updates in one transaction.
    expect(await changed(customer, () => db.update(assessments).set({ name: 'Renamed Customer' }).where(eq(assessments.id, assessment.id)))).toMatchObject({ name: 'Renamed Customer' });
    await changed(customer, () =>
      db.transaction(async (tx) => {
        await tx.update(assessments).set({ damageDescription: 'First' }).where(eq(assessments.id, assessment.id));
        await tx.update(assessments).set({ damageDescription: 'Second' }).where(eq(assessments.id, assessment.id));
      }),
    );
    // Its photos: one added, one removed.
    const photo = await createImageRecord(db, { assessmentId: assessment.id, position: 0 });
    expect(await changed(customer, () => createImageRecord(db, { assessmentId: assessment.id, position: 1 }))).toMatchObject({ images: [photo.id, expect.any(Number)] });
    expect(await changed(customer, () => db.delete(assessmentImages).where(eq(assessmentImages.id, photo.id)))).not.toMatchObject({ images: [photo.id, expect.any(Number)] });
    // The guide: its price-list rows; the list emptied (the guide comes from the seeded list);
    // rows for another damage type only (the stored list cannot price it: no guide); its own again.
    const list = await db.select().from(priceListEntries);
    const rows = list.filter((row) => row.damageType === assessment.damageType);
    const others = list.filter((row) => row.damageType !== assessment.damageType);
    expect(rows.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    await changed(customer, () => db.update(priceListEntries).set({ laborPence: rows[0]!.laborPence * 3 }).where(eq(priceListEntries.damageType, assessment.damageType)));
    await changed(customer, () => db.delete(priceListEntries));
    expect(await changed(customer, () => db.insert(priceListEntries).values(others))).toMatchObject({ guidePrice: null });
    await changed(customer, () => db.insert(priceListEntries).values(rows.map((row) => ({ ...row, laborPence: row.laborPence * 2 }))));

    // The pending quote: the admin sees its items change; approved, its customer sees it.
    await changed(adminCookie, () => db.update(quoteItems).set({ costPence: 21_000 }).where(eq(quoteItems.quoteId, quote.id)));
    await changed(adminCookie, () => db.insert(quoteItems).values({ quoteId: quote.id, position: 1, description: 'Wing', costPence: 5_000 }));
    expect(await changed(customer, () => db.update(quotes).set({ status: 'approved', approvedAt: new Date() }).where(eq(quotes.id, quote.id)))).toMatchObject({
      quote: { id: quote.id, status: 'approved' },
      guidePrice: null,
    });
    await changed(customer, () => db.delete(quoteItems).where(eq(quoteItems.description, 'Wing')));
    expect(await changed(customer, () => db.update(quotes).set({ estimatedDays: 3 }).where(eq(quotes.id, quote.id)))).toMatchObject({ quote: { estimatedDays: 3 } });

    // The repairer assigned to its quote reads it; once reassigned, not.
    const repairer = await createUser(db, { role: 'repairer' });
    const repairerCookie = await signInAs(t.app, repairer.email, repairer.password);
    expect((await fresh(url, repairerCookie)).status).toBe(404);
    await db.update(quotes).set({ assignedRepairerId: repairer.repairerId, assignmentStatus: 'assigned' }).where(eq(quotes.id, quote.id));
    expect((await acrossChange(url, repairerCookie, () => db.update(quotes).set({ assignedRepairerId: null, assignmentStatus: 'unassigned' }).where(eq(quotes.id, quote.id)))).after.status).toBe(404);

    // The quote read, by id and by enquiry: its reference, its items, its status.
    for (const quoteUrl of [`/api/quotes/${quote.id}`, `/api/quotes/assessment/${assessment.id}`]) {
      const { before, after } = await acrossChange(quoteUrl, customer, () => db.update(quoteItems).set({ costPence: 22_000 + quoteUrl.length }).where(eq(quoteItems.quoteId, quote.id)));
      expect(before.status).toBe(200);
      expect(after.body).not.toEqual(before.body);
      const hours = await acrossChange(quoteUrl, customer, () => db.update(quotes).set({ estimatedHours: quoteUrl.length }).where(eq(quotes.id, quote.id)));
      expect(JSON.parse(hours.after.body)).toMatchObject({ estimatedHours: quoteUrl.length });
      const renamed = await acrossChange(quoteUrl, customer, () => db.update(assessments).set({ reference: `AR-K${quoteUrl.length}PT-KEPT` }).where(eq(assessments.id, assessment.id)));
      expect(JSON.parse(renamed.after.body)).toMatchObject({ reference: `AR-K${quoteUrl.length}PT-KEPT`, assessment: { reference: `AR-K${quoteUrl.length}PT-KEPT` } });
      // Its enquiry, which it carries as `assessment`: a column, and the photos.
      const moved = await acrossChange(quoteUrl, customer, () => db.update(assessments).set({ city: `Leeds ${quoteUrl.length}` }).where(eq(assessments.id, assessment.id)));
      expect(JSON.parse(moved.after.body)).toMatchObject({ assessment: { city: `Leeds ${quoteUrl.length}`, customer: { city: `Leeds ${quoteUrl.length}` } } });
      const photographed = await acrossChange(quoteUrl, customer, () => createImageRecord(db, { assessmentId: assessment.id, position: 10 + quoteUrl.length }));
      expect((JSON.parse(photographed.after.body) as { assessment: { images: number[] } }).assessment.images).toHaveLength((JSON.parse(photographed.before.body) as { assessment: { images: number[] } }).assessment.images.length + 1);
    }
    // Back to pending (as no route does, but a person in psql might): its customer no longer sees it.
    expect((await acrossChange(`/api/quotes/${quote.id}`, customer, () => db.update(quotes).set({ status: 'pending' }).where(eq(quotes.id, quote.id)))).after.status).toBe(404);

    // The grant revoked, then the record erased: not found, though an answer was kept.
    await db.update(quotes).set({ status: 'approved' }).where(eq(quotes.id, quote.id));
    expect((await acrossChange(url, customer, () => db.delete(customerGrants).where(eq(customerGrants.assessmentId, assessment.id)))).after.status).toBe(404);
    expect((await acrossChange(url, adminCookie, () => db.delete(assessments).where(eq(assessments.id, assessment.id)))).after.status).toBe(404);
  });

  it('never serve another reader the answer kept for one', async () => {
    const db = t.database.db;
    const admin = await createUser(db, { role: 'admin' });
    const adminCookie = await signInAs(t.app, admin.email, admin.password);
    const quote = await createQuote(db, { status: 'pending' });
    const customer = `ar_access=${(await createGrant(db, quote.assessmentId)).token}`;
    const other = `ar_access=${(await createGrant(db, (await createAssessmentRecord(db)).id)).token}`;
    const url = `/api/assessments/${quote.assessmentId}`;
    // The admin's answer (with the pending quote) is kept; the customer's (a guide) is its own;
    // a reader without the grant, or with another's, finds nothing.
    const asAdmin = await get(url, adminCookie);
    const asCustomer = await get(url, customer);
    expect(JSON.parse(asAdmin.body)).toMatchObject({ quote: { id: quote.id, status: 'pending' }, guidePrice: null });
    expect(JSON.parse(asCustomer.body)).toMatchObject({ quote: null, guidePrice: { low: expect.any(String) } });
    for (let i = 0; i < 2; i++) {
      expect(await get(url, adminCookie)).toEqual(asAdmin);
      expect(await get(url, customer)).toEqual(asCustomer);
      expect((await get(url, other)).status).toBe(404);
      expect((await get(url, undefined)).status).toBe(404);
      expect((await get(`/api/quotes/${quote.id}`, customer)).status).toBe(404);
      expect((await get(`/api/quotes/${quote.id}`, adminCookie)).status).toBe(200);
    }
  });

  it('know that a quote expires when London’s date passes its valid-until date, with nothing written', async () => {
    const db = t.database.db;
    const quote = await createQuote(db, { status: 'approved', approvedAt: new Date(), validUntilDate: '2026-12-31' });
    const reader = { user: null, grantTokenHashes: [hashToken((await createGrant(db, quote.assessmentId)).token)] };
    const lastDay = new Date('2026-12-31T23:59:00Z');
    const nextDay = new Date('2027-01-01T00:01:00Z');
    for (const read of [
      (now: Date) => readAssessmentBody(t.database, quote.assessmentId, reader, JSON.stringify, now).then((body) => (JSON.parse(body) as { quote: unknown }).quote),
      (now: Date) => readQuoteBody(t.database, 'id', quote.id, reader, JSON.stringify, now).then((body) => JSON.parse(body!) as unknown),
    ]) {
      expect(await read(lastDay)).toMatchObject({ expired: false });
      expect(await read(lastDay)).toMatchObject({ expired: false });
      expect(await read(nextDay)).toMatchObject({ expired: true });
    }
  });

  it('keep every part of a stamp in its place, an absent one empty', async () => {
    const [row] = await t.database
      .statement<{ first: string; second: string; empty: string }>('stamp_places', `SELECT ${stampSql('NULL', "'1'")} AS first, ${stampSql("'1'", 'NULL')} AS second, ${stampSql("''", "'1'")} AS empty`)
      .run([]);
    expect(row).toEqual({ first: '|1', second: '1|', empty: '|1' });
  });
});
