// Doing the job (issue 12; D6, D14): the assigned repairer marks it done on or after the day;
// the customer confirms it (releasing the repairer's share) or reports a problem (holding it);
// the warranty record is made at completion; the customer may then rate the repair.
import { completionMessages, type ReviewBody } from '../../../../shared/api/appointments';
import { londonDateOf } from '../../../../shared/london-time';
import { addMonths } from '../../../../shared/calendar-date';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import { refuseUnlessAllowed, transition } from '../../../db/transition';
import { conflict, notFound } from '../../../kernel/errors';
import { storePhotos, type FileStore, type ProcessedImage } from '../../images';
import { customerRecordAccess, type Viewer } from '../../access';
import type { SessionUser } from '../../auth';
import { findAppointmentRecord, lockAppointment } from '../appointments.repo';
import { bookingMessages } from '../hold/bookings.service';
import type { Enqueue } from '../../../kernel/jobs';
import { runStep } from '../process/run-step';
import { bookingFacts } from '../emails/booking-email-facts';
import { findQuote } from '../../quotes';
import { problemReportedEmail, repairDoneEmail } from '../emails/completion-emails';
import { repairDoneText } from '../emails/booking-emails';
import { RELEASE_AFTER_HOURS } from '../payout/payouts';
import { payoutOfAppointment, setReleaseAfter } from '../payout/payouts.repo';
import { lockRepairerForRating, repairerBusinessName, setRating } from '../../repairers';
import { insertReview, meanRatingOf } from '../../reviews';
import { insertAfterPhotos, insertWarranty, markCustomerConfirmed, markProblemReported } from './completion.repo';

export interface CompletionContext {
  db: Db;
  config: AppConfig;
  /** Where a step's after-commit work goes (run-step.ts); absent in a test that calls a service directly. */
  jobs?: Enqueue;
}

/**
 * Whether this repairer may mark the job done now: 404 unless they hold it, 409 before its day or
 * from a wrong state. The route asks first so that photos are not received or decoded for nothing;
 * markJobDone asks again under the row lock.
 */
export async function checkCanMarkDone(db: Db, user: SessionUser, appointmentId: number, now: Date) {
  const record = await findAppointmentRecord(db, appointmentId);
  const repairerId = user.repairerId;
  // Only the repairer who holds the job; to anyone else it does not exist.
  if (!record || repairerId === null || record.assignedRepairerId !== repairerId) throw notFound(bookingMessages.appointmentNotFound);
  if (record.appointment.status === 'assigned' && record.appointment.appointmentDate > londonDateOf(now)) throw conflict(completionMessages.tooEarly);
  refuseUnlessAllowed('appointment', 'complete', record.appointment.status);
  return { record, repairerId };
}

/**
 * The assigned repairer marks the job done: completed, the 72 hours start, the warranty is recorded,
 * the optional after photos (already processed) are stored as kind 'after', the customer is asked to
 * confirm. The photos are stored first, then one transaction; stored files are removed again if
 * it fails (no orphan files).
 */
export async function markJobDone(
  ctx: CompletionContext,
  user: SessionUser,
  appointmentId: number,
  now: Date,
  photos: { store: FileStore; processed: ProcessedImage[] } = { store: undefined as never, processed: [] },
): Promise<void> {
  const writtenKeys: string[] = [];
  try {
    // The after photos first, outside the transaction (store-photos.ts; the route has checked the
    // job is theirs and due): a slow store must not hold the appointment's lock.
    const stored = photos.processed.length > 0 ? await storePhotos(photos.store, photos.processed, { kind: 'after', now, written: writtenKeys }) : [];
    await runStep(ctx, 'mark-job-done', async (step) => {
    const { tx } = step;
    await step.lock({ appointmentId });
    const { record, repairerId } = await checkCanMarkDone(tx, user, appointmentId, now);
    const today = londonDateOf(now);
    await transition(tx, 'appointment', 'complete', appointmentId, { set: { completedAt: now } });
    if (stored.length > 0) await insertAfterPhotos(tx, stored.map((image) => ({ assessmentId: record.assessmentId, ...image })));
    const payout = await payoutOfAppointment(tx, appointmentId);
    if (payout) await setReleaseAfter(tx, payout.id, new Date(now.getTime() + RELEASE_AFTER_HOURS * 60 * 60 * 1000), now);
    const quote = await findQuote(tx, record.appointment.quoteId);
    const months = quote?.warrantyMonths ?? 12;
    const endsDate = addMonths(today, months);
    await insertWarranty(tx, { appointmentId, repairerId: repairerId, startsDate: today, endsDate });
    const businessName = await repairerBusinessName(tx, repairerId);
    const facts = await bookingFacts(tx, ctx.config, appointmentId, ctx.config.stripe === undefined);
    await step.queue(repairDoneEmail(facts, businessName ?? 'Your technician', { months, endsDate }));
    const text = repairDoneText(facts, businessName ?? 'Your technician');
    if (text) await step.queue(text);
    });
  } catch (error) {
    await Promise.all(writtenKeys.map((key) => photos.store.delete(key).catch(() => {})));
    throw error;
  }
}

/** The grant holder's own completed appointment, locked; anyone else gets 404, as for a missing id (D10). */
async function customersCompleted(tx: Db, viewer: Viewer, appointmentId: number) {
  const record = await findAppointmentRecord(tx, appointmentId);
  if (!record || customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: record.assessmentId }) !== 'customer') {
    throw notFound(bookingMessages.appointmentNotFound);
  }
  const appointment = (await lockAppointment(tx, appointmentId))!;
  if (appointment.status !== 'completed') throw conflict(completionMessages.notYetDone);
  return { record, appointment };
}

/** The customer confirms the repair: the repairer's share is due now (the release job, started once this commits, pays it). */
export async function confirmCompletion(ctx: CompletionContext, viewer: Viewer, appointmentId: number, now: Date): Promise<void> {
  await runStep(ctx, 'confirm-completion', async (step) => {
    const { tx } = step;
    const { appointment } = await customersCompleted(tx, viewer, appointmentId);
    if (appointment.customerConfirmedAt) throw conflict(completionMessages.alreadyConfirmed);
    if (appointment.problemReportedAt) throw conflict(completionMessages.alreadyReported);
    await markCustomerConfirmed(tx, appointmentId, now);
    step.start('release-payouts', {});
  });
}

/** The customer reports a problem: the share is held (payout `hold`) and the team is told. */
export async function reportProblem(ctx: CompletionContext, viewer: Viewer, appointmentId: number, message: string, now: Date): Promise<void> {
  await runStep(ctx, 'report-problem', async (step) => {
    const { tx } = step;
    const { appointment } = await customersCompleted(tx, viewer, appointmentId);
    if (appointment.problemReportedAt) throw conflict(completionMessages.alreadyReported);
    if (appointment.customerConfirmedAt) throw conflict(completionMessages.alreadyConfirmed);
    await markProblemReported(tx, appointmentId, message, now);
    // Locked, so a release claiming this share at this moment (payouts.ts) is waited for. Only an
    // owed share is held: one already claimed (`sending`) or released is being or was paid, and
    // the report is kept and the team told all the same. If Stripe then refuses the transfer, the
    // share is given back as held, since a problem was reported.
    const payout = await payoutOfAppointment(tx, appointmentId, { lock: true });
    if (payout?.status === 'owed') await transition(tx, 'payout', 'hold', payout.id);
    const facts = await bookingFacts(tx, ctx.config, appointmentId, ctx.config.stripe === undefined);
    await step.queue(problemReportedEmail(facts, message, ctx.config.teamEmail, ctx.config.publicUrl));
  });
}

/**
 * One review per completed repair, by the grant holder only; the repairer's rating becomes the
 * mean of theirs, in the same transaction. The demo seed's reviews come through here too.
 */
export async function reviewRepair(ctx: Pick<CompletionContext, 'db'>, viewer: Viewer, appointmentId: number, body: ReviewBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { record } = await customersCompleted(tx, viewer, appointmentId);
    const repairerId = record.assignedRepairerId;
    if (repairerId === null) throw conflict(completionMessages.notYetDone);
    // The repairer's row first: two of their customers reviewing at once take turns, so the
    // second mean is taken after the first review has committed and counts it.
    await lockRepairerForRating(tx, repairerId);
    if (!(await insertReview(tx, { appointmentId, repairerId, rating: body.rating, comment: body.comment }))) throw conflict(completionMessages.alreadyReviewed);
    const mean = await meanRatingOf(tx, repairerId);
    await setRating(tx, repairerId, Math.round(Number(mean ?? body.rating) * 10));
  });
}
