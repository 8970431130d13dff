// What admins see of payouts beside the reported problems (D14): those held because their
// transfer was reversed at Stripe (found by the release job, or reported by Stripe's webhook), and those stuck being sent (a claim Stripe gave
// no answer to, or whose sender died). Without this both were visible only in the logs.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { PAYOUTS_IN_QUESTION_SHOWN, type PayoutsInQuestion } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import type { Db } from '../../../db/database';
import { appointments, assessments, auditLog, payouts, repairers } from '../../../db/schema';
import { withJobAndTechnician } from './payout-rows';
import { SENDING_LEASE_MINUTES } from './payout-sending';

const shown = {
  payoutId: payouts.id,
  appointmentId: appointments.id,
  reference: assessments.reference,
  technician: repairers.businessName,
  amountPence: payouts.amountPence,
};

export async function payoutsInQuestion(db: Db): Promise<PayoutsInQuestion> {
  // The transfers named by the latest audit line that held it (found by the entity index).
  const withheldBy = sql<{ transferIds?: string[]; shortPence?: number } | null>`(
    SELECT ${auditLog.detail} FROM ${auditLog}
    WHERE ${auditLog.entity} = 'payout' AND ${auditLog.entityId} = ${payouts.id} AND ${auditLog.action} = 'payout_withheld'
    ORDER BY ${auditLog.id} DESC LIMIT 1)`;
  // Held with no problem reported, which the reported problems list does not show. The release
  // job's reversal and Stripe's reversal report are the only other ways to held; anything else
  // held is shown here all the same.
  // Each list's rows carry how many match in all, shown or not (counted before the limit).
  const total = sql<number>`count(*) OVER ()`.mapWith(Number);
  const [withheld, sending] = await Promise.all([
    withJobAndTechnician(db.select({ ...shown, total, since: payouts.updatedAt, detail: withheldBy }).from(payouts).$dynamic())
      .where(and(eq(payouts.status, 'held'), isNull(appointments.problemReportedAt)))
      .orderBy(desc(payouts.updatedAt), desc(payouts.id))
      .limit(PAYOUTS_IN_QUESTION_SHOWN),
    withJobAndTechnician(db.select({ ...shown, total, sendingSince: payouts.sendingSince, sendingAt: payouts.sendingAt, updatedAt: payouts.updatedAt }).from(payouts).$dynamic())
      .where(eq(payouts.status, 'sending'))
      .orderBy(asc(payouts.id))
      .limit(PAYOUTS_IN_QUESTION_SHOWN),
  ]);
  return {
    withheld: withheld.map(({ amountPence, total: _total, since, detail, ...row }) => ({
      ...row,
      amount: penceToDecimalString(amountPence),
      since: since.toISOString(),
      reversedTransferIds: detail?.transferIds ?? [],
      takenBack: typeof detail?.shortPence === 'number' ? penceToDecimalString(detail.shortPence) : null,
    })),
    sending: sending.map(({ amountPence, total: _total, sendingSince, sendingAt, updatedAt, ...row }) => ({
      ...row,
      amount: penceToDecimalString(amountPence),
      // Rows claimed before sending_since existed fall back to their last change.
      since: (sendingSince ?? sendingAt ?? updatedAt).toISOString(),
      retryFrom: sendingAt ? new Date(sendingAt.getTime() + SENDING_LEASE_MINUTES * 60 * 1000).toISOString() : null,
    })),
    totals: { withheld: withheld[0]?.total ?? 0, sending: sending[0]?.total ?? 0 },
  };
}
