// The facts every booking e-mail needs, with a fresh access link to the appointment (D10).
// Kept apart from the payments service so the bookings module's hooks can use it too.
import type { TimeSlot } from '../../../../shared/calendar';
import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import { accessLinkPath, createGrant } from '../../access';
import { ukMobile } from '../../email';
import type { BookingEmailFacts } from './booking-emails';
import { bookingEmailRecord } from '../pay/payments.repo';

/** The appointment's e-mail facts, read inside the caller's transaction; a new grant is made for the link. */
export async function bookingFacts(tx: Db, config: AppConfig, appointmentId: number, testMode: boolean): Promise<BookingEmailFacts> {
  const record = await bookingEmailRecord(tx, appointmentId);
  if (!record) throw new Error(`Appointment ${appointmentId} has no quote or assessment to write to`);
  const grant = await createGrant(tx, record.assessmentId);
  return {
    appointmentId,
    assessmentId: record.assessmentId,
    reference: record.reference,
    customerName: record.customerName,
    customerEmail: record.customerEmail,
    textTo: textToOf(record),
    date: record.date,
    slot: record.slot as TimeSlot,
    totalPence: record.totalPence,
    appointmentUrl: `${config.publicUrl}${accessLinkPath(grant.token, `/appointments/${appointmentId}`)}`,
    quoteUrl: `${config.publicUrl}${accessLinkPath(grant.token, `/quote/${record.assessmentId}`)}`,
    testMode,
    company: config.company,
    publicUrl: config.publicUrl,
  };
}

/** What a text needs (issue 38): where it may go and what it is about; no access link, so no grant is made. */
export async function textFacts(tx: Db, appointmentId: number): Promise<Pick<BookingEmailFacts, 'textTo' | 'assessmentId' | 'reference'>> {
  const record = await bookingEmailRecord(tx, appointmentId);
  if (!record) throw new Error(`Appointment ${appointmentId} has no quote or assessment to write to`);
  return { assessmentId: record.assessmentId, reference: record.reference, textTo: textToOf(record) };
}

/** Issue 38: texts only with the consent given at booking, and only to a UK mobile. */
function textToOf(record: { smsConsentAt: Date | null; customerPhone: string | null }): string | null {
  return record.smsConsentAt ? ukMobile(record.customerPhone) : null;
}
