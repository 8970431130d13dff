// Issue 35 item 3: nobody pays for a repair no technician can do. Booking (POST /api/appointments)
// and paying (POST /api/create-payment-intent) call this once they know the quote is the
// caller's: a 409 with the customer's sentence when no verified technician covers the enquiry
// now, before anything is written.
import { uncoveredMessage } from '../../../shared/coverage';
import type { Db } from '../../db/database';
import { conflict } from '../../kernel/errors';
import { coverageOfAssessment } from '../assessments';

export async function requireCoverage(db: Db, assessmentId: number): Promise<void> {
  refuseUncovered(await coverageOfAssessment(db, assessmentId));
}

/** requireCoverage over coverage already read (findAssessmentWithCoverage): the hold reads it with the enquiry. */
export function refuseUncovered(coverage: { covered: boolean; postcode: string; damageType: string } | undefined): void {
  if (coverage && !coverage.covered) throw conflict(uncoveredMessage(coverage.postcode, coverage.damageType));
}
