// What a customer who asked "Tell me when you do" is told once a technician covers them.
import type { CompanyDetails } from '../../../shared/company';
import { districtOf, serviceOf } from '../../../shared/coverage';
import { customerFooter, type CustomerEmail } from '../email';

export const COVERAGE_EMAIL_KIND = 'coverage-arrived';

export function coverageArrivedEmail(
  assessment: { id: number; name: string; email: string; reference: string; postcode: string; damageType: string },
  quoteUrl: string,
  company: CompanyDetails,
  publicUrl: string,
): CustomerEmail {
  const district = districtOf(assessment.postcode);
  const service = serviceOf(assessment.damageType);
  return {
    kind: COVERAGE_EMAIL_KIND,
    toAddress: assessment.email,
    assessmentId: assessment.id,
    subject: `A technician now covers ${district} for ${service} – reference ${assessment.reference}`,
    textBody: [
      `Hello ${assessment.name},`,
      '',
      `You asked us to tell you when a technician covers ${district} for ${service}. One now does.`,
      '',
      'You can review your quote and book a date on your quote page:',
      quoteUrl,
      '',
      'Please keep this e-mail and do not forward it: the link opens your details and photos.',
      '',
      ...customerFooter(company, publicUrl),
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}
