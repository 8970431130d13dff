// The admin's list of reported problems (issue 12, D14): completed repairs whose customer reported
// a problem, with the technician's share held until an admin releases it.
import type { ReportedProblem } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import type { Db } from '../../../db/database';
import { heldAfterProblems } from '../payout/payouts.repo';

export async function reportedProblems(db: Db): Promise<ReportedProblem[]> {
  const rows = await heldAfterProblems(db);
  return rows.map(({ amountPence, reportedAt, report, ...row }) => ({ ...row, amount: penceToDecimalString(amountPence), reportedAt: reportedAt!.toISOString(), report: report ?? '' }));
}
