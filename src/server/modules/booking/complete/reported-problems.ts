// The admin's list of reported problems (issue 12, D14): completed repairs whose customer reported
// a problem, with the technician's share held until an admin releases it.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ReportedProblem } from '../../../../shared/api/appointments';
import { penceToDecimalString } from '../../../../shared/money';
import type { Db } from '../../../db/database';
import { appointments, assessments, payouts, repairers } from '../../../db/schema';
import { withJobAndTechnician } from '../payout/payout-rows';

export async function reportedProblems(db: Db): Promise<ReportedProblem[]> {
  const columns = {
    payoutId: payouts.id,
    appointmentId: appointments.id,
    reference: assessments.reference,
    customerName: assessments.name,
    customerEmail: assessments.email,
    technician: repairers.businessName,
    amountPence: payouts.amountPence,
    reportedAt: appointments.problemReportedAt,
    report: appointments.problemReport,
  };
  const rows = await withJobAndTechnician(db.select(columns).from(payouts).$dynamic())
    .where(and(eq(payouts.status, 'held'), isNotNull(appointments.problemReportedAt)))
    .orderBy(desc(appointments.problemReportedAt))
    .limit(100);
  return rows.map(({ amountPence, reportedAt, report, ...row }) => ({ ...row, amount: penceToDecimalString(amountPence), reportedAt: reportedAt!.toISOString(), report: report ?? '' }));
}
