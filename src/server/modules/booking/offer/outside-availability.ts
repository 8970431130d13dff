// A technician's saved availability leaves jobs they hold without them (issue 35 item 2's last
// sentence; docs/decisions/0029): a day off over a booked slot, a half-day they stop working, or
// fewer jobs in one slot than they hold then. Each such booking is taken back through the
// declared step `take-back-outside-availability` (booking-process.ts): back to `confirmed`, paid
// and at its time, the accepted offer ended, the share waiting for whoever accepts next; the
// customer is told another technician is being found. It is then offered again (the automatic
// dispatch, which never offers it back to the technician it was taken from) or, with dispatch
// off or nobody to offer it to, reaches the team at once (the unassigned path: listed under
// Bookings without a technician, the customer offered another slot or a full refund 24 hours
// before). The customer is never charged for a repair nobody comes to do.
//
// Run after the availability's own transaction has committed (the repairer routes call it, given
// it by app.ts: repairer-availability does not import booking): each take-back locks its booking
// in the one lock order (quote → appointment → payment) and checks again that it is still this
// technician's and has not begun, so two saves at once take each job back once. An accept racing
// the save waits on the technician's row the save locks, then reads the new availability and is
// refused (repairer-jobs.service's acceptJob), so no job slips past both.
import { refreshReservationsOf } from '../slots/stored-matching';
import type { TakenBackBooking } from '../../../../shared/api/repairer-availability';
import { hasSlotBegun, isTimeSlot, type TimeSlot } from '../../../../shared/calendar';
import { londonDateOf } from '../../../../shared/london-time';
import { postcodeDistrict } from '../../../../shared/postcode';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { Enqueue } from '../../../kernel/jobs';
import type { SessionUser } from '../../auth';
import { slotBit } from '../../repairer-availability';
import { jobTakenBackEmail } from '../emails/dispatch-emails';
import { runStep } from '../process/run-step';
import { releaseFromTechnician } from './take-back';
import { heldJobsOf, openOffersOf, workingFactsOf, type HeldJob, type OpenOffer, type WorkingFacts } from './outside-availability.repo';
import { slotClosedBecause } from '../slots/eligibility.repo';
import { TransitionConflictError, transition } from '../../../db/transition';

export interface OutsideAvailabilityContext {
  db: Db;
  config: AppConfig;
  jobs?: Enqueue;
}

/** The reason the audit log and the technician's e-mail give. */
export const OUTSIDE_AVAILABILITY_REASON = 'The technician’s availability was changed, and this job falls outside it.';

/**
 * The jobs (in the order they were taken) that `facts` leaves without their technician: a slot not
 * worked, a day off, or a place past their jobs per slot (the jobs taken first keep theirs).
 * Jobs whose slot has begun stay: nobody else could come now.
 */
export function jobsOutside(facts: WorkingFacts, jobs: readonly HeldJob[], now: Date): HeldJob[] {
  const kept = new Map<string, number>();
  const outside: HeldJob[] = [];
  for (const job of jobs) {
    if (!isTimeSlot(job.timeSlot) || hasSlotBegun(job, now)) continue;
    const works = (facts.weeklyHalves & slotBit(job.appointmentDate, job.timeSlot)) !== 0;
    const off = facts.timeOff.some((period) => period.from <= job.appointmentDate && job.appointmentDate <= period.to);
    const key = `${job.appointmentDate}/${job.timeSlot}`;
    const held = kept.get(key) ?? 0;
    if (!works || off || held >= facts.jobsPerSlot) outside.push(job);
    else kept.set(key, held + 1);
  }
  return outside;
}

/** Takes one job back, if it is still this technician's and has not begun; answers whether it did. */
async function takeBackOne(ctx: OutsideAvailabilityContext, job: HeldJob, repairerId: number, by: SessionUser, now: Date): Promise<boolean> {
  return runStep(ctx, 'take-back-outside-availability', async (step) => {
    const { quote, appointment, payment } = await step.lock({ quoteId: job.quoteId, appointmentId: job.appointmentId });
    // Changed since it was read (another save took it back, the customer cancelled or moved it): nothing to do.
    if (!quote || !appointment || appointment.status !== 'assigned' || quote.assignedRepairerId !== repairerId) return false;
    if (appointment.appointmentDate !== job.appointmentDate || appointment.timeSlot !== job.timeSlot || hasSlotBegun(appointment, now)) return false;
    const { technician } = await releaseFromTechnician(step, ctx.config, { quote, appointment, payment }, by, OUTSIDE_AVAILABILITY_REASON);
    // The team changed it: the technician hears which job went and why. Their own save told them on the screen.
    if (by.role === 'admin' && technician?.email) {
      const repairer = { email: technician.email, contactName: technician.contactName, businessName: technician.businessName };
      await step.queue(jobTakenBackEmail({ repairer, appointmentDate: appointment.appointmentDate, timeSlot: appointment.timeSlot, reason: OUTSIDE_AVAILABILITY_REASON, company: ctx.config.company }));
    }
    // Offered again (never to this technician: dispatch skips one it was taken back from), or straight to the team.
    if (ctx.config.autoDispatch) step.start('dispatch-booking', { quoteId: quote.id });
    else step.start('follow-up-unassigned-bookings', { quoteId: quote.id });
    return true;
  });
}

/**
 * The open offers (in `offers`) the technician could not accept by the slot's rule
 * (eligibility.repo.ts's slotClosedBecause: not working that half, time off that day, no free place
 * left beside the jobs they hold). Offers of a slot already begun are left to the sweep.
 */
export function offersOutside(facts: WorkingFacts, held: readonly HeldJob[], offers: readonly OpenOffer[], now: Date): OpenOffer[] {
  const jobsHeld = new Map<string, number>();
  for (const job of held) jobsHeld.set(`${job.appointmentDate}/${job.timeSlot}`, (jobsHeld.get(`${job.appointmentDate}/${job.timeSlot}`) ?? 0) + 1);
  const slotFacts = { ...facts, jobsHeld };
  return offers.filter((offer) => isTimeSlot(offer.timeSlot) && !hasSlotBegun(offer, now) && slotClosedBecause(slotFacts, { date: offer.appointmentDate, slot: offer.timeSlot }) !== null);
}

/**
 * The declared step `withdraw-offers-outside-availability`: each open offer the save closed is
 * withdrawn (expired, as a repairer leaving the network has theirs withdrawn), in one transaction
 * that locks nothing but the offers it changes. An offer answered meanwhile is left as answered
 * (its transition refuses), and one accepted meanwhile was met by accept's own check under the
 * repairer row's lock, or is a job the take-back above has just handled. Answers how many.
 */
async function withdrawOffersOutside(ctx: OutsideAvailabilityContext, repairerId: number, today: string, now: Date): Promise<number> {
  const facts = await workingFactsOf(ctx.db, repairerId, today);
  if (!facts) return 0;
  const closed = offersOutside(facts, await heldJobsOf(ctx.db, repairerId, today), await openOffersOf(ctx.db, repairerId, today, now), now);
  if (closed.length === 0) return 0;
  return runStep(ctx, 'withdraw-offers-outside-availability', async ({ tx }) => {
    let withdrawn = 0;
    for (const { offerId } of closed) {
      try {
        await transition(tx, 'jobNotification', 'expire', offerId);
        withdrawn++;
      } catch (error) {
        if (!(error instanceof TransitionConflictError)) throw error; // answered meanwhile
      }
    }
    return withdrawn;
  });
}

/**
 * After a save of the technician's availability (by them or the team): takes back every job it
 * leaves without them, then withdraws their open offers of bookings in the slots it closed (so
 * they are not left to run out, and the booking's other offers or the unassigned path carry it);
 * answers the bookings taken back, soonest first.
 */
export async function takeBackJobsOutsideAvailability(ctx: OutsideAvailabilityContext, repairerId: number, by: SessionUser, now: Date): Promise<TakenBackBooking[]> {
  const today = londonDateOf(now);
  const facts = await workingFactsOf(ctx.db, repairerId, today);
  if (!facts) return [];
  const takenBack: TakenBackBooking[] = [];
  for (const job of jobsOutside(facts, await heldJobsOf(ctx.db, repairerId, today), now)) {
    if (!(await takeBackOne(ctx, job, repairerId, by, now))) continue;
    takenBack.push({ date: job.appointmentDate, slot: job.timeSlot as TimeSlot, district: postcodeDistrict(job.postcode) ?? job.postcode.split(' ')[0]! });
  }
  await withdrawOffersOutside(ctx, repairerId, today, now);
  // The bookings the stored matching keeps for them where the save closed or narrowed them move to other technicians, or are left for the team (0028).
  await refreshReservationsOf(ctx.db, repairerId, now);
  return takenBack;
}
