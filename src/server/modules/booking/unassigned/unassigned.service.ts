// Paid bookings nobody has taken (issue 35 item 4, D16, docs/decisions/0027). Never a silent wait:
// - the team sees each one under "Bookings without a technician", with the technicians who could
//   still take it (eligible for it by the shared rule, slots/eligibility.repo, less those who
//   declined), and is e-mailed once each time a booking falls back to nobody;
// - 24 hours before the slot, the customer is e-mailed once and their booking page offers another
//   slot (the reschedule) or a full refund (the cancel), both allowed online from then until the
//   slot begins (offered-choice.ts).
import type { UnassignedBooking } from '../../../../shared/api/unassigned-bookings';
import { hasSlotBegun, isTimeSlot, slotStartsAt } from '../../../../shared/calendar';
import { addDays } from '../../../../shared/calendar-date';
import { isAnyDamageType, specialisationForAnyDamage } from '../../../../shared/damage';
import { londonDateOf } from '../../../../shared/london-time';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { Enqueue } from '../../../kernel/jobs';
import { RowFailures, type RowLog } from '../../../jobs/row-failures';
import type { Geocoder } from '../../../kernel/ports';
import { bookingFacts } from '../emails/booking-email-facts';
import { declinedRepairerIds } from '../offer/dispatch.repo';
import { runStep } from '../process/run-step';
import { eligibleTechnicians } from '../slots/eligibility.repo';
import { customerUnassignedEmail, teamUnassignedEmail } from './unassigned-emails';
import { claimCustomerTold, claimTeamTold, customerTellingCandidates, repairerContacts, unassignedBookings, type UnassignedRow } from './unassigned.repo';

export interface UnassignedContext {
  db: Db;
  config: AppConfig;
  geocoder: Geocoder;
  jobs: Enqueue;
  log?: RowLog | undefined;
}

/** The customer is told this long before their slot. */
export const CUSTOMER_TOLD_HOURS = 24;
/**
 * A booking never offered to anyone is news to the team once dispatch has had its chance: at once
 * when the automatic dispatch found nobody (it names the booking), else after this long.
 */
export const UNOFFERED_GRACE_MS = 10 * 60_000;

/** Who could still take the booking: eligible for it now (D15's rule), not one who declined it; none once its slot has begun. */
async function possibleTechnicians(ctx: Pick<UnassignedContext, 'db' | 'geocoder'>, row: UnassignedRow, now: Date): Promise<UnassignedBooking['technicians']> {
  if (!isTimeSlot(row.timeSlot) || !isAnyDamageType(row.damageType) || hasSlotBegun(row, now)) return [];
  const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : await ctx.geocoder.locate(row.postcode);
  if (!point) return [];
  const eligible = await eligibleTechnicians(ctx.db, { point, specialisation: specialisationForAnyDamage[row.damageType] }, { date: row.appointmentDate, slot: row.timeSlot });
  const declined = await declinedRepairerIds(ctx.db, row.quoteId);
  const left = eligible.filter((technician) => !declined.has(technician.id));
  const contacts = await repairerContacts(ctx.db, left.map((technician) => technician.id));
  return left.map((technician) => ({
    repairerId: technician.id,
    businessName: contacts.get(technician.id)?.businessName ?? '',
    phone: contacts.get(technician.id)?.phone ?? null,
    distance: Math.round(technician.distance * 10) / 10,
  }));
}

function toView(row: UnassignedRow, technicians: UnassignedBooking['technicians']): UnassignedBooking {
  return {
    appointmentId: row.appointmentId,
    quoteId: row.quoteId,
    assessmentId: row.assessmentId,
    reference: row.reference,
    appointmentDate: row.appointmentDate,
    timeSlot: row.timeSlot as UnassignedBooking['timeSlot'],
    damageType: row.damageType,
    city: row.city,
    postcode: row.postcode,
    offersMade: row.offersMade,
    declined: row.declined,
    teamToldAt: row.teamToldAt?.toISOString() ?? null,
    customerToldAt: row.customerToldAt?.toISOString() ?? null,
    technicians,
  };
}

/** GET /api/admin/unassigned-bookings: every paid booking without a technician or an open offer, soonest first. */
export async function readUnassignedBookings(ctx: Pick<UnassignedContext, 'db' | 'geocoder'>, now: Date): Promise<UnassignedBooking[]> {
  const rows = await unassignedBookings(ctx.db, now);
  const views: UnassignedBooking[] = [];
  for (const row of rows) views.push(toView(row, await possibleTechnicians(ctx, row, now)));
  return views;
}

/** Whether the team should hear of this booking now (its claim decides whether they already have). */
function isNewsToTeam(ctx: Pick<UnassignedContext, 'config'>, row: UnassignedRow, now: Date, named: number | undefined): boolean {
  if (row.offersMade > 0) return true; // every offer ended: expired or declined
  if (row.quoteId === named) return true; // the automatic dispatch found nobody to offer it to
  // Never offered: with the automatic dispatch on, once it has had its chance; with it off, the team dispatches by hand.
  return ctx.config.autoDispatch && now.getTime() - row.updatedAt.getTime() >= UNOFFERED_GRACE_MS;
}

/**
 * E-mails the team (config.teamEmail) about each paid booking that has fallen back to nobody, once
 * each time; answers how many. `namedQuoteId`: the automatic dispatch just found nobody for it.
 */
export async function tellTeamOfUnassigned(ctx: UnassignedContext, now: Date, namedQuoteId?: number): Promise<number> {
  const failures = new RowFailures({ what: 'bookings without a technician (the team)', log: ctx.log });
  let told = 0;
  for (const row of await unassignedBookings(ctx.db, now)) {
    if (!isNewsToTeam(ctx, row, now, namedQuoteId)) continue;
    const sent = await failures.attempt({ appointmentId: row.appointmentId }, async () => {
      const technicians = await possibleTechnicians(ctx, row, now);
      return runStep(ctx, 'tell-team-unassigned', async (step) => {
        if (!(await claimTeamTold(step.tx, row.appointmentId, now))) return false;
        await step.queue(teamUnassignedEmail({ ...row, technicians }, ctx.config.teamEmail, ctx.config.publicUrl));
        return true;
      });
    });
    if (sent) told++;
  }
  failures.throwIfAny();
  return told;
}

/** Tells each customer whose paid booking still has no technician 24 hours before its slot, once; answers how many. */
export async function tellCustomersOfUnassigned(ctx: UnassignedContext, now: Date): Promise<number> {
  const today = londonDateOf(now);
  const failures = new RowFailures({ what: 'bookings without a technician (the customer)', log: ctx.log });
  let told = 0;
  for (const candidate of await customerTellingCandidates(ctx.db, today, addDays(today, 2))) {
    if (!isTimeSlot(candidate.slot)) continue;
    const startsAt = slotStartsAt(candidate.date, candidate.slot).getTime();
    if (startsAt <= now.getTime() || startsAt - now.getTime() > CUSTOMER_TOLD_HOURS * 3600_000) continue;
    const sent = await failures.attempt({ appointmentId: candidate.id }, () =>
      runStep(ctx, 'tell-customer-unassigned', async (step) => {
        if (!(await claimCustomerTold(step.tx, candidate.id, now))) return false;
        const facts = await bookingFacts(step.tx, ctx.config, candidate.id, ctx.config.stripe === undefined);
        await step.queue(customerUnassignedEmail(facts));
        return true;
      }),
    );
    if (sent) told++;
  }
  failures.throwIfAny();
  return told;
}
