// Issue 37: the checks AutoRevive made of a technician (docs/decisions/0025-vetting-and-insurance.md),
// as a customer reads them on the technician's public profile and on their own appointment page:
// one rule for both. "Insurance seen and in date": a policy that has ended is no longer a check passed.

export interface TechnicianChecks {
  insurance: boolean;
  identity: boolean;
  skills: boolean;
}

/** `today`: the London day (YYYY-MM-DD) the insurance must still be in date on. */
export function technicianChecks(
  record: { insuranceChecked: boolean; insuranceExpiryDate: string | null; identityChecked: boolean; skillsAssessed: boolean },
  today: string,
): TechnicianChecks {
  return {
    insurance: record.insuranceChecked && record.insuranceExpiryDate !== null && record.insuranceExpiryDate >= today,
    identity: record.identityChecked,
    skills: record.skillsAssessed,
  };
}
