// What admins see of payouts beside the reported problems (D14): those held because their
// transfer was reversed at Stripe (found by the release job, or reported by Stripe's webhook), and those stuck being sent (a claim Stripe gave
// no answer to, or whose sender died). Without this both were visible only in the logs.
import type { PayoutsInQuestion } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import type { Db } from '../../../db/database';
import { payoutsInQuestionRows, SENDING_LEASE_MINUTES } from './payouts.repo';

export async function payoutsInQuestion(db: Db): Promise<PayoutsInQuestion> {
  // Held with no problem reported, which the reported problems list does not show. The release
  // job's reversal and Stripe's reversal report are the only other ways to held; anything else
  // held is shown here all the same.
  const [withheld, sending] = await payoutsInQuestionRows(db);
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
