// The queries behind privacy's export and erasure (issue 14): everything held about one enquiry,
// what stops its erasure, the scrubbing of each table that holds its personal details, and the
// enquiries the retention job erases. An erasure touches each of them in one transaction.
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  assessmentImages,
  assessments,
  customerGrants,
  invoices,
  outboxEmails,
  payments,
  payouts,
  postcodeCache,
  quoteItems,
  quoteModificationRequests,
  quotes,
  repairerReviews,
  warranties,
} from '../../db/schema';

/** Every row held about one enquiry (its e-mails only while it is not erased), or undefined when there is no such enquiry. */
export async function enquiryRecords(db: Db, assessmentId: number) {
  const [assessment] = await db.select().from(assessments).where(eq(assessments.id, assessmentId));
  if (!assessment) return undefined;
  const photos = await db.select().from(assessmentImages).where(eq(assessmentImages.assessmentId, assessmentId)).orderBy(asc(assessmentImages.kind), asc(assessmentImages.position));
  const quoteRows = await db.select().from(quotes).where(eq(quotes.assessmentId, assessmentId)).orderBy(asc(quotes.id));
  const quoteIds = quoteRows.map((q) => q.id);
  const [items, requests, bookingRows, paymentRows] = quoteIds.length
    ? await Promise.all([
        db.select().from(quoteItems).where(inArray(quoteItems.quoteId, quoteIds)).orderBy(asc(quoteItems.id)),
        db.select().from(quoteModificationRequests).where(inArray(quoteModificationRequests.quoteId, quoteIds)).orderBy(asc(quoteModificationRequests.id)),
        db.select().from(appointments).where(inArray(appointments.quoteId, quoteIds)).orderBy(asc(appointments.id)),
        db.select().from(payments).where(inArray(payments.quoteId, quoteIds)).orderBy(asc(payments.id)),
      ])
    : [[], [], [], []];
  const appointmentIds = bookingRows.map((a) => a.id);
  const [reviews, warrantyRows, invoiceRows] = appointmentIds.length
    ? await Promise.all([
        db.select().from(repairerReviews).where(inArray(repairerReviews.appointmentId, appointmentIds)),
        db.select().from(warranties).where(inArray(warranties.appointmentId, appointmentIds)),
        db.select().from(invoices).where(inArray(invoices.appointmentId, appointmentIds)).orderBy(asc(invoices.number)),
      ])
    : [[], [], []];
  const emails = assessment.erasedAt
    ? []
    : await db
        .select({ subject: outboxEmails.subject, status: outboxEmails.status, createdAt: outboxEmails.createdAt, sentAt: outboxEmails.sentAt, textBody: outboxEmails.textBody })
        .from(outboxEmails)
        // The e-mails about this enquiry, never every e-mail to its address: the address is not
        // verified, so matching on it handed anyone who submitted under it another customer's e-mails.
        .where(eq(outboxEmails.assessmentId, assessmentId))
        .orderBy(asc(outboxEmails.id));
  return { assessment, photos, quoteRows, items, requests, bookingRows, paymentRows, reviews, warrantyRows, invoiceRows, emails };
}

/** A booking of the enquiry still to happen (held, confirmed or assigned), if any. */
export async function liveBookingOfEnquiry(tx: Db, assessmentId: number): Promise<{ id: number } | undefined> {
  const [live] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .where(and(eq(quotes.assessmentId, assessmentId), inArray(appointments.status, ['held', 'confirmed', 'assigned'])))
    .limit(1);
  return live;
}

/** A payout of the enquiry held or being sent, if any. */
export async function heldPayoutOfEnquiry(tx: Db, assessmentId: number): Promise<{ id: number } | undefined> {
  const [held] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(quotes, eq(quotes.id, payments.quoteId))
    .where(and(eq(quotes.assessmentId, assessmentId), inArray(payouts.status, ['held', 'sending'])))
    .limit(1);
  return held;
}

/** The enquiry's quotes, then the enquiry, locked in that order (the one lock order); answers the enquiry's row. */
export async function lockEnquiry(tx: Db, assessmentId: number) {
  await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.assessmentId, assessmentId)).for('update');
  const [assessment] = await tx.select().from(assessments).where(eq(assessments.id, assessmentId)).for('update');
  return assessment;
}

/** Deletes the enquiry's photo rows; answers their file keys. */
export async function deletePhotoRows(tx: Db, assessmentId: number): Promise<{ displayKey: string; thumbKey: string }[]> {
  return tx.delete(assessmentImages).where(eq(assessmentImages.assessmentId, assessmentId)).returning({ displayKey: assessmentImages.displayKey, thumbKey: assessmentImages.thumbKey });
}

/** The enquiry's personal details replaced: its postcode kept as `district`, its name and address gone. */
export async function scrubAssessment(tx: Db, assessmentId: number, district: string, now: Date): Promise<void> {
  await tx
    .update(assessments)
    .set({
      name: 'Erased customer',
      email: `erased-${assessmentId}@erased.invalid`,
      phone: '',
      address: '',
      city: '',
      county: '',
      postcode: district,
      latitude: null,
      longitude: null,
      vehicleRegistration: null,
      damageDescription: '',
      idempotencyKey: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(assessments.id, assessmentId));
}

/** The enquiry's access grants and the cached locations of its postcode. */
export async function deleteGrantsAndCachedPostcodes(tx: Db, assessmentId: number, postcodes: string[]): Promise<void> {
  await tx.delete(customerGrants).where(eq(customerGrants.assessmentId, assessmentId));
  await tx.delete(postcodeCache).where(inArray(postcodeCache.postcode, postcodes));
}

export async function quotesOfEnquiry(tx: Db, assessmentId: number) {
  return tx.select({ id: quotes.id, status: quotes.status }).from(quotes).where(eq(quotes.assessmentId, assessmentId));
}

/** The customer's words on these quotes: change requests, booking notes and problem reports, reviews. */
export async function scrubQuotesWords(tx: Db, quoteIds: number[]): Promise<void> {
  await tx.update(quoteModificationRequests).set({ message: '' }).where(inArray(quoteModificationRequests.quoteId, quoteIds));
  const bookingIds = (
    await tx
      .update(appointments)
      .set({ notes: '', problemReport: sql`CASE WHEN ${appointments.problemReport} IS NULL THEN NULL ELSE '' END` })
      .where(inArray(appointments.quoteId, quoteIds))
      .returning({ id: appointments.id })
  ).map((a) => a.id);
  if (bookingIds.length > 0) await tx.update(repairerReviews).set({ comment: '' }).where(inArray(repairerReviews.appointmentId, bookingIds));
}

/** The kinds of e-mail the team gets about one enquiry (assessment-emails, quote-emails, completion-emails). */
const TEAM_EMAIL_KINDS = ['assessment-new-team', 'quote-modification-team', 'repair-problem-team'];

/** The customer's e-mails about this enquiry, and the team's about it (each names its reference in the subject). */
function emailsOfEnquiry(assessmentId: number, reference: string): { toThem: SQL; aboutThem: SQL } {
  // Theirs about this enquiry only: another enquiry under the same address may be someone else's.
  const toThem = eq(outboxEmails.assessmentId, assessmentId);
  const aboutThem = and(inArray(outboxEmails.kind, TEAM_EMAIL_KINDS), sql`strpos(${outboxEmails.subject}, ${reference}) > 0`)!;
  return { toThem, aboutThem };
}

/** The enquiry's e-mails (to them, or the team's about them) still waiting to be sent. */
export async function pendingEmailsOfEnquiry(tx: Db, assessmentId: number, reference: string): Promise<{ id: number }[]> {
  const { toThem, aboutThem } = emailsOfEnquiry(assessmentId, reference);
  return tx.select({ id: outboxEmails.id }).from(outboxEmails).where(and(or(toThem, aboutThem), eq(outboxEmails.status, 'pending')));
}

/** What the enquiry's e-mails said goes; that they were sent stays (the team's keep their address and the reference). */
export async function scrubEmailsOfEnquiry(tx: Db, assessmentId: number, reference: string): Promise<void> {
  const { toThem, aboutThem } = emailsOfEnquiry(assessmentId, reference);
  await tx
    .update(outboxEmails)
    .set({ toAddress: `erased-${assessmentId}@erased.invalid`, subject: '(erased)', textBody: '', htmlBody: null, headers: {}, attachments: [] })
    .where(toThem);
  await tx
    .update(outboxEmails)
    .set({ subject: `(erased) ${reference}`, textBody: '', htmlBody: null, headers: {}, attachments: [] })
    .where(aboutThem);
}

/**
 * Enquiries still holding personal details with nothing live (no booking to come, no payout
 * held) and no change to the enquiry, its quotes or its bookings since `cutoff`. In id order,
 * from after `afterId`.
 */
export async function enquiriesUntouchedSince(db: Db, cutoff: Date, limit: number, afterId: number): Promise<number[]> {
  const id = sql.raw('"assessments"."id"');
  const rows = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        isNull(assessments.erasedAt),
        gt(assessments.id, afterId),
        sql`${assessments.updatedAt} < ${cutoff}`,
        sql`NOT EXISTS (SELECT 1 FROM ${quotes} q WHERE q.assessment_id = ${id} AND q.updated_at >= ${cutoff})`,
        sql`NOT EXISTS (SELECT 1 FROM ${appointments} ap JOIN ${quotes} q ON q.id = ap.quote_id WHERE q.assessment_id = ${id}
              AND (ap.updated_at >= ${cutoff} OR ap.status IN ('held', 'confirmed', 'assigned')))`,
        sql`NOT EXISTS (SELECT 1 FROM ${payouts} po JOIN ${payments} p ON p.id = po.payment_id JOIN ${quotes} q ON q.id = p.quote_id
              WHERE q.assessment_id = ${id} AND po.status IN ('held', 'sending'))`,
      ),
    )
    .orderBy(asc(assessments.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
