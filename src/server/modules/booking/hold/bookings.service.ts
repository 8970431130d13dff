// Booking (issue 11; D13–D15; docs/decisions/0008-booking-capacity.md): availability from real
// capacity, a 30-minute hold on a slot, lapse of unpaid holds, reading and rescheduling an
// appointment. Every status change goes through transition(); every place taken or released
// goes through capacity.repo in the same transaction.
import { arrivalUpdatesLeft } from '../../../../shared/arrival';
import { lte } from 'drizzle-orm';
import { z } from 'zod';
import {
  CreateAppointmentBodySchema,
  FREE_CHANGE_HOURS,
  HOLD_MINUTES,
  notesLastChangeDate,
  QUOTE_TO_BOOK_NOT_FOUND,
  RescheduleAppointmentBodySchema,
  type AppointmentView,
  type AvailabilityView,
  type MonthAvailabilityView,
} from '../../../../shared/api/appointments';
import { slotEndsAt, slotStartsAt, timeSlots, type TimeSlot } from '../../../../shared/calendar';
import { addDays, daysInMonth, toCalendarDate } from '../../../../shared/calendar-date';
import { appointmentLifecycle, conflictMessage, nextStatus } from '../../../../shared/lifecycles';
import { isQuoteExpired } from '../../../../shared/lifecycles/quote';
import { formatLondonDate, londonDateOf } from '../../../../shared/london-time';
import { penceToDecimalString } from '../../../../shared/money';
import type { CompanyDetails } from '../../../../shared/company';
import type { AppConfig } from '../../../config/config';
import type { Database, Db } from '../../../db/database';
import type { Enqueue } from '../../../kernel/jobs';
import { runStep } from '../process/run-step';
import { appointments } from '../../../db/schema';
import { transition, TransitionConflictError } from '../../../db/transition';
import { RowFailures, type RowLog } from '../../../jobs/row-failures';
import { pagesAfterId } from '../../../jobs/keyset-pages';
import { badRequest, conflict, DomainError, notFound } from '../../../kernel/errors';
import { refuseOverLimit, type RateLimit } from '../../../plugins/rate-limit';
import { parseBody } from '../../../plugins/validation';
import { customerRecordAccess, type CustomerRecordAccess, type Viewer } from '../../access';
import { findAssessmentWithCoverage } from '../../assessments';
import {
  expiredHoldIds,
  findAppointmentRecord,
  findLiveAppointmentOfQuote,
  insertHeldAppointment,
  quoteToHold,
  type AppointmentRecord,
} from '../appointments.repo';
import { parseAppointmentDate, slotRefusal } from '../slots/booking-rules';
import { hasOfferedChoice, mayChangeOnline } from '../unassigned/offered-choice';
import { checkEarlyStartOnReschedule, onAppointmentRescheduled, technicianFreeAt } from '../bookings.hooks';
import { hasFreePlace, leaveLiveState, releasePlace, SLOT_TAKEN_MESSAGE, slotRowsBetween, takePlace, type Slot, type SlotPlaces } from '../slots/capacity.repo';
import { readAvailability } from '../slots/availability-read.repo';
import { bookingCalendar } from '../emails/booking-emails';
import { busySlotsOf } from '../offer/repairer-jobs.repo';
import { refuseUncovered } from '../../coverage';
import { claimTechnicianPlace } from './claim';
import { openSlotsFrom, openSlotsStored } from '../slots/stored-matching';
import { firstFreeForQuote } from '../slots/stored-matching.repo';
import { technicianOf } from '../appointment/technician-profile';
import { customerOfQuote, customersOf, quoteWithCustomer } from '../slots/customer-availability.repo';
import { slotsAnyoneCanTake, type Customer } from '../slots/eligibility.repo';

export const bookingMessages = {
  quoteNotFound: QUOTE_TO_BOOK_NOT_FOUND,
  appointmentNotFound: 'We could not find that appointment.',
  slotTaken: SLOT_TAKEN_MESSAGE,
  quoteBooked: 'This quote has already been booked and paid for. Your appointment is in your confirmation e-mail.',
  quoteWithdrawn: 'This enquiry has been withdrawn, so its quote can no longer be booked.',
  alreadyConfirmed: 'This quote already has a confirmed appointment. To change it, please reschedule it from your appointment page.',
  callUs: (company: CompanyDetails) => `Changes within ${FREE_CHANGE_HOURS} hours of your appointment need a phone call: please ring us on ${company.supportPhone}.`,
  sameSlot: 'Your appointment is already in that slot. Please choose another.',
  technicianBusy: 'Your technician already has another job at that time. Please choose another date or time.',
} as const;

export const quoteExpiredMessage = (validUntil: string) =>
  `This quote expired on ${formatLondonDate(validUntil)}. Please ask us for a new one.`;

export interface BookingContext {
  db: Db;
  config: AppConfig;
  /** Where a step's after-commit work goes (process/run-step.ts); absent in a test that calls a service directly. */
  jobs?: Enqueue;
}

// --- Lapse ----------------------------------------------------------------------------------------

const LAPSE_WHAT = 'unpaid holds past their 30 minutes';

/** The lapse sweep's page: holds read at a time. */
export const LAPSE_PAGE_SIZE = 200;

/**
 * Lapses these holds if their 30 minutes have run out at `now`, releasing each place, each in its
 * own transaction: the step lapse-hold, or start-checkout's lapse when checkout found the hold
 * expired (`as`). A hold confirmed (or lapsed by someone else) meanwhile is left alone. One that
 * cannot be lapsed (its record fails) is logged on `log` and the others still lapse; then this throws.
 */
export async function lapseHolds(db: Db, ids: number[], now: Date, options: { log?: RowLog; as?: 'lapse-hold' | 'start-checkout' } = {}): Promise<number> {
  const failures = new RowFailures({ what: LAPSE_WHAT, log: options.log });
  const lapsed = await lapseEach(db, ids, now, failures, options.as);
  failures.throwIfAny();
  return lapsed;
}

async function lapseEach(db: Db, ids: number[], now: Date, failures: RowFailures, as: 'lapse-hold' | 'start-checkout' = 'lapse-hold'): Promise<number> {
  let lapsed = 0;
  for (const id of ids) {
    await failures.attempt({ appointmentId: id }, async () => {
      try {
        await runStep({ db }, as, (step) => leaveLiveState(step.tx, id, 'lapse', { where: lte(appointments.holdExpiresAt, now) }));
        lapsed++;
      } catch (error) {
        // Confirmed or lapsed by someone else meanwhile (409), or its enquiry deleted (404).
        if (!(error instanceof DomainError)) throw error;
      }
    });
  }
  return lapsed;
}

/**
 * Lapses every expired hold on these days (inclusive) or, without days, everywhere. Pages go on
 * after the last id seen, so a hold that fails, or one confirmed meanwhile, neither stops the
 * pages after it nor is met again: it is logged, every other hold lapses, and then the run throws
 * (row-failures.ts), so the job's retry or next run tries it again.
 */
export async function lapseExpiredHolds(db: Db, now: Date, days: { from?: string; to?: string } = {}, log?: RowLog): Promise<number> {
  const failures = new RowFailures({ what: LAPSE_WHAT, log });
  let total = 0;
  for await (const ids of pagesAfterId((afterId, limit) => expiredHoldIds(db, now, { ...days, afterId, limit }), LAPSE_PAGE_SIZE, (id) => id)) {
    total += await lapseEach(db, ids, now, failures);
  }
  failures.throwIfAny();
  return total;
}

// --- Availability ---------------------------------------------------------------------------------

function slotKey(date: string, slot: TimeSlot): string {
  return `${date}/${slot}`;
}

function byKey(rows: SlotPlaces[]): Map<string, SlotPlaces> {
  return new Map(rows.map((row) => [slotKey(row.slotDate, row.timeSlot), row]));
}

/** Whether the network can take the customer asked for in the slot (customer-availability.ts); everyone when no customer is asked for. */
type NetworkOpen = (date: string, slot: TimeSlot) => boolean;
const anyone: NetworkOpen = () => true;

function dayAvailability(date: string, rows: Map<string, SlotPlaces>, busy: Set<string>, defaultCapacity: number, now: Date, today: string, network: NetworkOpen = anyone): AvailabilityView {
  const available = Object.fromEntries(
    timeSlots.map((slot) => [
      slot,
      slotRefusal(date, slot, now, today) === null &&
        hasFreePlace(rows.get(slotKey(date, slot)), defaultCapacity) &&
        !busy.has(slotKey(date, slot)) &&
        network(date, slot),
    ]),
  ) as AvailabilityView['available'];
  return { date, available };
}

/**
 * Whose calendar is read: anyone's (every slot with a free place), or the one a customer moves
 * their booking in (`appointmentId`), where a slot its technician already has another job in is
 * not available either: the move would be refused (technicianFreeAt), so the calendar says so first.
 */
export interface CalendarFor {
  viewer: Viewer;
  appointmentId: number;
}

/** The slots from…to its technician is busy in, for an assigned booking the viewer may read (404 otherwise). */
async function technicianBusySlots(ctx: BookingContext, calendarFor: CalendarFor | undefined, from: string, to: string, now: Date): Promise<Set<string>> {
  if (!calendarFor) return new Set();
  const { record } = await readableAppointment(ctx, calendarFor.appointmentId, calendarFor.viewer, now);
  if (record.appointment.status !== 'assigned' || record.assignedRepairerId === null) return new Set();
  const busy = await busySlotsOf(ctx.db, record.assignedRepairerId, from, to, record.appointment.quoteId);
  return new Set(busy.map(({ date, slot }) => slotKey(date, slot as TimeSlot)));
}


export type AvailabilityContext = BookingContext & { database: Database };

/**
 * The slot rows of `from`…`to` at `now`, the read counted against `limit` first (429 past it):
 * one statement (availability-read.repo.ts), and only when a hold of those days has expired, the
 * lapse and a second read of the rows.
 */
async function availableSlots(ctx: AvailabilityContext, limit: RateLimit, from: string, to: string, now: Date): Promise<Map<string, SlotPlaces>> {
  const read = await readAvailability(ctx.database, { rateKey: limit.key, windowSeconds: limit.windowSeconds, from, to, now });
  refuseOverLimit(read.hits, limit);
  if (!read.expiredHolds) return byKey(read.slots);
  await lapseExpiredHolds(ctx.db, now, { from, to });
  return byKey(await slotRowsBetween(ctx.db, from, to));
}

/**
 * Whose customer the calendar is for: a quote's (`quoteId`, its grant holder only) or the one
 * moving a booking (`calendarFor`, the booking's own customer). A stranger's quote is 404, as
 * holding it would be, and tells nothing.
 */
export interface CustomerAsked {
  viewer: Viewer;
  quoteId: number;
}

/** The calendar's quote and its customer (null: their postcode cannot be placed), the quote and its enquiry read in one statement. */
interface CalendarQuote {
  quoteId: number;
  customer?: Customer | null;
}

/** The quote read for the asking customer's calendar, when their grant covers it and it is not pending; else 404, as for no quote at all. */
function asksForOwnQuote<Q extends { status: string; assessmentId: number }>(quote: Q | null | undefined, asked: CustomerAsked): Q {
  if (!quote || quote.status === 'pending' || customerRecordAccess({ user: null, assessmentIds: asked.viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer') {
    throw notFound(bookingMessages.quoteNotFound);
  }
  return quote;
}

async function quoteOfViewer(ctx: BookingContext, asked: CustomerAsked): Promise<CalendarQuote> {
  const quote = asksForOwnQuote(await quoteWithCustomer(ctx.db, asked.quoteId), asked);
  return { quoteId: quote.id, customer: quote.customer };
}

/** The quote whose customer the calendar answers for, if any: asked for, or the booking being moved (not when its technician is already fixed). */
async function calendarQuote(ctx: BookingContext, asked: CustomerAsked | undefined, calendarFor: CalendarFor | undefined, now: Date): Promise<CalendarQuote | undefined> {
  if (asked) return quoteOfViewer(ctx, asked);
  if (!calendarFor) return undefined;
  const { record } = await readableAppointment(ctx, calendarFor.appointmentId, calendarFor.viewer, now);
  return record.appointment.status === 'assigned' ? undefined : { quoteId: record.appointment.quoteId };
}

/** The slots of `days` the calendar would offer before asking the technicians: bookable, with a place under the team's ceiling, not the moved booking's technician's busy ones. */
function slotsToAsk(days: readonly string[], rows: Map<string, SlotPlaces>, busy: Set<string>, defaultCapacity: number, now: Date, today: string): { date: string; slot: TimeSlot }[] {
  return days.flatMap((date) =>
    timeSlots
      .filter((slot) => slotRefusal(date, slot, now, today) === null && hasFreePlace(rows.get(slotKey(date, slot)), defaultCapacity) && !busy.has(slotKey(date, slot)))
      .map((slot) => ({ date, slot })),
  );
}

/**
 * No customer named (SPEC's client: neither `quoteId` nor `appointmentId`): whether any customer
 * could book the slot, from the network (issue 35 item 2, docs/decisions/0029): some verified
 * technician works it, is not off that day and has a free place. Only the slots the calendar's
 * own rules leave open are asked.
 */
async function anyoneCanTake(ctx: BookingContext, from: string, to: string, now: Date): Promise<NetworkOpen> {
  const today = londonDateOf(now);
  const asked: { date: string; slot: TimeSlot }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const slot of timeSlots) if (slotRefusal(date, slot, now, today) === null) asked.push({ date, slot });
  }
  const open = await slotsAnyoneCanTake(ctx.db, asked);
  return (date, slot) => open.has(`${date}/${slot}`);
}

/** Which of those slots the quote's customer can have a technician in (with no quote: all of them, or any customer's when `anyCustomer`). */
async function networkFor(ctx: BookingContext, quote: CalendarQuote | undefined, from: string, to: string, slots: { date: string; slot: TimeSlot }[], now: Date, anyCustomer = false): Promise<NetworkOpen> {
  if (quote === undefined) return anyCustomer ? anyoneCanTake(ctx, from, to, now) : anyone;
  const customer = quote.customer === undefined ? await customerOfQuote(ctx.db, quote.quoteId) : quote.customer;
  if (!customer) return () => false;
  const open = await openSlotsStored(ctx.db, customer, slots, now, quote.quoteId);
  return (date, slot) => open.has(slotKey(date, slot));
}

export async function availabilityOn(ctx: AvailabilityContext, limit: RateLimit, date: string, now: Date, calendarFor?: CalendarFor, asked?: CustomerAsked): Promise<AvailabilityView> {
  const rows = await availableSlots(ctx, limit, date, date, now);
  const busy = await technicianBusySlots(ctx, calendarFor, date, date, now);
  const today = londonDateOf(now);
  const slots = slotsToAsk([date], rows, busy, ctx.config.slotCapacity, now, today);
  const network = asked && !calendarFor ? await networkForAsked(ctx, asked, slots, now) : await networkFor(ctx, await calendarQuote(ctx, asked, calendarFor, now), date, date, slots, now, !asked && !calendarFor);
  return dayAvailability(date, rows, busy, ctx.config.slotCapacity, now, today, network);
}

/**
 * A quote's calendar (`quoteId`): the quote, its customer and each slot's first free technician
 * in one statement (firstFreeForQuote), the grant checked on it before anything is answered
 * (a stranger's quote is 404, as in quoteOfViewer); the few slots it leaves open to question get
 * the augmenting search (openSlotsFrom). An enquiry without a saved point goes the long way
 * (its district's centre, then firstFreeTechnician).
 */
async function networkForAsked(ctx: BookingContext, asked: CustomerAsked, slots: { date: string; slot: TimeSlot }[], now: Date): Promise<NetworkOpen> {
  const read = asksForOwnQuote(await firstFreeForQuote(ctx.db, asked.quoteId, slots, now), asked);
  const [customer] = await customersOf(ctx.db, [read.enquiry]);
  if (!customer) return () => false;
  const open = read.slots ? await openSlotsFrom(ctx.db, customer, slots, read.slots, now, asked.quoteId) : await openSlotsStored(ctx.db, customer, slots, now, asked.quoteId);
  return (date, slot) => open.has(slotKey(date, slot));
}

export function monthDays(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: daysInMonth(year, monthNumber) }, (_, i) => toCalendarDate(year, monthNumber, i + 1));
}

export async function availabilityInMonth(ctx: AvailabilityContext, limit: RateLimit, month: string, now: Date, calendarFor?: CalendarFor, asked?: CustomerAsked): Promise<MonthAvailabilityView> {
  const days = monthDays(month);
  const [from, to] = [days[0]!, days[days.length - 1]!];
  const rows = await availableSlots(ctx, limit, from, to, now);
  const busy = await technicianBusySlots(ctx, calendarFor, from, to, now);
  const today = londonDateOf(now);
  const slots = slotsToAsk(days, rows, busy, ctx.config.slotCapacity, now, today);
  const network = asked && !calendarFor ? await networkForAsked(ctx, asked, slots, now) : await networkFor(ctx, await calendarQuote(ctx, asked, calendarFor, now), from, to, slots, now, !asked && !calendarFor);
  return { month, days: days.map((date) => dayAvailability(date, rows, busy, ctx.config.slotCapacity, now, today, network)) };
}

// --- Reading an appointment -----------------------------------------------------------------------

const viewerOf = { customer: 'customer', admin: 'team', 'assigned-repairer': 'technician' } as const;

/**
 * Issue 38 item 3: the technician's "on the way", while the visit is still to come on its day
 * (Europe/London); the technician also reads how many updates they have left.
 */
function onTheWayOf(appointment: AppointmentRecord['appointment'], now: Date, access: Exclude<CustomerRecordAccess, 'none'>): AppointmentView['onTheWay'] {
  if (appointment.status !== 'assigned' || !appointment.arrivalEstimate || appointment.appointmentDate !== londonDateOf(now)) return null;
  return {
    name: appointment.arrivalBy ?? 'Your technician',
    arrivingAround: appointment.arrivalEstimate,
    updatesLeft: access === 'assigned-repairer' ? arrivalUpdatesLeft(appointment.arrivalAnnouncements) : 0,
  };
}

/** The booking as `access` may read it: each caller says who its reader is. */
export function toAppointmentView(record: AppointmentRecord, now: Date, access: Exclude<CustomerRecordAccess, 'none'>): AppointmentView {
  const { appointment } = record;
  const slot = appointment.timeSlot as TimeSlot;
  const changeable = appointment.status === 'confirmed' || appointment.status === 'assigned';
  const lastNotesDate = notesLastChangeDate(appointment.appointmentDate);
  const notesChangeable = access === 'customer' && nextStatus(appointmentLifecycle, appointment.status, 'editNotes') !== null && londonDateOf(now) <= lastNotesDate;
  return {
    id: appointment.id,
    quoteId: appointment.quoteId,
    assessmentId: record.assessmentId,
    appointmentDate: appointment.appointmentDate,
    timeSlot: slot,
    status: appointment.status,
    holdExpiresAt: appointment.status === 'held' && appointment.holdExpiresAt ? appointment.holdExpiresAt.toISOString() : null,
    startsAt: slotStartsAt(appointment.appointmentDate, slot).toISOString(),
    endsAt: slotEndsAt(appointment.appointmentDate, slot).toISOString(),
    notes: appointment.notes,
    notesChangeableUntil: notesChangeable ? lastNotesDate : null,
    totalCost: penceToDecimalString(record.totalPence),
    reference: record.reference,
    paymentStatus: record.paymentStatus,
    cancellationPeriod: record.cancellationPeriod && {
      paidAt: new Date(record.cancellationPeriod.paidAtMs).toISOString(),
      startRequested: record.cancellationPeriod.startRequested,
    },
    canChange: access === 'customer' && changeable && mayChangeOnline(appointment, now),
    noTechnicianChoice: access === 'customer' && hasOfferedChoice(appointment, now),
    viewer: viewerOf[access],
    invoices: access === 'assigned-repairer' ? [] : record.invoices.map((invoice) => ({ ...invoice, url: `/api/appointments/${appointment.id}/${invoice.kind}.pdf` })),
    createdAt: appointment.createdAt.toISOString(),
    onTheWay: onTheWayOf(appointment, now, access),
    // Issue 37 item 3: who is coming, once a technician has accepted (and after the repair), never before.
    technician: technicianOf(record, now),
    texts: access === 'customer' ? { consented: appointment.smsConsentAt !== null } : null,
    aftercare: {
      technician: record.assignedRepairerId === null ? null : record.technician,
      completedAt: appointment.completedAt?.toISOString() ?? null,
      confirmedAt: appointment.customerConfirmedAt?.toISOString() ?? null,
      problemReportedAt: appointment.problemReportedAt?.toISOString() ?? null,
      warranty: record.warranty,
      review: record.review,
      afterPhotoIds: appointment.status === 'completed' ? record.afterPhotoIds : [],
    },
  };
}

/**
 * The appointment as this viewer may read it (its grant holder, an admin, the repairer assigned to
 * its quote), or 404 to anyone else, as for a missing id. An expired hold is lapsed first.
 */
export async function readableAppointment(ctx: BookingContext, id: number, viewer: Viewer, now: Date) {
  let record = await findAppointmentRecord(ctx.db, id);
  if (!record) throw notFound(bookingMessages.appointmentNotFound);
  const access = customerRecordAccess(viewer, { assessmentId: record.assessmentId, assignedRepairerId: record.assignedRepairerId });
  if (access === 'none') throw notFound(bookingMessages.appointmentNotFound);
  const { appointment } = record;
  if (appointment.status === 'held' && appointment.holdExpiresAt && appointment.holdExpiresAt <= now) {
    await lapseHolds(ctx.db, [appointment.id], now);
    record = (await findAppointmentRecord(ctx.db, id))!;
  }
  return { record, access };
}

// --- Holding a slot -------------------------------------------------------------------------------

/** A slot from a request's appointmentDate and timeSlot, or a 400 with the rule it breaks. */
function requestedSlot(appointmentDate: string, slot: TimeSlot, now: Date): Slot {
  const parsed = parseAppointmentDate(appointmentDate);
  if ('error' in parsed) throw badRequest(parsed.error, { appointmentDate: parsed.error });
  const refusal = slotRefusal(parsed.date, slot, now);
  if (refusal) throw badRequest(refusal, { appointmentDate: refusal });
  return { date: parsed.date, slot };
}

/** Takes the new place and releases the old one in a fixed order, so two swaps never deadlock. */
async function movePlace(tx: Db, from: Slot, to: Slot, defaultCapacity: number): Promise<void> {
  const releaseFirst = slotKey(from.date, from.slot) <= slotKey(to.date, to.slot);
  if (releaseFirst) await releasePlace(tx, from);
  if (!(await takePlace(tx, to, defaultCapacity))) throw conflict(SLOT_TAKEN_MESSAGE);
  if (!releaseFirst) await releasePlace(tx, from);
}

/**
 * POST /api/appointments: the quote's grant holder holds a slot for 30 minutes. Booking again
 * replaces their own hold (it lapses and frees its place in the same transaction); on a full
 * slot nothing changes.
 */
export async function holdSlot(ctx: BookingContext, viewer: Viewer, rawBody: unknown, now: Date): Promise<AppointmentView> {
  // Authorise before parsing: a browser holding no customer grant learns nothing about the rules.
  // Only the quote id is read before the quote's grant is checked; the rest after.
  if (viewer.assessmentIds.length === 0) throw notFound(bookingMessages.quoteNotFound);
  const quoteIdOnly = z.object({ quoteId: CreateAppointmentBodySchema.shape.quoteId }).safeParse(rawBody);
  if (!quoteIdOnly.success) throw notFound(bookingMessages.quoteNotFound);
  // The day asked for, when the body names a valid one, so the same read says whether a hold of
  // that day has expired (nothing is answered from it before the grant is checked).
  const early = CreateAppointmentBodySchema.safeParse(rawBody);
  const earlyDate = early.success ? parseAppointmentDate(early.data.appointmentDate) : null;
  const askedDate = earlyDate && 'date' in earlyDate ? earlyDate.date : null;
  const owned = await quoteToHold(ctx.db, quoteIdOnly.data.quoteId, askedDate, now);
  if (!owned || !viewer.assessmentIds.includes(owned.assessmentId) || owned.status === 'pending') throw notFound(bookingMessages.quoteNotFound);
  const { quoteId, appointmentDate, timeSlot, notes, textConsent } = parseBody(CreateAppointmentBodySchema, rawBody);

  const wanted = requestedSlot(appointmentDate, timeSlot, now);
  // Expired holds on that slot give their places back before we try to take one.
  if (owned.expiredHolds || askedDate !== wanted.date) await lapseExpiredHolds(ctx.db, now, { from: wanted.date, to: wanted.date });

  const id = await runStep(ctx, 'hold-slot', async (step) => {
    const { tx } = step;
    // One booking at a time per quote: the quote row is locked until commit.
    const { quote } = await step.lock({ quoteId });
    if (!quote || customerRecordAccess({ user: null, assessmentIds: viewer.assessmentIds }, { assessmentId: quote.assessmentId }) !== 'customer') {
      throw notFound(bookingMessages.quoteNotFound);
    }
    if (quote.status === 'pending') throw notFound(bookingMessages.quoteNotFound);
    if (quote.status === 'booked') throw conflict(bookingMessages.quoteBooked);
    // The enquiry and its coverage in one statement (requireCoverage's answer, checked below in its place).
    const assessment = await findAssessmentWithCoverage(tx, quote.assessmentId);
    // Erased while this request waited for the quote (the erasure locks it): the grant is gone.
    if (assessment?.erasedAt) throw notFound(bookingMessages.quoteNotFound);
    if (!assessment || assessment.status === 'withdrawn') throw conflict(bookingMessages.quoteWithdrawn);
    if (isQuoteExpired(quote.validUntilDate, now)) throw conflict(quoteExpiredMessage(quote.validUntilDate));
    refuseUncovered(assessment);
    // Where the customer is and what they need, for the claim below (read once, under the quote's lock).
    const [customer] = await customersOf(tx, [assessment]);

    const live = await findLiveAppointmentOfQuote(tx, quote.id);
    if (live && live.status !== 'held') throw conflict(bookingMessages.alreadyConfirmed);
    if (live) {
      // Replace the customer's own hold: lapse it and move its place, in one fixed lock order.
      const releaseFirst = slotKey(live.appointmentDate, live.timeSlot as TimeSlot) <= slotKey(wanted.date, wanted.slot);
      if (releaseFirst) await leaveLiveState(tx, live.id, 'lapse');
      if (!(await takePlace(tx, wanted, ctx.config.slotCapacity))) throw conflict(SLOT_TAKEN_MESSAGE);
      if (!releaseFirst) await leaveLiveState(tx, live.id, 'lapse');
    } else if (!(await takePlace(tx, wanted, ctx.config.slotCapacity))) {
      throw conflict(SLOT_TAKEN_MESSAGE);
    }
    // takePlace holds the slot's lock until commit: the technicians' places are counted under it (claim.ts).
    await claimTechnicianPlace(tx, quote.id, wanted, now, customer ?? null);
    const created = await insertHeldAppointment(tx, {
      quoteId: quote.id,
      appointmentDate: wanted.date,
      timeSlot: wanted.slot,
      notes,
      holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      smsConsentAt: textConsent ? now : null,
    });
    return created.id;
  });
  return toAppointmentView((await findAppointmentRecord(ctx.db, id))!, now, 'customer');
}

// --- Rescheduling ---------------------------------------------------------------------------------

/**
 * POST /api/appointments/{id}/reschedule by the grant holder: another free slot, atomically (the
 * new place taken and the old released in one transaction; on a full slot nothing changes), for
 * a confirmed or assigned appointment more than 24 hours before its slot: the step reschedule
 * (process/run-step.ts), whose e-mails go once it commits.
 */
export async function reschedule(
  ctx: BookingContext,
  id: number,
  viewer: Viewer,
  rawBody: unknown,
  now: Date,
): Promise<AppointmentView> {
  const { access, record } = await readableAppointment(ctx, id, viewer, now);
  // Only the customer moves their appointment; to staff the call does not exist.
  if (access !== 'customer') throw notFound(bookingMessages.appointmentNotFound);
  const body = parseBody(RescheduleAppointmentBodySchema, rawBody);

  await runStep(ctx, 'reschedule', async (step) => {
    const { tx } = step;
    // The one lock order (quote, appointment, payment), as cancelling and paying take it: a
    // technician accepting this job at the same moment (quote, then appointment) waits, not deadlocks.
    const { quote, appointment: current } = await step.lock({ quoteId: record.appointment.quoteId, appointmentId: id });
    if (!current) throw notFound(bookingMessages.appointmentNotFound);
    if (current.status !== 'confirmed' && current.status !== 'assigned') {
      throw new TransitionConflictError('appointment', 'reschedule', current.status, conflictMessage(appointmentLifecycle, 'reschedule', current.status));
    }
    const from: Slot = { date: current.appointmentDate, slot: current.timeSlot as TimeSlot };
    if (!mayChangeOnline(current, now)) throw conflict(bookingMessages.callUs(ctx.config.company));
    const to = requestedSlot(body.appointmentDate, body.timeSlot, now);
    if (to.date === from.date && to.slot === from.slot) throw badRequest(bookingMessages.sameSlot, { appointmentDate: bookingMessages.sameSlot });

    // D14: inside the 14 days from payment only at the customer's request (refused before anything moves).
    const startRequested = await checkEarlyStartOnReschedule(tx, id, to, body.startWithinCancellationPeriod === true);

    // A technician who has accepted the job keeps it: never moved onto another job of theirs.
    const technicianId = current.status === 'assigned' ? (quote?.assignedRepairerId ?? null) : null;
    if (technicianId !== null && !(await technicianFreeAt(tx, technicianId, current.quoteId, to))) {
      throw conflict(bookingMessages.technicianBusy);
    }

    await movePlace(tx, from, to, ctx.config.slotCapacity);
    // A booking still waiting for a technician needs one free in the new slot (claim.ts); an
    // assigned one keeps its technician, checked free above.
    if (technicianId === null) await claimTechnicianPlace(tx, current.quoteId, to, now);
    await transition(tx, 'appointment', 'reschedule', id, { set: { appointmentDate: to.date, timeSlot: to.slot, teamToldUnassignedAt: null, customerToldUnassignedAt: null } });
    step.send(await onAppointmentRescheduled(tx, { appointmentId: id, quoteId: current.quoteId, technicianId, from, to, startRequested }, ctx.config));
  });
  return toAppointmentView((await findAppointmentRecord(ctx.db, id))!, now, 'customer');
}

// --- The booking's calendar file -------------------------------------------------------------------

export const calendarMessages = {
  notBooked: 'Only a paid booking that is still to come can be added to a calendar.',
} as const;

/**
 * GET /api/appointments/{id}/calendar.ics: the confirmation e-mail's calendar event, for whoever may
 * read the booking (a customer who lost the e-mail, or never had it). A paid booking still to come
 * only; its sequence is the time, so a calendar replaces a copy taken before a move. The link in it
 * is the plain appointment page (no access key: a calendar entry is shared and synced).
 */
export async function appointmentCalendar(ctx: BookingContext, id: number, viewer: Viewer, now: Date): Promise<{ filename: string; content: string }> {
  const { record } = await readableAppointment(ctx, id, viewer, now);
  const { appointment } = record;
  if (appointment.status !== 'confirmed' && appointment.status !== 'assigned') throw conflict(calendarMessages.notBooked);
  const event = bookingCalendar(
    {
      appointmentId: appointment.id,
      reference: record.reference,
      date: appointment.appointmentDate,
      slot: appointment.timeSlot as TimeSlot,
      appointmentUrl: `${ctx.config.publicUrl}/appointments/${appointment.id}`,
      company: ctx.config.company,
    },
    { sequence: Math.floor(now.getTime() / 1000) },
  );
  return { filename: `autorevive-${record.reference}.ics`, content: event.content };
}
