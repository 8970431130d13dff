// The queries behind the admin's enquiry page (GET /api/admin/enquiries/{id}, issue 33) that no
// other module already has: every booking, payment, payout, offer, e-mail and audit line of one
// enquiry. A handful of small indexed reads, whatever the enquiry's history.
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../../shared/api/privacy';
import type { QuoteNotification } from '../../../shared/api/dispatch';
import type { EnquiryEmail } from '../../../shared/api/admin-enquiry';
import type { Db } from '../../db/database';
import { notificationsWhere } from '../booking';
import { appointments, auditLog, jobNotifications, outboxEmails, payments, payouts, repairers } from '../../db/schema';

/** The audit lines one page shows at most: an enquiry's whole history is far shorter. */
export const ENQUIRY_AUDIT_LINES = 200;

/** The quote's bookings, newest first, each with its payment and that payment's payout (one each at most: unique keys). */
export async function bookingsOfQuote(db: Db, quoteId: number) {
  return db
    .select({ appointment: appointments, payment: payments, payout: payouts, technician: repairers.businessName })
    .from(appointments)
    .leftJoin(payments, eq(payments.appointmentId, appointments.id))
    .leftJoin(payouts, eq(payouts.paymentId, payments.id))
    .leftJoin(repairers, eq(repairers.id, payouts.repairerId))
    .where(eq(appointments.quoteId, quoteId))
    .orderBy(desc(appointments.createdAt), desc(appointments.id));
}

/** Every offer of the quote, across its bookings, newest first (dispatch's notificationsOfQuote keeps to the current booking's). */
export function offersOfQuote(db: Db, quoteId: number): Promise<QuoteNotification[]> {
  return notificationsWhere(db, eq(jobNotifications.quoteId, quoteId));
}

/** The e-mails to the customer about this enquiry (outbox_emails.assessment_id), newest first. */
export async function emailsOfEnquiry(db: Db, assessmentId: number): Promise<EnquiryEmail[]> {
  const rows = await db
    .select({ id: outboxEmails.id, kind: outboxEmails.kind, subject: outboxEmails.subject, status: outboxEmails.status, createdAt: outboxEmails.createdAt, sentAt: outboxEmails.sentAt })
    .from(outboxEmails)
    .where(eq(outboxEmails.assessmentId, assessmentId))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }));
}

export interface EnquiryRecords {
  assessmentId: number;
  quoteIds: number[];
  appointmentIds: number[];
  paymentIds: number[];
  payoutIds: number[];
}

/** The audit lines naming any of these records (audit_log_entity_idx), newest first. */
export async function auditOfEnquiry(db: Db, records: EnquiryRecords): Promise<AuditEntry[]> {
  const about = (entity: string, ids: number[]): SQL | undefined => (ids.length === 0 ? undefined : and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      or(
        about('assessment', [records.assessmentId]),
        about('quote', records.quoteIds),
        about('appointment', records.appointmentIds),
        about('payment', records.paymentIds),
        about('payout', records.payoutIds),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ENQUIRY_AUDIT_LINES);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorRole: row.actorRole,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    detail: row.detail,
  }));
}
