// Issue 35: booking and paying answer 409 where no verified technician covers the customer. The
// checkout helpers' customers are in SW1A 2AA; this makes sure one is covered, adding (only when
// nobody covers them yet) one verified technician 25 miles north, so a test's own technicians
// near the customer are still the nearest and are offered the job first.
import { createAssessmentRecord, createRepairer } from '../../src/server/db/factories';
import type { Db } from '../../src/server/db/database';
import { coverageOfAssessment } from '../../src/server/modules/assessments';
import { specialisationForAnyDamage, isAnyDamageType } from '../../src/shared/damage';

/** Where the checkout helpers' customers live: SW1A's district centre, as the embedded geocoder places SW1A 2AA. */
export const TEST_CUSTOMER_POINT = { latitude: 51.50265, longitude: -0.13111 };

/** 25 miles, in degrees of latitude. */
const NORTH_25_MILES = 25 / 69;

export async function ensureCovered(db: Db, assessment: { id: number; latitude: number | null; longitude: number | null; damageType: string }): Promise<void> {
  if ((await coverageOfAssessment(db, assessment.id))?.covered) return;
  if (assessment.latitude === null || assessment.longitude === null || !isAnyDamageType(assessment.damageType)) return;
  await createRepairer(db, {
    businessName: `Covering Repairs ${assessment.id}`,
    latitude: assessment.latitude + NORTH_25_MILES,
    longitude: assessment.longitude,
    postcode: 'AL1 1AA',
    city: 'St Albans',
    county: 'Hertfordshire',
    serviceRadiusMiles: 30,
    specialisations: [specialisationForAnyDamage[assessment.damageType]],
  });
}

/** createAssessmentRecord's enquiry, placed as a submission from SW1A 2AA is and covered by a verified technician. */
export async function coveredAssessmentRecord(db: Db, overrides: Parameters<typeof createAssessmentRecord>[1] = {}) {
  const assessment = await createAssessmentRecord(db, { ...TEST_CUSTOMER_POINT, ...overrides });
  await ensureCovered(db, assessment);
  return assessment;
}
