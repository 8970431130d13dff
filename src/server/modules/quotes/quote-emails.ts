// What the customer and the team are told about quotes (issue 10, D10, D21). Damage is named
// with the alloy-aware lists.
import { allDamageTypeLabels, isAnyDamageType } from '../../../shared/damage';
import { formatLondonDate } from '../../../shared/london-time';
import { formatPence } from '../../../shared/money';
import { outcodeOf } from '../../../shared/postcode';
import { noVatSentence, type CompanyDetails } from '../../../shared/company';
import { customerFooter, type CustomerEmail, type NewOutboxEmail } from '../email';

interface EmailAssessment {
  id: number;
  reference: string;
  name: string;
  email: string;
  postcode: string;
  damageType: string;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
}

interface EmailQuote {
  totalPence: number;
  vatPence: number;
  validUntilDate: string;
}

const damageLabel = (type: string) => (isAnyDamageType(type) ? allDamageTypeLabels[type] : type);

/** Approved (first time) or revised after approval: the customer's link opens the quote page. */
export function quoteReadyEmail(assessment: EmailAssessment, quote: EmailQuote, quoteUrl: string, revised: boolean, company: CompanyDetails, publicUrl: string): CustomerEmail {
  const vehicle = `${assessment.vehicleYear} ${assessment.vehicleMake} ${assessment.vehicleModel}`;
  return {
    kind: revised ? 'quote-revised' : 'quote-ready',
    toAddress: assessment.email,
    assessmentId: assessment.id,
    subject: revised ? `Your quote has been updated – reference ${assessment.reference}` : `Your quote is ready – reference ${assessment.reference}`,
    textBody: [
      `Hello ${assessment.name},`,
      '',
      revised
        ? `We have updated your quote for the ${damageLabel(assessment.damageType)} on your ${vehicle}.`
        : `Your quote for the ${damageLabel(assessment.damageType)} on your ${vehicle} is ready.`,
      // Issue 37: a quote priced while the company was not VAT registered charged none.
      quote.vatPence > 0 ? `Total: ${formatPence(quote.totalPence)} including VAT.` : `Total: ${formatPence(quote.totalPence)}. ${noVatSentence}.`,
      `Valid until: ${formatLondonDate(quote.validUntilDate)}.`,
      '',
      'See the breakdown, download it as a PDF and book your repair with this private link:',
      quoteUrl,
      '',
      'Please do not forward this e-mail: the link opens your details and photos.',
      '',
      ...customerFooter(company, publicUrl),
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}

/** D21: a customer asked for a change to their approved quote. */
export function teamModificationRequestEmail(assessment: EmailAssessment, message: string, teamEmail: string, publicUrl: string): NewOutboxEmail {
  const district = outcodeOf(assessment.postcode) ?? assessment.postcode;
  return {
    kind: 'quote-modification-team',
    toAddress: teamEmail,
    subject: `Quote modification requested: ${assessment.reference} (${damageLabel(assessment.damageType)}, ${district})`,
    textBody: [
      `${assessment.name} has asked for a change to the quote for ${assessment.reference}:`,
      '',
      message,
      '',
      `Revise the quote on its card: ${publicUrl}/admin`,
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}
