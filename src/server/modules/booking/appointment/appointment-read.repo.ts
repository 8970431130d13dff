// GET /api/appointments/{id} in one statement (issue 9). The confirmation page polls it while the
// payment is confirmed, and the aftercare page reads it; composed, it was the session, the
// browser's grants and the record in three drizzle queries, and on PGlite the bench measured
// 486 req/s at p99 37 ms. Here the record (as findAppointmentRecord reads it) and whether this
// browser holds a grant for its assessment come back together, batched like the other customer
// reads (src/server/db/batch.ts), and the access decision is readableAppointment's:
// customerRecordAccess, so admins and the assigned repairer read it too and anyone else gets the
// same 404 as for a missing id. Times travel as epoch milliseconds, truncated as the drivers do.
import type { AppointmentView } from '../../../../shared/api/appointments';
import { batchedRead, batchedReadSql, dateOfEpochMs, epochMsSql } from '../../../db/batch';
import type { Database } from '../../../db/database';
import { notFound } from '../../../kernel/errors';
import { customerRecordAccess, grantHeldSql, viewerOfRead } from '../../access';
import type { SessionUser } from '../../auth';
import { cancellationPeriodSql, invoicesSql, type AppointmentRecord, type AppointmentRow } from '../appointments.repo';
import { bookingMessages, lapseHolds, toAppointmentView } from '../hold/bookings.service';
import { technicianProfileSql } from './technician-profile';

const READ_APPOINTMENT_SQL = `SELECT json_build_object(
    'id', ap.id, 'quoteId', ap.quote_id, 'appointmentDate', ap.appointment_date::text, 'timeSlot', ap.time_slot,
    'status', ap.status, 'notes', ap.notes, 'problemReport', ap.problem_report,
    'holdExpiresAt', ${epochMsSql('ap.hold_expires_at')}, 'completedAt', ${epochMsSql('ap.completed_at')},
    'customerConfirmedAt', ${epochMsSql('ap.customer_confirmed_at')}, 'problemReportedAt', ${epochMsSql('ap.problem_reported_at')},
    'cancelledAt', ${epochMsSql('ap.cancelled_at')}, 'reminderSentAt', ${epochMsSql('ap.reminder_sent_at')},
    'teamToldUnassignedAt', ${epochMsSql('ap.team_told_unassigned_at')}, 'customerToldUnassignedAt', ${epochMsSql('ap.customer_told_unassigned_at')},
    'smsConsentAt', ${epochMsSql('ap.sms_consent_at')}, 'arrivalEstimate', ap.arrival_estimate,
    'arrivalAnnouncedAt', ${epochMsSql('ap.arrival_announced_at')}, 'arrivalAnnouncements', ap.arrival_announcements, 'arrivalBy', ap.arrival_by,
    'createdAt', ${epochMsSql('ap.created_at')}, 'updatedAt', ${epochMsSql('ap.updated_at')}
  ) AS appointment,
  q.assessment_id AS "assessmentId", q.assigned_repairer_id AS "assignedRepairerId", q.total_pence AS "totalPence", a.reference,
  (SELECT p.status FROM payments p WHERE p.appointment_id = ap.id ORDER BY p.id DESC LIMIT 1) AS "paymentStatus",
  (${cancellationPeriodSql('ap.id')}) AS "cancellationPeriod",
  (SELECT r.business_name FROM repairers r WHERE r.id = q.assigned_repairer_id) AS technician,
  ${technicianProfileSql('q.assigned_repairer_id')} AS "technicianProfile",
  (SELECT json_build_object('startsDate', w.starts_date::text, 'endsDate', w.ends_date::text, 'months', q.warranty_months)
    FROM warranties w WHERE w.appointment_id = ap.id ORDER BY w.id DESC LIMIT 1) AS warranty,
  (SELECT json_build_object('rating', rv.rating, 'comment', rv.comment) FROM repairer_reviews rv WHERE rv.appointment_id = ap.id) AS review,
  coalesce((SELECT json_agg(i.id ORDER BY i.position) FROM assessment_images i WHERE i.assessment_id = q.assessment_id AND i.kind = 'after'), '[]'::json) AS "afterPhotoIds",
  ${invoicesSql('ap.id')} AS invoices,
  ${grantHeldSql('q.assessment_id', 'reader.hashes')} AS granted
FROM appointments ap JOIN quotes q ON q.id = ap.quote_id JOIN assessments a ON a.id = q.assessment_id WHERE ap.id = reader.id`;
const READ_APPOINTMENTS = batchedReadSql('read_appointments', { id: 'int', hashes: 'text[]' }, READ_APPOINTMENT_SQL);

type OptionalTime = 'holdExpiresAt' | 'completedAt' | 'customerConfirmedAt' | 'problemReportedAt' | 'cancelledAt' | 'reminderSentAt' | 'teamToldUnassignedAt' | 'customerToldUnassignedAt' | 'smsConsentAt' | 'arrivalAnnouncedAt';
type AppointmentJson = Omit<AppointmentRow, OptionalTime | 'createdAt' | 'updatedAt'> & Record<OptionalTime, number | null> & { createdAt: number; updatedAt: number };
type ReadAppointmentRow = Omit<AppointmentRecord, 'appointment'> & { appointment: AppointmentJson; granted: boolean };

function recordFromJson({ appointment: json, granted: _granted, ...rest }: ReadAppointmentRow): AppointmentRecord {
  const appointment: AppointmentRow = {
    ...json,
    holdExpiresAt: dateOfEpochMs(json.holdExpiresAt),
    completedAt: dateOfEpochMs(json.completedAt),
    customerConfirmedAt: dateOfEpochMs(json.customerConfirmedAt),
    problemReportedAt: dateOfEpochMs(json.problemReportedAt),
    cancelledAt: dateOfEpochMs(json.cancelledAt),
    reminderSentAt: dateOfEpochMs(json.reminderSentAt),
    teamToldUnassignedAt: dateOfEpochMs(json.teamToldUnassignedAt),
    customerToldUnassignedAt: dateOfEpochMs(json.customerToldUnassignedAt),
    smsConsentAt: dateOfEpochMs(json.smsConsentAt),
    arrivalAnnouncedAt: dateOfEpochMs(json.arrivalAnnouncedAt),
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
  };
  return { ...rest, appointment };
}

/**
 * GET /api/appointments/{id}: the appointment's view for this reader, or a 404 that reveals
 * nothing. A hold whose 30 minutes have run out is lapsed first, as readableAppointment does, and
 * read again, so the answer never shows a hold that is over as held.
 */
export async function readAppointmentView(
  database: Database,
  id: number,
  reader: { user: SessionUser | null; grantTokenHashes: string[] },
  now: Date = new Date(),
): Promise<AppointmentView> {
  const read = batchedRead<{ id: number; hashes: string[] }, ReadAppointmentRow>(database, READ_APPOINTMENTS);
  let row = await read({ id, hashes: reader.grantTokenHashes });
  if (!row) throw notFound(bookingMessages.appointmentNotFound);
  const viewer = viewerOfRead(reader.user, row.assessmentId, row.granted);
  const access = customerRecordAccess(viewer, { assessmentId: row.assessmentId, assignedRepairerId: row.assignedRepairerId });
  if (access === 'none') throw notFound(bookingMessages.appointmentNotFound);
  const { status, holdExpiresAt } = row.appointment;
  if (status === 'held' && holdExpiresAt !== null && holdExpiresAt <= now.getTime()) {
    await lapseHolds(database.db, [id], now);
    row = (await read({ id, hashes: reader.grantTokenHashes }))!;
  }
  return toAppointmentView(recordFromJson(row), now, access);
}
