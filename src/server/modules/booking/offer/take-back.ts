// The team's view of the work ahead and of the work not marked done (GET /api/admin/upcoming-jobs), and taking a job back from a
// technician who cannot come (POST /api/admin/appointments/{id}/take-back). SPEC stops at the
// first acceptance (D16); a marketplace's operator also needs the way back when a technician falls
// ill, their van breaks down, or a customer's move lands on a day they cannot do.
//
// Taking back, in one transaction under the one lock order (quote, appointment, payment): the
// booking goes back to `confirmed` (paid, waiting for a technician, so in Jobs to dispatch again),
// the quote to `unassigned`, the technician's accepted offer to `expired`, and their share of the
// payment to nobody (owed still, to whoever accepts next: D14). The admin's reason is kept in the
// audit log and sent to the technician; the customer is told their booking stands and another
// technician is being found. The slot's place, the payment and the time are untouched.
import { takeBackMessages, type TakeBackResult } from '../../../../shared/api/dispatch';
import { hasSlotBegun, type TimeSlot } from '../../../../shared/calendar';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { Enqueue } from '../../../kernel/jobs';
import { transition } from '../../../db/transition';
import { conflict, notFound } from '../../../kernel/errors';
import type { SessionUser } from '../../auth';
import { bookingFacts } from '../emails/booking-email-facts';
import { runStep, type LockedRows, type Step } from '../process/run-step';
import { actorOf, recordAudit } from '../../privacy';
import { technicianChangingEmail } from '../emails/repairer-jobs-emails';
import { jobTakenBackEmail } from '../emails/dispatch-emails';
import { findRepairer } from '../../repairers';
import { quoteIdOfAppointment } from '../appointments.repo';
import { unassignOwedPayoutOfPayment } from '../payout/payouts.repo';
import { acceptedOfferOfQuote } from './dispatch.repo';
import { afterTakeBack } from '../slots/stored-matching';

export async function takeBackJob(
  ctx: { db: Db; config: AppConfig; jobs?: Enqueue },
  admin: SessionUser,
  appointmentId: number,
  reason: string,
  now: Date,
): Promise<TakeBackResult> {
  return runStep(ctx, 'take-back-job', async (step) => {
    const { tx } = step;
    const quoteId = await quoteIdOfAppointment(tx, appointmentId);
    if (quoteId === undefined) throw notFound(takeBackMessages.notFound);
    const { quote, appointment, payment } = await step.lock({ quoteId, appointmentId });
    if (!quote || !appointment) throw notFound(takeBackMessages.notFound);
    if (appointment.status === 'confirmed') throw conflict(takeBackMessages.noTechnician);
    // Its slot has begun: "another technician for the same time" would be a promise nobody can keep (a code review).
    if (appointment.status === 'assigned' && hasSlotBegun(appointment, now)) {
      throw conflict(takeBackMessages.timePassed);
    }
    // Any other state (completed, cancelled…) answers 409 with the lifecycle's sentence, changing nothing.
    const { repairerId, technician } = await releaseFromTechnician(step, ctx.config, { quote, appointment, payment }, admin, reason);
    if (technician?.email) {
      const repairer = { email: technician.email, contactName: technician.contactName, businessName: technician.businessName };
      await step.queue(jobTakenBackEmail({ repairer, appointmentDate: appointment.appointmentDate, timeSlot: appointment.timeSlot, reason, company: ctx.config.company }));
    }
    return { appointmentId: appointment.id, quoteId: quote.id, appointmentStatus: 'confirmed', assignmentStatus: 'unassigned', repairerId };
  });
}

/**
 * The writes every take-back makes, the team's and a saved availability's (outside-availability.ts),
 * in the step's transaction with its rows already locked: the booking back to `confirmed`, the
 * accepted offer ended, the quote unassigned, the share owed since payment waiting for whoever
 * accepts next (D14), the audit line with the reason, and the customer told another technician is
 * being found. Answers the technician it was taken from (the quote's) and the booking's e-mail facts.
 */
export async function releaseFromTechnician(
  step: Step,
  config: AppConfig,
  { quote, appointment, payment }: { quote: NonNullable<LockedRows['quote']>; appointment: NonNullable<LockedRows['appointment']>; payment: LockedRows['payment'] },
  by: SessionUser,
  reason: string,
) {
  const { tx } = step;
  const repairerId = quote.assignedRepairerId;
  await transition(tx, 'appointment', 'unassign', appointment.id);
  if (repairerId === null) throw new Error(`Appointment ${appointment.id} was assigned with no technician on its quote.`);
  const accepted = await acceptedOfferOfQuote(tx, quote.id);
  if (accepted) await transition(tx, 'jobNotification', 'cancel', accepted.id);
  await transition(tx, 'quoteAssignment', 'release', quote.id, { set: { assignedRepairerId: null } });
  if (payment) await unassignOwedPayoutOfPayment(tx, payment.id);
  // Open again: the stored matching finds it a technician to keep it for (0028), or leaves it unplaced.
  await afterTakeBack(tx, quote.id, { date: appointment.appointmentDate, slot: appointment.timeSlot as TimeSlot }, new Date());
  const technician = await findRepairer(tx, repairerId);
  const facts = await bookingFacts(tx, config, appointment.id, config.stripe === undefined);
  await recordAudit(tx, actorOf(by), 'job_taken_back', { kind: 'appointment', id: appointment.id }, { reference: facts.reference, repairerId, technician: technician?.businessName ?? null, reason, quoteId: quote.id });
  await step.queue(technicianChangingEmail(facts, { businessName: technician?.businessName ?? 'Your technician' }));
  return { repairerId, technician, facts };
}
