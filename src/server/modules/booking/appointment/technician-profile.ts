// Issue 37 item 3, who is coming: the technician who accepted a booking, as its customer sees them
// (docs/decisions/0035-who-is-coming.md). One statement fragment read with the appointment (both of
// its reads) and by the e-mails that follow acceptance, so the page and the e-mails say the same.
// D11 the other way round: only what a customer needs to trust a stranger at their door; the
// technician's phone, e-mail and address are not read here at all.
import type { TechnicianProfileView } from '../../../../shared/api/appointments';
import { technicianPhotoUrl } from '../../../../shared/api/repairer-accounts';
import { firstNameOf } from '../../../../shared/first-name';
import { londonDateOf } from '../../../../shared/london-time';
import { technicianChecks } from '../../../../shared/technician-checks';
import { completedRepairsSql, technicianRatingSql } from '../../reviews';

/** What technicianProfileSql reads, as JSON. */
export interface TechnicianProfileRecord {
  contactName: string | null;
  businessName: string;
  yearsExperience: number | null;
  photo: { token: string } | null;
  insuranceChecked: boolean;
  /** YYYY-MM-DD, the policy's end as the team saw it. */
  insuranceExpiryDate: string | null;
  identityChecked: boolean;
  skillsAssessed: boolean;
  rating: { average: number | null; count: number };
  completedRepairs: number;
}

/** The JSON of the repairer whose id is the SQL expression `repairerId` (null for none). */
export const technicianProfileSql = (repairerId: string) => `(SELECT json_build_object(
    'contactName', r.contact_name, 'businessName', r.business_name, 'yearsExperience', r.years_experience,
    'photo', (SELECT json_build_object('token', rp.token) FROM repairer_photos rp WHERE rp.repairer_id = r.id),
    'insuranceChecked', r.insurance_checked_at IS NOT NULL, 'insuranceExpiryDate', r.insurance_expiry_date::text,
    'identityChecked', r.identity_checked_at IS NOT NULL, 'skillsAssessed', r.skills_assessed_at IS NOT NULL,
    'rating', ${technicianRatingSql('r.id')},
    'completedRepairs', ${completedRepairsSql('r.id')})
  FROM repairers r WHERE r.id = ${repairerId})`;

/** The technician's first name as the booking says it: 'Your technician' when they gave none. */
export const technicianFirstName = (name: string | null | undefined): string => firstNameOf(name) ?? 'Your technician';

/** `today`: the London day (YYYY-MM-DD) the insurance must still be in date on. */
export function toTechnicianView(record: TechnicianProfileRecord, today: string): TechnicianProfileView {
  return {
    firstName: technicianFirstName(record.contactName),
    businessName: record.businessName,
    photoUrl: record.photo ? technicianPhotoUrl(record.photo.token) : null,
    yearsExperience: record.yearsExperience,
    rating: record.rating,
    completedRepairs: record.completedRepairs,
    checks: technicianChecks(record, today),
  };
}

/** Who is coming to this booking, once a technician has accepted it (and after the repair); null before, and once it is cancelled. */
export function technicianOf(record: { appointment: { status: string }; assignedRepairerId: number | null; technicianProfile: TechnicianProfileRecord | null }, now: Date): TechnicianProfileView | null {
  const { status } = record.appointment;
  if (record.assignedRepairerId === null || !record.technicianProfile || (status !== 'assigned' && status !== 'completed')) return null;
  return toTechnicianView(record.technicianProfile, londonDateOf(now));
}
