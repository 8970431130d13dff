// Privacy operations (issue 14, UK GDPR): a customer's data as a download, the erasure of their
// personal details and photos (on request, or by the retention job a set time after the job
// ended), keeping only the anonymised records the law requires (quotes, payments, payouts).
import { addLondonMonths } from '../../../shared/london-time';
import { normalisePostcode, outcodeOf } from '../../../shared/postcode';
import { privacyMessages, type ErasureResult } from '../../../shared/api/privacy';
import type { Db } from '../../db/database';
import { transition, TransitionConflictError } from '../../db/transition';
import { conflict, notFound } from '../../kernel/errors';
import { recordAudit, type Actor } from './audit.repo';
import {
  deleteGrantsAndCachedPostcodes,
  deletePhotoRows,
  enquiriesUntouchedSince,
  enquiryRecords,
  heldPayoutOfEnquiry,
  liveBookingOfEnquiry,
  lockEnquiry,
  pendingEmailsOfEnquiry,
  quotesOfEnquiry,
  scrubAssessment,
  scrubEmailsOfEnquiry,
  scrubQuotesWords,
} from './privacy.repo';
import { forgetEmailIfNoEnquiries, withoutAccessTokens } from '../access';
import { withOutbox } from '../email';

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const pounds = (pence: number | null | undefined) => (pence === null || pence === undefined ? null : (pence / 100).toFixed(2));

/** Everything we hold about one enquiry, in a form a person (or another service) can read. */
export async function customerData(db: Db, assessmentId: number) {
  const records = await enquiryRecords(db, assessmentId);
  if (!records) throw notFound('We could not find that enquiry.');
  const { assessment, photos, quoteRows, items, requests, bookingRows, paymentRows, reviews, warrantyRows, invoiceRows, emails } = records;

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
      // Issue 37 item 5: VAT invoices and credit notes, as issued. They are tax records, so an
      // erasure keeps them (the privacy policy says so): the export shows what is kept.
      invoices: invoiceRows.map(({ facts }) => ({
        kind: facts.kind,
        number: facts.number,
        issued: facts.issuedDate,
        dateOfSupply: facts.supplyDate,
        billedTo: facts.customer,
        net: pounds(facts.netPence),
        vat: pounds(facts.vatPence),
        total: pounds(facts.totalPence),
      })),
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
  if (await liveBookingOfEnquiry(tx, assessmentId)) return privacyMessages.activeBooking;
  if (await heldPayoutOfEnquiry(tx, assessmentId)) return privacyMessages.heldPayment;
  return null;
}

/**
 * Erases one enquiry (eraseAssessment) as the booking process's step erase-enquiry, in its own
 * transaction: inside it `transition` refuses any booking change the step does not declare.
 */
export async function eraseEnquiry(db: Db, assessmentId: number, actor: Actor, reason: 'request' | 'retention', now = new Date()): Promise<{ result: ErasureResult; fileKeys: string[] }> {
  return withOutbox({ db }, ({ tx }) => eraseAssessment(tx, assessmentId, actor, reason, now), { step: 'erase-enquiry' });
}

/**
 * Erases one enquiry's personal details inside `tx` and answers the photo files to delete once
 * it commits. Kept: the reference, the vehicle's make, model and year, the damage type, the
 * postcode district, and every amount (quotes, payments, payouts), which name nobody.
 */
export async function eraseAssessment(tx: Db, assessmentId: number, actor: Actor, reason: 'request' | 'retention', now = new Date()): Promise<{ result: ErasureResult; fileKeys: string[] }> {
  // The quote first (docs/decisions/0004-lifecycles.md, "One lock order"), as holding a slot,
  // settling a payment and deleting the enquiry do: a booking under way finishes before the
  // blocker below looks for it, and one arriving now waits and then finds the enquiry erased.
  const assessment = await lockEnquiry(tx, assessmentId);
  if (!assessment) throw notFound('We could not find that enquiry.');
  if (assessment.erasedAt) throw conflict(privacyMessages.alreadyErased);
  const blocker = await erasureBlocker(tx, assessmentId);
  if (blocker) throw conflict(blocker);

  const images = await deletePhotoRows(tx, assessmentId);
  const fileKeys = images.flatMap((image) => [image.displayKey, image.thumbKey]);
  await scrubAssessment(tx, assessmentId, outcodeOf(assessment.postcode) ?? '', now);
  await deleteGrantsAndCachedPostcodes(tx, assessmentId, [assessment.postcode, normalisePostcode(assessment.postcode) ?? assessment.postcode]);
  // Issue 38: My repairs' sessions and sign-in links hold the address: gone with its last enquiry (docs/decisions/0036).
  await forgetEmailIfNoEnquiries(tx, assessment.email.trim().toLowerCase());

  const quoteRows = await quotesOfEnquiry(tx, assessmentId);
  const quoteIds = quoteRows.map((q) => q.id);
  // Nobody is left to quote for: a quote not booked leaves the admin's desk and its counts through
  // its lifecycle (locked above, first, so nothing can move it meanwhile). A booked one stays booked.
  for (const quote of quoteRows) if (quote.status === 'pending' || quote.status === 'approved') await transition(tx, 'quote', 'withdraw', quote.id);
  if (quoteIds.length > 0) await scrubQuotesWords(tx, quoteIds);

  // The e-mails we sent them: what they said goes; that an e-mail was sent stays. The team's
  // e-mails about them (a new enquiry, a change asked for, a problem reported) carry their name,
  // e-mail, town or words too, and each names the enquiry's reference in its subject: they keep
  // the team's address and the reference. One still waiting is given up on, through its
  // lifecycle, rather than sent to nobody. One being sent at this moment (its row locked by the
  // sender) is waited for: sent, it is scrubbed below like any other, and the erasure goes on
  // rather than failing on a transition it no longer needs.
  const pending = await pendingEmailsOfEnquiry(tx, assessmentId, assessment.reference);
  for (const { id } of pending) {
    try {
      await transition(tx, 'outboxEmail', 'fail', id, { set: { lastError: 'The customer’s data was erased before it was sent.' } });
    } catch (error) {
      if (!(error instanceof TransitionConflictError)) throw error;
    }
  }
  await scrubEmailsOfEnquiry(tx, assessmentId, assessment.reference);

  await recordAudit(tx, actor, 'data_erased', { kind: 'assessment', id: assessmentId }, { reference: assessment.reference, photosDeleted: images.length, reason });
  return { result: { reference: assessment.reference, erasedAt: now.toISOString(), photosDeleted: images.length }, fileKeys };
}

/**
 * Enquiries whose job ended more than `months` ago and still hold personal details: nothing
 * live (no booking to come, no payout held), and no change to the enquiry, its quotes or its
 * bookings since the cut-off. In id order, from after `afterId`.
 */
export async function dueForRetention(db: Db, months: number, now: Date, limit: number, afterId = 0): Promise<number[]> {
  return enquiriesUntouchedSince(db, addLondonMonths(now, -months), limit, afterId);
}
