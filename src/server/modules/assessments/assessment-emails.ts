// What the customer and the team are told when an assessment arrives (issue 4, D4, D10).
import { allDamageLocationLabels, allDamageTypeLabels, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import { outcodeOf } from '../../../shared/postcode';
import type { CompanyDetails } from '../../../shared/company';
import { site } from '../../../shared/site';
import { customerFooter, type CustomerEmail, type NewOutboxEmail } from '../email';
import type { AssessmentRow } from './assessments.repo';

export function customerReceiptEmail(assessment: AssessmentRow, photoCount: number, accessUrl: string, company: CompanyDetails, publicUrl: string): CustomerEmail {
  const vehicle = `${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`;
  return {
    kind: 'assessment-received',
    toAddress: assessment.email,
    assessmentId: assessment.id,
    subject: `We have your photos – reference ${assessment.reference}`,
    textBody: [
      `Hello ${assessment.name},`,
      '',
      `Thank you for sending us ${photoCount} ${photoCount === 1 ? 'photo' : 'photos'} of the damage to your ${vehicle}.`,
      `Your reference is ${assessment.reference}.`,
      '',
      `A member of our team will review them and send your quote ${site.quoteTurnaround}.`,
      '',
      'You can check your quote at any time, on any device, with this private link:',
      accessUrl,
      '',
      'Please keep this e-mail and do not forward it: the link opens your details and photos.',
      '',
      ...customerFooter(company, publicUrl),
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}

export function teamNewAssessmentEmail(assessment: AssessmentRow, photoCount: number, teamEmail: string, publicUrl: string): NewOutboxEmail {
  // The alloy-aware lists: 'Alloy Wheel Repair' and wheel positions read as words too.
  const label = isAnyDamageType(assessment.damageType) ? allDamageTypeLabels[assessment.damageType] : assessment.damageType;
  const where = assessment.damageLocations.map((location) => (isAnyDamageLocation(location) ? allDamageLocationLabels[location] : location));
  const district = outcodeOf(assessment.postcode) ?? assessment.postcode;
  return {
    kind: 'assessment-new-team',
    toAddress: teamEmail,
    subject: `New assessment ${assessment.reference}: ${label}, ${assessment.vehicleMake} ${assessment.vehicleModel} (${district})`,
    textBody: [
      `A new assessment has arrived: ${assessment.reference}.`,
      '',
      `Damage: ${label} – ${where.join(', ')}`,
      `Vehicle: ${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`,
      `Area: ${assessment.city} (${district})`,
      `Photos: ${photoCount}`,
      '',
      `Review it and prepare the quote: ${publicUrl}/admin`,
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}
