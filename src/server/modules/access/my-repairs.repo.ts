// The queries behind My repairs (issue 38 item 1, docs/decisions/0036): sign-in links, the
// customer's sessions, the grants a session holds, and the list of an e-mail's enquiries.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessments, customerGrants, customerSessions, customerSignInLinks } from '../../db/schema';

export async function insertSignInLink(db: Db, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(customerSignInLinks).values({ email, tokenHash, expiresAt });
}

/** Whether any enquiry still holding personal details was made with this (lower-cased) e-mail. */
export async function emailHasEnquiries(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(sql`lower(${assessments.email}) = ${email}`, isNull(assessments.erasedAt)))
    .limit(1);
  return row !== undefined;
}

/** Marks the link used, once: the e-mail when it was unused and in time; otherwise why not. */
export async function consumeSignInLink(db: Db, tokenHash: string, now: Date): Promise<{ email: string } | 'used' | 'expired' | 'unknown'> {
  const [row] = await db
    .update(customerSignInLinks)
    .set({ usedAt: now })
    .where(and(eq(customerSignInLinks.tokenHash, tokenHash), isNull(customerSignInLinks.usedAt), sql`${customerSignInLinks.expiresAt} > ${now.toISOString()}::timestamptz`))
    .returning({ email: customerSignInLinks.email });
  if (row) return row;
  const [link] = await db.select({ usedAt: customerSignInLinks.usedAt }).from(customerSignInLinks).where(eq(customerSignInLinks.tokenHash, tokenHash));
  if (!link) return 'unknown';
  return link.usedAt ? 'used' : 'expired';
}

export async function insertCustomerSession(db: Db, email: string, tokenHash: string, now: Date): Promise<number> {
  const [row] = await db.insert(customerSessions).values({ email, tokenHash, lastUsedAt: now }).returning({ id: customerSessions.id });
  return row!.id;
}

export async function findCustomerSession(db: Db, tokenHash: string) {
  const [row] = await db.select().from(customerSessions).where(eq(customerSessions.tokenHash, tokenHash));
  return row;
}

export async function touchCustomerSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(customerSessions).set({ lastUsedAt: now }).where(eq(customerSessions.id, id));
}

/** The session's grant (its own token) to every enquiry of its e-mail it does not hold yet: enquiries made since appear. */
export async function grantSessionItsEnquiries(db: Db, session: { id: number; email: string; tokenHash: string }): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${customerGrants} (token_hash, assessment_id, session_id)
    SELECT ${session.tokenHash}, a.id, ${session.id}::int FROM ${assessments} a
    WHERE lower(a.email) = ${session.email} AND a.erased_at IS NULL
    ON CONFLICT (token_hash, assessment_id) DO NOTHING`);
}

export async function deleteCustomerSession(db: Db, id: number): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.id, id));
}

/**
 * Ends every other browser's access to this e-mail's enquiries: its other sessions (and their
 * grants, by the foreign key), every grant to those enquiries that is not this session's (the
 * cookies set at submission, the links in e-mails already sent), and its unused sign-in links.
 */
export async function endAccessExcept(db: Db, email: string, sessionId: number): Promise<{ sessions: number; grants: number }> {
  const sessions = await db
    .delete(customerSessions)
    .where(and(eq(customerSessions.email, email), ne(customerSessions.id, sessionId)))
    .returning({ id: customerSessions.id });
  const enquiries = db
    .select({ id: assessments.id })
    .from(assessments)
    .where(sql`lower(${assessments.email}) = ${email}`);
  const grants = await db
    .delete(customerGrants)
    .where(and(inArray(customerGrants.assessmentId, enquiries), or(isNull(customerGrants.sessionId), ne(customerGrants.sessionId, sessionId))))
    .returning({ id: customerGrants.id });
  await db.delete(customerSignInLinks).where(and(eq(customerSignInLinks.email, email), isNull(customerSignInLinks.usedAt)));
  return { sessions: sessions.length, grants: grants.length };
}

/** Forgets the e-mail's sessions and sign-in links (the erasure of its last enquiry): they hold the address. */
export async function forgetEmailIfNoEnquiries(db: Db, email: string): Promise<void> {
  if (await emailHasEnquiries(db, email)) return;
  await db.delete(customerSessions).where(eq(customerSessions.email, email));
  await db.delete(customerSignInLinks).where(eq(customerSignInLinks.email, email));
}

/** Sign-in links past their time or used, kept a day for the answers "used" and "expired", then gone. */
export async function deleteOldSignInLinks(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await db.delete(customerSignInLinks).where(sql`${customerSignInLinks.expiresAt} < ${dayAgo}::timestamptz`);
}

export interface MyRepairRow {
  id: number;
  reference: string;
  submittedAtMs: number;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  damageType: string;
  quoteId: number | null;
  quoteStatus: string | null;
  totalPence: number | null;
  validUntilDate: string | null;
  appointmentId: number | null;
  appointmentStatus: string | null;
  appointmentDate: string | null;
  timeSlot: string | null;
  hasInvoice: boolean;
  /** Issue 37: the payment's document is a receipt (the company was not VAT registered). */
  invoiceIsReceipt: boolean;
  warrantyEndsDate: string | null;
  rating: number | null;
}

/** Every enquiry made with this e-mail, newest first, with its quote, latest paid booking, invoice, warranty and review. */
export async function myRepairRows(db: Db, email: string): Promise<MyRepairRow[]> {
  const result = (await db.execute(sql`
    SELECT a.id, a.reference, (extract(epoch FROM a.created_at) * 1000)::float8 AS "submittedAtMs",
      a.vehicle_make AS "vehicleMake", a.vehicle_model AS "vehicleModel", a.vehicle_year AS "vehicleYear", a.damage_type AS "damageType",
      q.id AS "quoteId", q.status AS "quoteStatus", q.total_pence AS "totalPence", q.valid_until_date::text AS "validUntilDate",
      ap.id AS "appointmentId", ap.status AS "appointmentStatus", ap.appointment_date::text AS "appointmentDate", ap.time_slot AS "timeSlot",
      EXISTS (SELECT 1 FROM invoices i WHERE i.appointment_id = ap.id AND i.kind = 'invoice') AS "hasInvoice",
      EXISTS (SELECT 1 FROM invoices i WHERE i.appointment_id = ap.id AND i.kind = 'invoice' AND i.facts->>'kind' = 'receipt') AS "invoiceIsReceipt",
      w.ends_date::text AS "warrantyEndsDate", r.rating
    FROM ${assessments} a
    LEFT JOIN quotes q ON q.assessment_id = a.id
    LEFT JOIN LATERAL (
      SELECT x.id, x.status, x.appointment_date, x.time_slot FROM appointments x
      WHERE x.quote_id = q.id AND x.status IN ('confirmed', 'assigned', 'completed', 'cancelled')
      ORDER BY x.id DESC LIMIT 1
    ) ap ON true
    LEFT JOIN LATERAL (SELECT ends_date FROM warranties WHERE appointment_id = ap.id ORDER BY id DESC LIMIT 1) w ON true
    LEFT JOIN repairer_reviews r ON r.appointment_id = ap.id
    WHERE lower(a.email) = ${email} AND a.erased_at IS NULL
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT 100`)) as unknown as { rows: MyRepairRow[] };
  return result.rows;
}
