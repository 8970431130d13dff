// The repairer's side of a job (issue 12; D11, D14, D16): reading offers (viewing one marks it
// viewed), accepting — the first to accept wins, atomically — and declining with a reason.
import { pinAccepted } from '../slots/stored-matching';
import { arrivalUpdatesLeft } from '../../../../shared/arrival';
import { hasSlotBegun, isTimeSlot } from '../../../../shared/calendar';
import { formatLondonDate } from '../../../../shared/london-time';
import { repairerJobMessages, type DeclineBody, type RepairerJob } from '../../../../shared/api/repairer-jobs';
import { penceToDecimalString } from '../../../../shared/money';
import { postcodeDistrict } from '../../../../shared/postcode';
import type { AppConfig } from '../../../config/config';
import { dateOfEpochMs } from '../../../db/batch';
import type { Database, Db } from '../../../db/database';
import { TransitionConflictError, transition } from '../../../db/transition';
import type { DomainError} from '../../../kernel/errors';
import { conflict, forbidden, notFound } from '../../../kernel/errors';
import type { SessionUser } from '../../auth';
import { withdrawOpenOffers } from './dispatch.service';
import { lockRepairer } from '../../repairers';
import { slotBit } from '../../repairer-availability';
import { succeededPaymentIdOf } from '../pay/payments.repo';
import { assignPayoutOfPayment } from '../payout/payouts.repo';
import { whenInSentence } from '../emails/dispatch-emails';
import type { Enqueue } from '../../../kernel/jobs';
import { runStep, type Step } from '../process/run-step';
import { bookingFacts } from '../emails/booking-email-facts';
import { toQuoteView } from '../../quotes';
import { technicianAssignedEmail } from '../emails/repairer-jobs-emails';
import { findAppointmentRecord } from '../appointments.repo';
import { technicianOf } from '../appointment/technician-profile';
import { jobAcceptedEmail, type AcceptedJobFacts } from '../emails/technician-emails';
import { assignQuote, clashingBookings, isOffOn, jobOfNotification, readJobsOfRepairer, type JobRecord } from './repairer-jobs.repo';

export interface RepairerJobsContext {
  db: Db;
  /** The same database, for its prepared statements (the job list). */
  database: Database;
  config: AppConfig;
  /** Where a step's after-commit work goes (run-step.ts); absent in a test that calls a service directly. */
  jobs?: Enqueue;
}

const HISTORY_DAYS = 30;

/** D11: the customer's identity only to the repairer who has accepted the job and still holds it. */
function revealsCustomer(record: JobRecord): boolean {
  return record.notification.status === 'accepted' && record.quote.assignedRepairerId === record.notification.repairerId;
}

export function toRepairerJob(record: JobRecord, now: Date): RepairerJob {
  const { notification: n, quote: q, assessment: a, appointment } = record;
  const reveal = revealsCustomer(record);
  const open = n.status === 'sent' || n.status === 'viewed';
  // Past its deadline, even before the sweep marks it expired.
  const lapsed = open && n.expiresAt <= now;
  const district = postcodeDistrict(a.postcode) ?? '';
  const customer = {
    city: a.city,
    state: a.county,
    district,
    name: reveal ? a.name : null,
    phone: reveal ? a.phone : null,
    email: reveal ? a.email : null,
    address: reveal ? a.address : null,
    postcode: reveal ? a.postcode : null,
    zipCode: reveal ? a.postcode : district,
  };
  // The photos' ids only where the photos themselves may be read (an open offer, or a job they
  // accepted: READ_IMAGE_SQL), so a job lost or an offer that ended shows no broken pictures.
  const photosReadable = n.status === 'accepted' || (open && !lapsed);
  const images = photosReadable ? (record.images ?? []).map(Number) : [];
  const vehicle = { vehicleYear: String(a.vehicleYear), vehicleMake: a.vehicleMake, vehicleModel: a.vehicleModel };
  const damage = { damageType: a.damageType, damageLocations: a.damageLocations, damageDescription: a.damageDescription };
  return {
    id: n.id,
    status: lapsed ? 'expired' : n.status,
    sentAt: n.sentAt.toISOString(),
    expiresAt: n.expiresAt.toISOString(),
    respondedAt: n.respondedAt?.toISOString() ?? null,
    isExpired: lapsed,
    declineReason: n.declineReason,
    quote: {
      ...toQuoteView(q, record.items ?? [], a.reference, now),
      assessment: {
        id: a.id,
        reference: a.reference,
        ...vehicle,
        ...damage,
        damageLocation: a.damageLocations.join(', '),
        images,
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        address: customer.address,
        customer,
      },
    },
    appointment: appointment
      ? {
          id: appointment.id,
          appointmentDate: appointment.appointmentDate,
          timeSlot: appointment.timeSlot,
          status: appointment.status,
          hasNotes: appointment.notes.trim() !== '',
          // D11 (issue 33): free text may hold a name, a phone or an address, so only once accepted.
          ...(reveal ? { notes: appointment.notes } : {}),
          completedAt: appointment.completedAt?.toISOString() ?? null,
          confirmedAt: appointment.customerConfirmedAt?.toISOString() ?? null,
          problemReportedAt: appointment.problemReportedAt?.toISOString() ?? null,
          // Issue 38: the arrival time they gave today, and the updates left (the one who holds the job only).
          ...(reveal ? { onMyWay: { arrivingAround: appointment.arrivalEstimate, updatesLeft: arrivalUpdatesLeft(appointment.arrivalAnnouncements) } } : {}),
          payout: record.payout && {
            status: record.payout.status,
            amount: penceToDecimalString(record.payout.amountPence),
            releaseAfterAt: dateOfEpochMs(record.payout.releaseAfterAt)?.toISOString() ?? null,
            releasedAt: dateOfEpochMs(record.payout.releasedAt)?.toISOString() ?? null,
          },
        }
      : null,
    ...vehicle,
    ...damage,
    images,
    customer,
  };
}

/** GET /api/repairer/{repairerId}/jobs: a repairer's own offers only; admins may read any repairer's. */
export async function listJobs(ctx: RepairerJobsContext, user: SessionUser, repairerId: number, now: Date): Promise<RepairerJob[]> {
  if (user.role !== 'admin' && user.repairerId !== repairerId) throw forbidden(repairerJobMessages.notYours);
  const since = new Date(now.getTime() - HISTORY_DAYS * 24 * 60 * 60 * 1000);
  return (await readJobsOfRepairer(ctx.database, repairerId, since)).map((record) => toRepairerJob(record, now));
}

/** The repairer's own notification, or 404 (another repairer's offer does not exist for them). */
async function ownRecord(db: Db, user: SessionUser, id: number): Promise<JobRecord> {
  const record = await jobOfNotification(db, id);
  if (!record || (user.role !== 'admin' && record.notification.repairerId !== user.repairerId)) throw notFound(repairerJobMessages.notFound);
  return record;
}

/** One job; the repairer opening a new offer marks it viewed (SPEC's notification states). */
export async function viewJob(ctx: RepairerJobsContext, user: SessionUser, id: number, now: Date): Promise<RepairerJob> {
  let record = await ownRecord(ctx.db, user, id);
  if (user.role === 'repairer' && record.notification.status === 'sent' && record.notification.expiresAt > now) {
    try {
      await runStep(ctx, 'view-offer', (step) => transition(step.tx, 'jobNotification', 'view', id));
      record = await ownRecord(ctx.db, user, id);
    } catch (error) {
      if (!(error instanceof TransitionConflictError)) throw error; // accepted or withdrawn meanwhile: show it as it is
    }
  }
  return toRepairerJob(record, now);
}

/** Why this offer cannot be answered any more, in words the repairer can act on. */
function closedOfferError(record: JobRecord, now: Date): DomainError | null {
  const n = record.notification;
  if (n.status === 'accepted') return conflict('You have already accepted this job.');
  if (n.status === 'declined') return conflict('You have already declined this job.');
  if (record.quote.assignedRepairerId !== null && record.quote.assignedRepairerId !== n.repairerId) return conflict(repairerJobMessages.taken);
  if (n.status === 'expired' && record.appointment?.status === 'cancelled') return conflict(repairerJobMessages.cancelled);
  if (n.status === 'expired' || n.expiresAt <= now) return conflict(repairerJobMessages.expired);
  return null;
}

/** The job as its accepted e-mail tells it, from the record read under the accept's locks. */
function acceptedJobFacts(
  config: AppConfig,
  record: JobRecord,
  appointment: NonNullable<JobRecord['appointment']>,
  repairer: { email: string | null; contactName: string | null; businessName: string },
): AcceptedJobFacts {
  const a = record.assessment;
  return {
    repairer: { email: repairer.email!, contactName: repairer.contactName, businessName: repairer.businessName },
    reference: a.reference,
    damageType: a.damageType,
    vehicle: `${a.vehicleYear} ${a.vehicleMake} ${a.vehicleModel}`,
    appointmentDate: appointment.appointmentDate,
    timeSlot: appointment.timeSlot,
    customer: { name: a.name, phone: a.phone, address: a.address, city: a.city, postcode: a.postcode },
    notes: appointment.notes,
    dashboardUrl: `${config.publicUrl}/repairer`,
    company: config.company,
  };
}

/**
 * An accept's or a decline's locks, in one order for every racer: the job's quote, then the offer
 * (the step's declared locks, run-step.ts), then the record read afresh. A racer waits for the
 * winner to commit and then finds the offer closed, never a deadlock.
 */
async function lockOpenOffer(step: Step, user: SessionUser, id: number, now: Date): Promise<JobRecord> {
  const { quote } = await ownRecord(step.tx, user, id);
  await step.lock({ quoteId: quote.id, offerId: id });
  const record = await ownRecord(step.tx, user, id);
  const closed = closedOfferError(record, now);
  if (closed) throw closed;
  return record;
}

/**
 * Accept: in one transaction the quote is assigned to this repairer only if nobody holds it
 * (a conditional UPDATE, and a unique index on accepted offers behind it), the offer is
 * accepted, the booking assigned, the repairer's share of the payment recorded as theirs (D14),
 * every other open offer withdrawn, and the customer told who is coming.
 */
export async function acceptJob(ctx: RepairerJobsContext, user: SessionUser, id: number, now: Date): Promise<{ job: RepairerJob }> {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers can accept jobs.');
  const repairerId = user.repairerId;
  await runStep(ctx, 'accept-job', async (step) => {
    const { tx } = step;
    const record = await lockOpenOffer(step, user, id, now);
    // Then the repairer's row: two of their accepts at once (two jobs in one slot) take turns,
    // so the second sees the first's booking in its clash check below.
    const repairer = await lockRepairer(tx, repairerId);
    if (!repairer?.isVerified) throw conflict(repairerJobMessages.notVerified);
    if (ctx.config.stripe && !repairer.stripeOnboardedAt) throw conflict(repairerJobMessages.stripeOnboarding);
    const appointment = record.appointment;
    if (!appointment || appointment.status !== 'confirmed') {
      throw conflict(appointment?.status === 'assigned' ? repairerJobMessages.taken : 'This booking is no longer waiting for a technician.');
    }
    if (hasSlotBegun(appointment, now)) throw conflict(repairerJobMessages.timePassed);
    // The availability rule (docs/decisions/0028, 0029), read under the repairer's lock, which an
    // availability save takes too: working that half, not on time off, and a free place.
    const when = whenInSentence(appointment.appointmentDate, appointment.timeSlot);
    if (isTimeSlot(appointment.timeSlot) && (repairer.weeklyHalves & slotBit(appointment.appointmentDate, appointment.timeSlot)) === 0) throw conflict(repairerJobMessages.notWorking(when));
    if (await isOffOn(tx, repairerId, appointment.appointmentDate)) throw conflict(repairerJobMessages.timeOff(formatLondonDate(appointment.appointmentDate)));
    const held = await clashingBookings(tx, repairerId, appointment.appointmentDate, appointment.timeSlot, record.quote.id);
    if (held >= repairer.jobsPerSlot) throw conflict(repairer.jobsPerSlot === 1 ? repairerJobMessages.clash(when) : repairerJobMessages.full(when, held));
    if (!(await assignQuote(tx, record.quote.id, repairerId))) throw conflict(repairerJobMessages.taken);
    await transition(tx, 'jobNotification', 'accept', id, { set: { respondedAt: now } });
    await transition(tx, 'appointment', 'assign', appointment.id);
    // The stored matching (0028): the booking is this technician's job now; whoever was kept for
    // one of their places beyond it moves to another technician, or is left for the team.
    if (isTimeSlot(appointment.timeSlot)) await pinAccepted(tx, record.quote.id, repairerId, { date: appointment.appointmentDate, slot: appointment.timeSlot }, now);
    // D14: the share owed since payment is now this repairer's.
    const paymentId = await succeededPaymentIdOf(tx, appointment.id);
    if (paymentId !== undefined) await assignPayoutOfPayment(tx, paymentId, repairerId, now);
    await withdrawOpenOffers(tx, record.quote.id, id);
    const facts = await bookingFacts(tx, ctx.config, appointment.id, ctx.config.stripe === undefined);
    const assigned = await findAppointmentRecord(tx, appointment.id);
    await step.queue(technicianAssignedEmail(facts, { businessName: repairer.businessName }, assigned ? technicianOf(assigned, now) : null));
    // The technician's own copy of the job: now theirs, with the customer's details and notes (D11).
    if (repairer.email) await step.queue(jobAcceptedEmail(acceptedJobFacts(ctx.config, record, appointment, repairer)));
  });
  return { job: toRepairerJob((await jobOfNotification(ctx.db, id))!, now) };
}

/** Decline with a reason (SPEC section 5): the admin sees it beside the repairer's name. */
export async function declineJob(ctx: RepairerJobsContext, user: SessionUser, id: number, body: DeclineBody, now: Date): Promise<RepairerJob> {
  if (user.role !== 'repairer') throw forbidden('Only repairers can decline jobs.');
  await runStep(ctx, 'decline-job', async (step) => {
    // The job's quote first, as accepting and offering do: a send-to-all reading who declined
    // (with the quote locked) then sees this decline, or offers before it, never in between.
    await lockOpenOffer(step, user, id, now);
    await transition(step.tx, 'jobNotification', 'decline', id, { set: { respondedAt: now, declineReason: body.reason } });
  });
  return toRepairerJob((await jobOfNotification(ctx.db, id))!, now);
}
