// Issue 38 item 1 (docs/decisions/0036): My repairs. A customer proves their e-mail by a
// single-use link (30 minutes, stored hashed) and this browser then holds a My repairs session:
// its token is a cookie of its own and, as a grant (D10), opens every enquiry made with that
// e-mail, including ones made later (each read of the list grants those too).
import type { FastifyBaseLogger } from 'fastify';
import { myRepairsMessages, type MyRepair, type MyRepairs } from '../../../shared/api/my-repairs';
import { signInLinkPath } from '../../../shared/my-repairs-messages';
import { allDamageTypeLabels, isAnyDamageType } from '../../../shared/damage';
import { isQuoteExpired } from '../../../shared/lifecycles/quote';
import { penceToDecimalString } from '../../../shared/money';
import type { CompanyDetails } from '../../../shared/company';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import { gone, badRequest, unauthorised } from '../../kernel/errors';
import { hitRateLimit } from '../../kernel/rate-limits.repo';
import { hashToken, looksLikeToken, newToken } from '../../kernel/tokens';
import { refuseOverLimit } from '../../plugins/rate-limit';
import { withOutbox } from '../email';
import { signInLinkEmail } from './my-repairs-emails';
import { SIGN_IN_LINK_MINUTES } from './my-repairs-constants';
import {
  consumeSignInLink,
  deleteCustomerSession,
  deleteOldSignInLinks,
  endAccessExcept,
  findCustomerSession,
  grantSessionItsEnquiries,
  insertCustomerSession,
  insertSignInLink,
  myRepairRows,
  touchCustomerSession,
  type MyRepairRow,
} from './my-repairs.repo';

export { SIGN_IN_LINK_MINUTES };
export const LINKS_PER_EMAIL_PER_HOUR = 5;
export const LINKS_PER_ADDRESS_PER_HOUR = 20;

export interface MyRepairsDeps {
  db: Db;
  jobs?: Enqueue | undefined;
  publicUrl: string;
  company: CompanyDetails;
}

/**
 * Counts the request against the address's and the e-mail's limits (the e-mail's counter keyed by
 * its hash: no address is kept for it). Known or not, the caller answers the same, before the
 * link is made (sendSignInLink), so neither the answer nor its time says whether we know it.
 */
export async function countSignInLinkRequest(db: Db, email: string, ip: string): Promise<void> {
  const [perAddress, perEmail] = await Promise.all([
    hitRateLimit(db, `my-repairs-link-ip:${ip}`, 3600),
    hitRateLimit(db, `my-repairs-link-email:${hashToken(email)}`, 3600),
  ]);
  refuseOverLimit(perAddress, { key: '', windowSeconds: 3600, max: LINKS_PER_ADDRESS_PER_HOUR, message: myRepairsMessages.tooManyLinksFromAddress });
  refuseOverLimit(perEmail, { key: '', windowSeconds: 3600, max: LINKS_PER_EMAIL_PER_HOUR, message: myRepairsMessages.tooManyLinksForEmail });
}

/** Writes a sign-in link and its e-mail to the outbox when enquiries were made with this e-mail; nothing otherwise. */
export async function sendSignInLink(deps: MyRepairsDeps, email: string, now: Date): Promise<boolean> {
  return withOutbox({ db: deps.db, jobs: deps.jobs }, async (outbox) => {
    const rows = await myRepairRows(outbox.tx, email);
    const newest = rows[0];
    if (!newest) return false;
    await deleteOldSignInLinks(outbox.tx, now);
    const token = newToken();
    await insertSignInLink(outbox.tx, email, hashToken(token), new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000));
    await outbox.queue(signInLinkEmail({ email, assessmentId: newest.id, url: `${deps.publicUrl}${signInLinkPath(token)}`, count: rows.length, company: deps.company, publicUrl: deps.publicUrl }));
    return true;
  });
}

/** Runs after the answer has gone: a failure is logged, and the customer asks again. */
export function sendSignInLinkLater(deps: MyRepairsDeps, email: string, log: FastifyBaseLogger): void {
  setImmediate(() => {
    sendSignInLink(deps, email, new Date()).catch((error: unknown) => log.error({ err: error }, 'My repairs: the sign-in link could not be written'));
  });
}

/** Consumes the link and begins this browser's session: its token and the e-mail's enquiries. */
export async function signInByLink(db: Db, token: string, now: Date): Promise<{ sessionToken: string; email: string }> {
  if (!looksLikeToken(token)) throw badRequest(myRepairsMessages.linkBad);
  return db.transaction(async (tx) => {
    const consumed = await consumeSignInLink(tx, hashToken(token), now);
    if (consumed === 'unknown') throw badRequest(myRepairsMessages.linkBad);
    if (consumed === 'used') throw gone(myRepairsMessages.linkUsed);
    if (consumed === 'expired') throw gone(myRepairsMessages.linkExpired);
    const sessionToken = newToken();
    const tokenHash = hashToken(sessionToken);
    const id = await insertCustomerSession(tx, consumed.email, tokenHash, now);
    await grantSessionItsEnquiries(tx, { id, email: consumed.email, tokenHash });
    return { sessionToken, email: consumed.email };
  });
}

export type CustomerSession = NonNullable<Awaited<ReturnType<typeof findCustomerSession>>>;

export async function requireCustomerSession(db: Db, token: string | undefined): Promise<CustomerSession> {
  const session = token && looksLikeToken(token) ? await findCustomerSession(db, hashToken(token)) : undefined;
  if (!session) throw unauthorised(myRepairsMessages.signedOut);
  return session;
}

/** The list for this session; enquiries made with the e-mail since it began are granted to it now. */
export async function myRepairs(db: Db, session: CustomerSession, now: Date): Promise<MyRepairs> {
  await grantSessionItsEnquiries(db, session);
  await touchCustomerSession(db, session.id, now);
  const rows = await myRepairRows(db, session.email);
  return { email: session.email, repairs: rows.map((row) => toMyRepair(row, now)) };
}

export async function signOutCustomer(db: Db, session: CustomerSession): Promise<void> {
  await deleteCustomerSession(db, session.id);
}

export async function signOutEverywhereElse(db: Db, session: CustomerSession): Promise<{ sessions: number; grants: number }> {
  return db.transaction((tx) => endAccessExcept(tx, session.email, session.id));
}

function toMyRepair(row: MyRepairRow, now: Date): MyRepair {
  const visible = row.quoteStatus === 'approved' || row.quoteStatus === 'booked';
  const quoteStatus = (): 'waiting' | 'ready' | 'expired' | 'booked' => {
    if (row.quoteStatus === 'booked') return 'booked';
    if (row.quoteStatus !== 'approved') return 'waiting';
    return row.validUntilDate && isQuoteExpired(row.validUntilDate, now) ? 'expired' : 'ready';
  };
  return {
    assessmentId: row.id,
    reference: row.reference,
    submittedAt: new Date(Number(row.submittedAtMs)).toISOString(),
    vehicle: `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`,
    damageType: isAnyDamageType(row.damageType) ? allDamageTypeLabels[row.damageType] : row.damageType,
    quote:
      row.quoteId === null
        ? null
        : {
            id: row.quoteId,
            status: quoteStatus(),
            totalCost: visible && row.totalPence !== null ? penceToDecimalString(row.totalPence) : null,
            validUntil: visible ? row.validUntilDate : null,
          },
    booking:
      row.appointmentId === null || row.appointmentDate === null || row.timeSlot === null
        ? null
        : {
            appointmentId: row.appointmentId,
            status: row.appointmentStatus as 'confirmed' | 'assigned' | 'completed' | 'cancelled',
            appointmentDate: row.appointmentDate,
            timeSlot: row.timeSlot,
            invoiceUrl: row.hasInvoice ? `/api/appointments/${row.appointmentId}/invoice.pdf` : null,
            receipt: row.invoiceIsReceipt,
          },
    warranty: row.warrantyEndsDate ? { endsDate: row.warrantyEndsDate } : null,
    review: row.rating === null ? null : { rating: Number(row.rating) },
  };
}
