// Issue 37 item 3: who is coming, as the customer's e-mails after acceptance say it (the technician
// assigned, the reminder): the same facts as the appointment page (technician-profile.ts). The
// e-mails are plain text, so the photo is on the page the e-mail links to (docs/decisions/0035).
import type { TechnicianProfileView } from '../../../../shared/api/appointments';
import { site } from '../../../../shared/site';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The technician in a few lines: who, their record with us, and the checks we made (only those passed). */
export function technicianLines(technician: TechnicianProfileView): string[] {
  const record = [
    technician.yearsExperience !== null ? `${plural(technician.yearsExperience, 'year’s', 'years’')} experience` : null,
    technician.rating.average !== null
      ? `rated ${technician.rating.average.toFixed(1)} out of 5 by ${plural(technician.rating.count, 'customer', 'customers')}`
      : 'no reviews yet',
    `${plural(technician.completedRepairs, 'repair', 'repairs')} completed through ${site.brand}`,
  ].filter((part): part is string => part !== null);
  const checks = [
    technician.checks.insurance ? 'public liability insurance seen and in date' : null,
    technician.checks.identity ? 'identity checked' : null,
    technician.checks.skills ? 'skills assessed' : null,
  ].filter((part): part is string => part !== null);
  return [
    `Your technician: ${technician.firstName}, of ${technician.businessName}.`,
    `${record.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()),
    ...(checks.length > 0 ? [`What we checked: ${checks.join('; ')}.`] : []),
    ...(technician.photoUrl ? ['Their photo is on your booking page.'] : []),
  ];
}
