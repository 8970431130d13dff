// GET /api/admin/enquiries/{id} (issue 33): one enquiry as the team reads it. It composes what
// the modules that own each part already read (the admin's assessment view with its quote, the
// appointment view, the modification requests) with its bookings' money, offers, e-mails and
// audit lines (enquiry-page.repo.ts). The route's role group admits admins only.
import { bookingStage } from '../../../shared/api/admin';
import { adminEnquiryMessages, type AdminEnquiry, type EnquiryBooking } from '../../../shared/api/admin-enquiry';
import { penceToDecimalString } from '../../../shared/money';
import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { findQuoteByAssessment, modificationRequestsOf, revisionDraftsOf, toModificationRequestView, viewsOf } from '../quotes';
import { findAssessment } from '../assessments';
import { findAppointmentRecord, lapseHolds, toAppointmentView } from '../booking';
import { auditOfEnquiry, bookingsOfQuote, emailsOfEnquiry, offersOfQuote } from './enquiry-page.repo';

type BookingRow = Awaited<ReturnType<typeof bookingsOfQuote>>[number];

async function bookingView(db: Db, row: BookingRow, now: Date): Promise<EnquiryBooking> {
  const { appointment, payment, payout, technician } = row;
  const record = (await findAppointmentRecord(db, appointment.id))!;
  return {
    appointment: toAppointmentView(record, now, 'admin'),
    stage: bookingStage({
      status: appointment.status,
      paymentStatus: payment?.status ?? null,
      payoutStatus: payout?.status ?? null,
      problemReported: appointment.problemReportedAt !== null,
    }),
    cancelledAt: appointment.cancelledAt?.toISOString() ?? null,
    reminderSentAt: appointment.reminderSentAt?.toISOString() ?? null,
    problemReport: appointment.problemReport,
    payment: payment && {
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amount: penceToDecimalString(payment.amountPence),
      refunded: penceToDecimalString(payment.refundedPence),
      failureMessage: payment.failureMessage,
      createdAt: payment.createdAt.toISOString(),
      // As the appointment's cancellation period reads it (appointments.repo.ts, cancellationPeriodSql).
      paidAt: record.cancellationPeriod ? new Date(record.cancellationPeriod.paidAtMs).toISOString() : null,
    },
    payout: payout && {
      id: payout.id,
      status: payout.status,
      amount: penceToDecimalString(payout.amountPence),
      technician,
      releaseAfterAt: payout.releaseAfterAt?.toISOString() ?? null,
      releasedAt: payout.releasedAt?.toISOString() ?? null,
    },
  };
}

/** The enquiry `assessmentId` as the team reads it, or 404 when there is none. */
export async function readAdminEnquiry(db: Db, assessmentId: number, now: Date = new Date()): Promise<AdminEnquiry> {
  const row = await findAssessment(db, assessmentId);
  if (!row) throw notFound(adminEnquiryMessages.notFound);
  const quote = await findQuoteByAssessment(db, assessmentId);
  let bookings = quote ? await bookingsOfQuote(db, quote.id) : [];
  // A hold whose 30 minutes have run out is lapsed first, as every reader of a booking does, so the page never shows it as held.
  const overdue = bookings.filter(({ appointment: a }) => a.status === 'held' && a.holdExpiresAt !== null && a.holdExpiresAt <= now).map(({ appointment: a }) => a.id);
  if (quote && overdue.length > 0) {
    await lapseHolds(db, overdue, now);
    bookings = await bookingsOfQuote(db, quote.id);
  }
  const [[assessment], drafts, requests, offers, emails, audit, bookingViews] = await Promise.all([
    viewsOf(db, [row], 'admin'),
    revisionDraftsOf(db, quote ? [quote.id] : []),
    quote ? modificationRequestsOf(db, [quote.id], false) : [],
    quote ? offersOfQuote(db, quote.id) : [],
    emailsOfEnquiry(db, assessmentId),
    auditOfEnquiry(db, {
      assessmentId,
      quoteIds: quote ? [quote.id] : [],
      appointmentIds: bookings.map((b) => b.appointment.id),
      paymentIds: bookings.flatMap((b) => (b.payment ? [b.payment.id] : [])),
      payoutIds: bookings.flatMap((b) => (b.payout ? [b.payout.id] : [])),
    }),
    Promise.all(bookings.map((booking) => bookingView(db, booking, now))),
  ]);
  return {
    assessment: assessment!,
    vehicleRegistration: row.vehicleRegistration,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    modificationRequests: requests.map(toModificationRequestView),
    revisionDraft: drafts[0] ? { savedAt: drafts[0].savedAt.toISOString(), quote: drafts[0].view } : null,
    bookings: bookingViews,
    offers,
    emails,
    audit,
  };
}
