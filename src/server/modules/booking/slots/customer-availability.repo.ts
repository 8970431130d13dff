// The reads behind a customer's availability (customer-availability.ts): where a quote's customer
// is and what they need, and the live bookings still to be given a technician.
import { and, between, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TimeSlot } from '../../../../shared/calendar';
import { isAnyDamageType, specialisationForAnyDamage, type Specialisation } from '../../../../shared/damage';
import { outcodeOf } from '../../../../shared/postcode';
import type { Db } from '../../../db/database';
import { appointments, assessments, outcodes, quotes } from '../../../db/schema';
import type { Point } from '../../repairers';
import type { Customer } from './eligibility.repo';

/** A live booking still to be given a technician, where its customer is and what they need. */
export interface OpenBooking {
  appointmentId: number;
  quoteId: number;
  date: string;
  slot: TimeSlot;
  customer: Customer;
}

function specialisationOf(damageType: string): Specialisation | null {
  return isAnyDamageType(damageType) ? specialisationForAnyDamage[damageType] : null;
}

/** Points of postcodes without saved coordinates: their district's centre (the embedded geocoder's answer). */
async function districtPoints(db: Db, postcodes: readonly string[]): Promise<Map<string, Point>> {
  const codes = [...new Set(postcodes.map(outcodeOf).filter((code): code is string => code !== null))];
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(outcodes).where(inArray(outcodes.outcode, codes));
  return new Map(rows.map((row) => [row.outcode, { latitude: row.latitude, longitude: row.longitude }]));
}

/** The customer of an assessment row: its saved point, else its postcode district's centre; null when neither is known. */
export async function customersOf<T extends { latitude: number | null; longitude: number | null; postcode: string; damageType: string }>(db: Db, rows: readonly T[]): Promise<(Customer | null)[]> {
  const districts = await districtPoints(
    db,
    rows.filter((row) => row.latitude === null || row.longitude === null).map((row) => row.postcode),
  );
  return rows.map((row) => {
    const specialisation = specialisationOf(row.damageType);
    if (!specialisation) return null;
    const point = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : districts.get(outcodeOf(row.postcode) ?? '');
    return point ? { point, specialisation } : null;
  });
}

/** A quote's customer (its enquiry's point and damage), or null when its postcode cannot be placed. */
export async function customerOfQuote(db: Db, quoteId: number): Promise<Customer | null> {
  const [row] = await db
    .select({ latitude: assessments.latitude, longitude: assessments.longitude, postcode: assessments.postcode, damageType: assessments.damageType })
    .from(quotes)
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  return (await customersOf(db, [row]))[0] ?? null;
}

/** A quote's status and enquiry with its customer (customerOfQuote's answer) in one statement: the calendar checks whose quote it is and asks for that customer. */
export async function quoteWithCustomer(db: Db, quoteId: number): Promise<{ id: number; status: string; assessmentId: number; customer: Customer | null } | null> {
  const [row] = await db
    .select({
      id: quotes.id,
      status: quotes.status,
      assessmentId: quotes.assessmentId,
      latitude: assessments.latitude,
      longitude: assessments.longitude,
      postcode: assessments.postcode,
      damageType: assessments.damageType,
    })
    .from(quotes)
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  return { id: row.id, status: row.status, assessmentId: row.assessmentId, customer: (await customersOf(db, [row]))[0] ?? null };
}

/** A latitude/longitude box (repairers' boundingBox). */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

const inBox = (point: Point, box: Box) => point.latitude >= box.minLat && point.latitude <= box.maxLat && point.longitude >= box.minLng && point.longitude <= box.maxLng;

/**
 * The live bookings of `from`…`to` (inclusive) still to be given a technician: held and not past
 * their 30 minutes at `now`, or paid and waiting (confirmed); `paidOnly`, the paid ones alone.
 * `exceptQuoteId`'s own booking is left out: the one it asks for replaces it. With `box`, only
 * those whose customer is placed inside it: the saved points through the assessments' location
 * index, and the few without one (their district's centre stands in) through its partial index
 * on the missing ones, checked here once placed.
 */
export async function openBookingsBetween(db: Db, from: string, to: string, now: Date, exceptQuoteId?: number, paidOnly = false, box?: Box): Promise<OpenBooking[]> {
  const rows = await db
    .select({
      appointmentId: appointments.id,
      quoteId: appointments.quoteId,
      date: appointments.appointmentDate,
      slot: appointments.timeSlot,
      latitude: assessments.latitude,
      longitude: assessments.longitude,
      postcode: assessments.postcode,
      damageType: assessments.damageType,
    })
    .from(appointments)
    .innerJoin(quotes, eq(quotes.id, appointments.quoteId))
    .innerJoin(assessments, eq(assessments.id, quotes.assessmentId))
    .where(
      and(
        between(appointments.appointmentDate, from, to),
        paidOnly
          ? eq(appointments.status, 'confirmed')
          : or(eq(appointments.status, 'confirmed'), and(eq(appointments.status, 'held'), or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now)))),
        exceptQuoteId === undefined ? undefined : sql`${appointments.quoteId} <> ${exceptQuoteId}`,
        box === undefined
          ? undefined
          : or(
              and(between(assessments.latitude, box.minLat, box.maxLat), between(assessments.longitude, box.minLng, box.maxLng)),
              or(isNull(assessments.latitude), isNull(assessments.longitude)),
            ),
      ),
    )
    .orderBy(appointments.id);
  const customers = await customersOf(db, rows);
  return rows.flatMap((row, i) => {
    const customer = customers[i];
    // A booking whose place cannot be known competes with nobody: it is the team's to place.
    if (!customer || (box && !inBox(customer.point, box))) return [];
    return [{ appointmentId: row.appointmentId, quoteId: row.quoteId, date: row.date, slot: row.slot as TimeSlot, customer }];
  });
}
