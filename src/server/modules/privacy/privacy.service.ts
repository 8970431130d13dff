// Privacy operations (issue 14, UK GDPR): a customer's data as a download, the erasure of their
// personal details and photos (on request, or by the retention job a set time after the job
// ended), keeping only the anonymised records the law requires (quotes, payments, payouts).
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { addLondonMonths } from '../../../shared/london-time';
import { normalisePostcode, outcodeOf } from '../../../shared/postcode';
import { privacyMessages, type ErasureResult } from '../../../shared/api/privacy';
import type { Db } from '../../db/database';
import {
  appointments,
  assessmentImages,
  assessments,
  customerGrants,
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
import { transition, TransitionConflictError } from '../../db/transition';
import { conflict, notFound } from '../../kernel/errors';
import { recordAudit, type Actor } from './audit.repo';
import { withoutAccessTokens } from '../access/grants.service';

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const pounds = (pence: number | null | undefined) => (pence === null || pence === undefined ? null : (pence / 100).toFixed(2));

/** Everything we hold about one enquiry, in a form a person (or another service) can read. */
export async function customerData(db: Db, assessmentId: number) {
  const [assessment] = await db.select().from(assessments).where(eq(assessments.id, assessmentId));
  if (!assessment) throw notFound('We could not find that enquiry.');
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
  const [reviews, warrantyRows] = appointmentIds.length
    ? await Promise.all([
        db.select().from(repairerReviews).where(inArray(repairerReviews.appointmentId, appointmentIds)),
        db.select().from(warranties).where(inArray(warranties.appointmentId, appointmentIds)),
      ])
    : [[], []];
  const emails = assessment.erasedAt
    ? []
    : await db
        .select({ subject: outboxEmails.subject, status: outboxEmails.status, createdAt: outboxEmails.createdAt, sentAt: outboxEmails.sentAt, textBody: outboxEmails.textBody })
        .from(outboxEmails)
        // The e-mails about this enquiry, never every e-mail to its address: the address is not
        // verified, so matching on it handed anyone who submitted under it another customer's e-mails.
        .where(eq(outboxEmails.assessmentId, assessmentId))
        .orderBy(asc(outboxEmails.id));

  return {
    data: {
      about: 'Everything AutoRevive holds about this enquiry, as of the time below. Amounts are in pounds sterling; times are UTC.',
      exportedAt: new Date().toISOString(),
      enquiry: {
        reference: assessment.reference,
        submittedAt: iso(assessment.createdAt),
        erasedAt: iso(assessment.erasedAt),
        contact: { name: assessment.name, email: assessment.email, phone: assessment.phone },
        address: { address: assessment.address, city: assessment.city, county: assessment.county, postcode: assessment.postcode },
        vehicle: { make: assessment.vehicleMake, model: assessment.vehicleModel, year: assessment.vehicleYear, registration: assessment.vehicleRegistration },
        damage: { type: assessment.damageType, locations: assessment.damageLocations, description: assessment.damageDescription },
      },
      photos: photos.map((photo) => ({ file: photoFileName(photo), kind: photo.kind, width: photo.width, height: photo.height, uploadedAt: iso(photo.createdAt) })),
      quotes: quoteRows.map((quote) => ({
        status: quote.status,
        total: pounds(quote.totalPence),
        validUntil: quote.validUntilDate,
        approvedAt: iso(quote.approvedAt),
        items: items.filter((item) => item.quoteId === quote.id).map((item) => ({ description: item.description, cost: pounds(item.costPence) })),
        changeRequests: requests.filter((r) => r.quoteId === quote.id).map((r) => ({ message: r.message, sentAt: iso(r.createdAt) })),
      })),
      bookings: bookingRows.map((booking) => ({
        date: booking.appointmentDate,
        timeSlot: booking.timeSlot,
        status: booking.status,
        notes: booking.notes,
        completedAt: iso(booking.completedAt),
        confirmedByYouAt: iso(booking.customerConfirmedAt),
        problemReported: booking.problemReport,
        cancelledAt: iso(booking.cancelledAt),
        review: reviews.filter((r) => r.appointmentId === booking.id).map((r) => ({ rating: r.rating, comment: r.comment }))[0] ?? null,
        warranty: warrantyRows.filter((w) => w.appointmentId === booking.id).map((w) => ({ from: w.startsDate, to: w.endsDate }))[0] ?? null,
      })),
      payments: paymentRows.map((payment) => ({ amount: pounds(payment.amountPence), status: payment.status, provider: payment.provider, takenAt: iso(payment.createdAt), refunded: pounds(payment.refundedPence) })),
      // Their words, without the links' keys: a downloaded file is kept and shared in ways the product cannot see.
      emailsWeSentYou: emails.map((email) => ({ subject: email.subject, status: email.status, queuedAt: iso(email.createdAt), sentAt: iso(email.sentAt), text: withoutAccessTokens(email.textBody) })),
    },
    reference: assessment.reference,
    photoFiles: photos.map((photo) => ({ name: photoFileName(photo), key: photo.displayKey })),
  };
}

function photoFileName(photo: { kind: string; position: number }): string {
  return `photos/${photo.kind === 'after' ? 'after-repair' : 'damage'}-${photo.position + 1}.jpg`;
}

/** Why an enquiry may not be erased yet, or null. */
async function erasureBlocker(tx: Db, assessmentId: number): Promise<string | null> {
  const [live] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .where(and(eq(quotes.assessmentId, assessmentId), inArray(appointments.status, ['held', 'confirmed', 'assigned'])))
    .limit(1);
  if (live) return privacyMessages.activeBooking;
  const [held] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .innerJoin(quotes, eq(quotes.id, payments.quoteId))
    .where(and(eq(quotes.assessmentId, assessmentId), inArray(payouts.status, ['held', 'sending'])))
    .limit(1);
  if (held) return privacyMessages.heldPayment;
  return null;
}

/** The kinds of e-mail the team gets about one enquiry (assessment-emails, quote-emails, completion-emails). */
const TEAM_EMAIL_KINDS = ['assessment-new-team', 'quote-modification-team', 'repair-problem-team'];

/**
 * Erases one enquiry's personal details inside `tx` and answers the photo files to delete once
 * it commits. Kept: the reference, the vehicle's make, model and year, the damage type, the
 * postcode district, and every amount (quotes, payments, payouts), which name nobody.
 */
export async function eraseAssessment(tx: Db, assessmentId: number, actor: Actor, reason: 'request' | 'retention', now = new Date()): Promise<{ result: ErasureResult; fileKeys: string[] }> {
  // The quote first (docs/decisions/0004-lifecycles.md, "One lock order"), as holding a slot,
  // settling a payment and deleting the enquiry do: a booking under way finishes before the
  // blocker below looks for it, and one arriving now waits and then finds the enquiry erased.
  await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.assessmentId, assessmentId)).for('update');
  const [assessment] = await tx.select().from(assessments).where(eq(assessments.id, assessmentId)).for('update');
  if (!assessment) throw notFound('We could not find that enquiry.');
  if (assessment.erasedAt) throw conflict(privacyMessages.alreadyErased);
  const blocker = await erasureBlocker(tx, assessmentId);
  if (blocker) throw conflict(blocker);

  const images = await tx.delete(assessmentImages).where(eq(assessmentImages.assessmentId, assessmentId)).returning({ displayKey: assessmentImages.displayKey, thumbKey: assessmentImages.thumbKey });
  const fileKeys = images.flatMap((image) => [image.displayKey, image.thumbKey]);
  await tx
    .update(assessments)
    .set({
      name: 'Erased customer',
      email: `erased-${assessmentId}@erased.invalid`,
      phone: '',
      address: '',
      city: '',
      county: '',
      postcode: outcodeOf(assessment.postcode) ?? '',
      latitude: null,
      longitude: null,
      vehicleRegistration: null,
      damageDescription: '',
      idempotencyKey: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(assessments.id, assessmentId));
  await tx.delete(customerGrants).where(eq(customerGrants.assessmentId, assessmentId));
  await tx.delete(postcodeCache).where(inArray(postcodeCache.postcode, [assessment.postcode, normalisePostcode(assessment.postcode) ?? assessment.postcode]));

  const quoteRows = await tx.select({ id: quotes.id, status: quotes.status }).from(quotes).where(eq(quotes.assessmentId, assessmentId));
  const quoteIds = quoteRows.map((q) => q.id);
  // Nobody is left to quote for: a quote not booked leaves the admin's desk and its counts through
  // its lifecycle (locked above, first, so nothing can move it meanwhile). A booked one stays booked.
  for (const quote of quoteRows) if (quote.status === 'pending' || quote.status === 'approved') await transition(tx, 'quote', 'withdraw', quote.id);
  if (quoteIds.length > 0) {
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

  // The e-mails we sent them: what they said goes; that an e-mail was sent stays. The team's
  // e-mails about them (a new enquiry, a change asked for, a problem reported) carry their name,
  // e-mail, town or words too, and each names the enquiry's reference in its subject: they keep
  // the team's address and the reference. One still waiting is given up on, through its
  // lifecycle, rather than sent to nobody. One being sent at this moment (its row locked by the
  // sender) is waited for: sent, it is scrubbed below like any other, and the erasure goes on
  // rather than failing on a transition it no longer needs.
  // Theirs about this enquiry only: another enquiry under the same address may be someone else's.
  const toThem = eq(outboxEmails.assessmentId, assessmentId);
  const aboutThem = and(inArray(outboxEmails.kind, TEAM_EMAIL_KINDS), sql`strpos(${outboxEmails.subject}, ${assessment.reference}) > 0`)!;
  const pending = await tx.select({ id: outboxEmails.id }).from(outboxEmails).where(and(or(toThem, aboutThem), eq(outboxEmails.status, 'pending')));
  for (const { id } of pending) {
    try {
      await transition(tx, 'outboxEmail', 'fail', id, { set: { lastError: 'The customer’s data was erased before it was sent.' } });
    } catch (error) {
      if (!(error instanceof TransitionConflictError)) throw error;
    }
  }
  await tx
    .update(outboxEmails)
    .set({ toAddress: `erased-${assessmentId}@erased.invalid`, subject: '(erased)', textBody: '', htmlBody: null, headers: {}, attachments: [] })
    .where(toThem);
  await tx
    .update(outboxEmails)
    .set({ subject: `(erased) ${assessment.reference}`, textBody: '', htmlBody: null, headers: {}, attachments: [] })
    .where(aboutThem);

  await recordAudit(tx, actor, 'data_erased', { kind: 'assessment', id: assessmentId }, { reference: assessment.reference, photosDeleted: images.length, reason });
  return { result: { reference: assessment.reference, erasedAt: now.toISOString(), photosDeleted: images.length }, fileKeys };
}

/**
 * Enquiries whose job ended more than `months` ago and still hold personal details: nothing
 * live (no booking to come, no payout held), and no change to the enquiry, its quotes or its
 * bookings since the cut-off. In id order, from after `afterId`.
 */
export async function dueForRetention(db: Db, months: number, now: Date, limit: number, afterId = 0): Promise<number[]> {
  const cutoff = addLondonMonths(now, -months);
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
