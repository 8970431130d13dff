// Dispatch (issue 12, D16): offering a paid booking to repairers near the customer. An offer is
// a job notification: `sent`, expiring after 4 of the technician's working hours (offer-expiry.ts);
// repairers view, accept or decline it
// (the repairer-jobs module). The database keeps one open offer per repairer and job, and one
// accepted offer per job (migration 0007), whatever the application does.
import { refreshReservationsOf } from '../slots/stored-matching';
import { moneySplit } from '../../../../shared/money-split';
import type { CompanyDetails } from '../../../../shared/company';
import { dispatchMessages, type LeftOut, type NearbyRepairer, type QuoteNotification } from '../../../../shared/api/dispatch';
import { isAnyDamageType, specialisationForAnyDamage, type Specialisation } from '../../../../shared/damage';
import { cancelledAfterAccepting } from '../../../../shared/lifecycles/job-notification';
import { hasSlotBegun, isTimeSlot } from '../../../../shared/calendar';
import type { AppConfig } from '../../../config/config';
import { repairerHasAccount } from '../../auth';
import type { Db } from '../../../db/database';
import { TransitionConflictError, transition } from '../../../db/transition';
import { RowFailures, type RowLog } from '../../../jobs/row-failures';
import type { Enqueue } from '../../../kernel/jobs';
import { badRequest, conflict, DomainError, notFound } from '../../../kernel/errors';
import { isUnsubscribed, queueEmail, type OutboxEmail } from '../../email';
import { POSTCODE_NOT_LOCATED, type Geocoder } from '../../geo';
import { runStep, type Step } from '../process/run-step';
import { findLatestAppointmentOfQuote } from '../appointments.repo';
import { jobCancelledEmail, jobOfferEmail, type JobOfferFacts } from '../emails/dispatch-emails';
import { issueInvitation } from '../../repairer-accounts';
import { findRepairer, nearbyRepairers, toRepairerView, unsubscribeLinks, type Point, type RepairerRow } from '../../repairers';
import {
  acceptedOfferOfQuote,
  declinedRepairerIds,
  insertOffer,
  jobOfQuote,
  notificationsOfQuote,
  openOfferIdsOfQuote,
  openOfferIdsOfRepairer,
  overdueOfferIds,
} from './dispatch.repo';
import { offerExpiresAt } from './offer-expiry';
import { eligibleTechnicians, slotClosedBecause, techniciansReaching, type Customer } from '../slots/eligibility.repo';

import { DISPATCH_BOOKING_JOB } from '../../../kernel/jobs';
export { DISPATCH_BOOKING_JOB };

export interface DispatchContext {
  db: Db;
  config: AppConfig;
  geocoder: Geocoder;
  /** Signs the unsubscribe link of an offer to a business without an account (D19). */
  appSecret: string;
  /** Where a step's after-commit work goes (process/run-step.ts); absent in a test that calls a service directly. */
  jobs?: Enqueue;
}

type Job = NonNullable<Awaited<ReturnType<typeof jobOfQuote>>>;

function specialisationOf(damageType: string): Specialisation {
  if (!isAnyDamageType(damageType)) throw new Error(`Unknown damage type ${damageType}`);
  return specialisationForAnyDamage[damageType];
}

async function locate(geocoder: Geocoder, postcode: string): Promise<Point> {
  const location = await geocoder.locate(postcode);
  if (!location) throw badRequest(POSTCODE_NOT_LOCATED, { postcode: POSTCODE_NOT_LOCATED });
  return location;
}

/** Where the customer is: the coordinates saved with the assessment, else its postcode's. */
async function customerPoint(geocoder: Geocoder, job: Job): Promise<Point> {
  const { latitude, longitude, postcode } = job.assessment;
  if (latitude !== null && longitude !== null) return { latitude, longitude };
  return locate(geocoder, postcode);
}

/** A job may be offered only while its customer's paid booking has no technician. */
function requireDispatchable(job: Job, now: Date): asserts job is Job & { appointment: NonNullable<Job['appointment']> } {
  if (job.quote.assignmentStatus === 'assigned' || job.appointment?.status === 'assigned') throw conflict(dispatchMessages.alreadyAssigned);
  if (job.appointment?.status !== 'confirmed') throw conflict(dispatchMessages.noPaidBooking);
  // A code review: a booking whose slot has begun was offered, and accepted, for a time gone by.
  if (hasSlotBegun(job.appointment, now)) throw conflict(dispatchMessages.timePassed);
}

/** SPEC's nearby search: verified repairers within 30 miles of the given address whose specialisations cover the damage. */
export async function findNearby(ctx: DispatchContext, quoteId: number, postcode: string): Promise<NearbyRepairer[]> {
  const job = await jobOfQuote(ctx.db, quoteId);
  if (!job) throw notFound(dispatchMessages.notFound);
  const point = await locate(ctx.geocoder, postcode);
  const rows = await nearbyRepairers(ctx.db, { point, specialisation: specialisationOf(job.assessment.damageType) });
  return rows.map((row) => ({ ...toRepairerView(row), distance: Math.round(row.distance * 10) / 10 }));
}

function offerEmail(ctx: DispatchContext, job: Job & { appointment: NonNullable<Job['appointment']> }, repairer: RepairerRow, expiresAt: Date, join?: JobOfferFacts['join']) {
  if (!repairer.email) return null;
  const a = job.assessment;
  return jobOfferEmail({
    repairer: { email: repairer.email, contactName: repairer.contactName, businessName: repairer.businessName },
    damageType: a.damageType,
    vehicle: `${a.vehicleYear} ${a.vehicleMake} ${a.vehicleModel}`,
    city: a.city,
    postcode: a.postcode,
    appointmentDate: job.appointment.appointmentDate,
    timeSlot: job.appointment.timeSlot,
    split: moneySplit(job.quote),
    expiresAt,
    dashboardUrl: `${ctx.config.publicUrl}/repairer`,
    company: ctx.config.company,
    join,
  });
}

/**
 * D19: nobody who unsubscribed is written to again, and the unsubscribe page promises it, so a
 * business that unsubscribed is not e-mailed job offers, with an account or without (an attack
 * review: an account holder who unsubscribed by an offer's own link kept getting offers). The
 * offer itself is made either way, and shows on their dashboard (docs/decisions/0014).
 */
async function unsolicited(tx: Db, repairer: RepairerRow): Promise<boolean> {
  return repairer.unsubscribedAt !== null || (repairer.email !== null && (await isUnsubscribed(tx, repairer.email)));
}

/**
 * A business without an account can accept only once it has one: its offer carries a fresh join
 * link to create it (the invitation's, issueInvitation), and the unsubscribe links of an e-mail we
 * send unasked (D19). An account holder's offer sends them to sign in.
 */
async function joinFor(tx: Db, ctx: DispatchContext, repairer: RepairerRow, now: Date): Promise<JobOfferFacts['join']> {
  if (!repairer.email || (await repairerHasAccount(tx, repairer.id))) return undefined;
  const { link, expiresAt } = await issueInvitation(tx, ctx.config, repairer.id, repairer.email, now);
  return { link, expiresAt, unsubscribe: unsubscribeLinks(ctx.config.publicUrl, ctx.appSecret, repairer.id) };
}

/** Inside the caller's transaction, with the quote locked: offers the job to these repairers; answers the new offers and their e-mails. */
async function offer(tx: Db, ctx: DispatchContext, job: Job & { appointment: NonNullable<Job['appointment']> }, candidates: RepairerRow[], now: Date) {
  const offered: number[] = [];
  const emails: OutboxEmail[] = [];
  for (const repairer of candidates) {
    const expiresAt = offerExpiresAt(repairer, job.appointment, now);
    const row = await insertOffer(tx, job.quote.id, repairer.id, now, expiresAt);
    if (!row) continue; // an open offer already exists: the partial unique index said so
    offered.push(row.id);
    const email = (await unsolicited(tx, repairer)) ? null : offerEmail(ctx, job, repairer, expiresAt, await joinFor(tx, ctx, repairer, now));
    if (email) emails.push(await queueEmail(tx, email));
  }
  if (offered.length > 0) await transition(tx, 'quoteAssignment', 'offer', job.quote.id);
  return { offered, emails };
}

async function lockedJob(step: Step, quoteId: number, now: Date) {
  if (!(await step.lock({ quoteId })).quote) throw notFound(dispatchMessages.notFound);
  const job = await jobOfQuote(step.tx, quoteId);
  if (!job) throw notFound(dispatchMessages.notFound);
  requireDispatchable(job, now);
  return job;
}

/** SPEC's send-to-repairer: one verified repairer whose specialisations cover the damage. */
export async function sendToRepairer(ctx: DispatchContext, quoteId: number, repairerId: number, now: Date): Promise<{ notification: QuoteNotification }> {
  return runStep(ctx, 'offer-job', async (step) => {
    const { tx } = step;
    const job = await lockedJob(step, quoteId, now);
    const repairer = await findRepairer(tx, repairerId);
    if (!repairer) throw notFound(dispatchMessages.repairerNotFound);
    if (!repairer.isVerified) throw conflict(dispatchMessages.repairerNotVerified);
    if (!repairer.specialisations.includes(specialisationOf(job.assessment.damageType))) throw conflict(dispatchMessages.repairerCannotDoIt);
    const { offered, emails } = await offer(tx, ctx, job, [repairer], now);
    if (offered.length === 0) throw conflict(dispatchMessages.alreadyOffered);
    step.send(emails);
    const notification = (await notificationsOfQuote(tx, quoteId)).find((n) => n.id === offered[0]);
    return { notification: notification! };
  });
}

/**
 * SPEC's send-to-all-nearby: every verified repairer within 30 miles who covers the damage,
 * except those holding an open offer already, those who declined this job, and the technician
 * it was taken back from for this booking (an operator's review: "Send to all nearby" offered the
 * job straight back to the technician who had just said they could not come). The admin can
 * still send it to them alone.
 *
 * Of those, only the technicians who could take the booking's slot by the availability rule
 * (eligibility.repo.ts, the one the calendar and accept use: working that half, not on time off,
 * a free place): the others could not accept it (docs/decisions/0029). Answers how many were left
 * out and why when any were. A save of a technician's availability racing this is met by that
 * save's own withdrawal of the offers it closes (outside-availability.ts) and by accept's check.
 */
export async function sendToAllNearby(ctx: DispatchContext, quoteId: number, now: Date): Promise<{ repairersNotified: number; leftOut?: LeftOut }> {
  const before = await jobOfQuote(ctx.db, quoteId);
  if (!before) throw notFound(dispatchMessages.notFound);
  requireDispatchable(before, now);
  const point = await customerPoint(ctx.geocoder, before); // outside the transaction: it may call a service
  return runStep(ctx, 'offer-job', async (step) => {
    const { tx } = step;
    const job = await lockedJob(step, quoteId, now);
    const specialisation = specialisationOf(job.assessment.damageType);
    const nearby = await nearbyRepairers(tx, { point, specialisation });
    const declined = await declinedRepairerIds(tx, quoteId);
    const takenBack = new Set((await notificationsOfQuote(tx, quoteId)).filter(cancelledAfterAccepting).map((n) => n.repairerId));
    const candidates = nearby.filter((r) => !declined.has(r.id) && !takenBack.has(r.id));
    const { eligible, leftOut } = await slotEligibility(tx, candidates, { point, specialisation }, job.appointment);
    const { offered, emails } = await offer(tx, ctx, job, eligible, now);
    step.send(emails);
    return leftOut ? { repairersNotified: offered.length, leftOut } : { repairersNotified: offered.length };
  });
}

/** Splits the candidates into those the slot's rule lets take the booking and a count of the others, by why. */
async function slotEligibility(tx: Db, candidates: RepairerRow[], customer: Customer, appointment: { appointmentDate: string; timeSlot: string }) {
  if (candidates.length === 0 || !isTimeSlot(appointment.timeSlot)) return { eligible: candidates, leftOut: undefined };
  const at = { date: appointment.appointmentDate, slot: appointment.timeSlot };
  const can = new Set((await eligibleTechnicians(tx, customer, at)).map((technician) => technician.id));
  const eligible = candidates.filter((repairer) => can.has(repairer.id));
  if (eligible.length === candidates.length) return { eligible, leftOut: undefined };
  const facts = new Map((await techniciansReaching(tx, [customer.point], at.date, at.date, customer.specialisation)).map((f) => [f.id, f]));
  const leftOut: LeftOut = { notWorking: 0, timeOff: 0, full: 0 };
  for (const repairer of candidates.filter((r) => !can.has(r.id))) {
    const technician = facts.get(repairer.id);
    leftOut[(technician && slotClosedBecause(technician, at)) ?? 'full']++;
  }
  return { eligible, leftOut };
}

/**
 * Why the automatic dispatch offered a booking to nobody without looking for repairers: the
 * booking changed between its payment and the job (issue 33: a booking cancelled meanwhile was
 * logged as one that "found no repairer to offer it to").
 */
export type DispatchSkip = 'enquiry-gone' | 'cancelled' | 'no-paid-booking' | 'assigned' | 'slot-begun' | 'unplaceable';

/** The automatic dispatch of a paid booking (AUTO_DISPATCH): as send-to-all, quietly skipping a job that is no longer dispatchable, and saying why. */
export async function dispatchPaidBooking(ctx: DispatchContext, quoteId: number, now: Date): Promise<{ repairersNotified: number; leftOut?: LeftOut; skipped?: DispatchSkip }> {
  const skip = (skipped: DispatchSkip) => ({ repairersNotified: 0, skipped });
  const why = async (): Promise<DispatchSkip> => {
    const job = await jobOfQuote(ctx.db, quoteId);
    if (!job) return 'enquiry-gone';
    if (job.quote.assignmentStatus === 'assigned' || job.appointment?.status === 'assigned') return 'assigned';
    if (!job.appointment) return (await findLatestAppointmentOfQuote(ctx.db, quoteId))?.status === 'cancelled' ? 'cancelled' : 'no-paid-booking';
    if (job.appointment.status !== 'confirmed') return 'no-paid-booking';
    return 'slot-begun';
  };
  const job = await jobOfQuote(ctx.db, quoteId);
  if (!job || job.appointment?.status !== 'confirmed' || job.quote.assignmentStatus === 'assigned') return skip(await why());
  try {
    return await sendToAllNearby(ctx, quoteId, now);
  } catch (error) {
    // Cancelled or taken meanwhile (409), or a postcode nobody can place (400): the admin sees it as unassigned.
    if (error instanceof DomainError && error.statusCode === 400) return skip('unplaceable');
    if (error instanceof DomainError && error.statusCode === 409) return skip(await why());
    throw error;
  }
}

/**
 * D16: offers past their deadline expire, each through its lifecycle; answers how many. One that
 * cannot be expired (its record fails) is logged on `log` and the others still expire; then this
 * throws, so the job is retried (each expiry commits on its own: a retry does only what is left).
 */
export async function expireOverdueOffers(db: Db, now: Date, log?: RowLog): Promise<number> {
  const failures = new RowFailures({ what: 'job offers past their deadline', log });
  let expired = 0;
  for (const id of await overdueOfferIds(db, now)) {
    await failures.attempt({ jobNotificationId: id }, async () => {
      try {
        await runStep({ db }, 'expire-offers', (step) => transition(step.tx, 'jobNotification', 'expire', id));
        expired++;
      } catch (error) {
        if (!(error instanceof TransitionConflictError)) throw error; // accepted or declined meanwhile
      }
    });
  }
  failures.throwIfAny();
  return expired;
}

/** Every open offer a repairer holds is withdrawn (expired): they are no longer verified. Answers how many. */
export async function withdrawOpenOffersOfRepairer(db: Db, repairerId: number): Promise<number> {
  // The step withdraw-repairer-offers, inside the caller's transaction (a savepoint of it).
  const withdrawn = await runStep({ db }, 'withdraw-repairer-offers', async ({ tx }) => {
    const open = await openOfferIdsOfRepairer(tx, repairerId);
    let withdrawn = 0;
    for (const { id } of open) {
      try {
        await transition(tx, 'jobNotification', 'expire', id);
        withdrawn++;
      } catch (error) {
        if (!(error instanceof TransitionConflictError)) throw error; // answered meanwhile
      }
    }
    return withdrawn;
  });
  // The bookings the stored matching kept for them go to other technicians, or are left for the team (0028).
  await refreshReservationsOf(db, repairerId, new Date());
  return withdrawn;
}

/** Every open offer of a job is withdrawn (expired): its booking was cancelled, or another repairer took it. */
export async function withdrawOpenOffers(tx: Db, quoteId: number, exceptId?: number): Promise<number> {
  let withdrawn = 0;
  for (const id of await openOfferIdsOfQuote(tx, quoteId)) {
    if (id === exceptId) continue;
    try {
      await transition(tx, 'jobNotification', 'expire', id);
      withdrawn++;
    } catch (error) {
      if (!(error instanceof TransitionConflictError)) throw error;
    }
  }
  return withdrawn;
}

/**
 * The customer cancelled a paid booking (inside the cancel's transaction): open offers are
 * withdrawn, an accepted one is cancelled, the quote has no technician any more (so a new booking
 * of it can be dispatched again), and the repairer who had it is told. Answers their e-mail.
 */
export async function releaseJobOfCancelledBooking(tx: Db, quoteId: number, appointment: { appointmentDate: string; timeSlot: string; company: CompanyDetails }): Promise<OutboxEmail[]> {
  await withdrawOpenOffers(tx, quoteId);
  const accepted = await acceptedOfferOfQuote(tx, quoteId);
  await transition(tx, 'quoteAssignment', 'release', quoteId, { set: { assignedRepairerId: null } });
  if (!accepted) return [];
  await transition(tx, 'jobNotification', 'cancel', accepted.id);
  const repairer = await findRepairer(tx, accepted.repairerId);
  if (!repairer?.email) return [];
  return [await queueEmail(tx, jobCancelledEmail({ repairer: { email: repairer.email, contactName: repairer.contactName, businessName: repairer.businessName }, ...appointment }))];
}

export { notificationsOfQuote };
