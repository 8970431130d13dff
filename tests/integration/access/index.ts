// Every domain's route-access cases, one file per domain (tests/integration/route-access.test.ts).
import { accessCases, myRepairsCases } from './access.cases';
import { adminCases } from './admin.cases';
import { apiDocsCases } from './api-docs.cases';
import { assessmentCases } from './assessments.cases';
import { authCases } from './auth.cases';
import { bookingCases } from './bookings.cases';
import { completionCases } from './completion.cases';
import { coverageCases } from './coverage.cases';
import { dispatchCases } from './dispatch.cases';
import { emailCases } from './email.cases';
import { emailCollectionCases } from './email-collection.cases';
import { healthCases } from './health.cases';
import { jobRunCases } from './job-runs.cases';
import { outreachCases } from './outreach.cases';
import { paymentCases } from './payments.cases';
import { privacyCases } from './privacy.cases';
import { placesCases } from './places.cases';
import { quoteCases } from './quotes.cases';
import { repairerAccountCases, repairerProfileCases } from './repairer-accounts.cases';
import { repairerAvailabilityCases } from './repairer-availability.cases';
import { repairerJobCases } from './repairer-jobs.cases';
import { reviewCases } from './reviews.cases';
import { siteCases } from './site.cases';
import { technicianCases } from './technicians.cases';
import { vehicleCases } from './vehicles.cases';
import type { AccessWorld, Case } from './world';

export const domainCases: Record<string, (world: AccessWorld) => Case[]> = {
  access: accessCases,
  admin: adminCases,
  apiDocs: apiDocsCases,
  assessments: assessmentCases,
  auth: authCases,
  bookings: bookingCases,
  completion: completionCases,
  coverage: coverageCases,
  dispatch: dispatchCases,
  email: emailCases,
  emailCollection: emailCollectionCases,
  health: healthCases,
  jobRuns: jobRunCases,
  myRepairs: myRepairsCases,
  outreach: outreachCases,
  payments: paymentCases,
  privacy: privacyCases,
  places: placesCases,
  quotes: quoteCases,
  repairerAccounts: repairerAccountCases,
  repairerProfile: repairerProfileCases,
  repairerAvailability: repairerAvailabilityCases,
  repairerJobs: repairerJobCases,
  reviews: reviewCases,
  site: siteCases,
  technicians: technicianCases,
  vehicles: vehicleCases,
};

export function allCases(world: AccessWorld): (Case & { domain: string })[] {
  return Object.entries(domainCases).flatMap(([domain, cases]) => cases(world).map((c) => ({ ...c, domain })));
}
