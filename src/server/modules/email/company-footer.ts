// Issue 14 item 7: every e-mail to a customer or repairer ends with how to reach support and
// the company's registration (name, number, registered office, VAT number when it has one),
// as the Companies Act asks of a company's e-mails. The details come from the settings
// (config.company), never from code.
import { companyRegistration, type CompanyDetails } from '../../../shared/company';
import { MY_REPAIRS_PATH } from '../../../shared/my-repairs-messages';
import { site } from '../../../shared/site';

/** The support line: 'Questions? Call 020 7946 0321 (Monday–Friday …) or reply to support@….' */
export function supportLine(company: CompanyDetails): string {
  return `Questions? Call ${company.supportPhone} (${company.supportHoursSentence}) or reply to ${company.supportEmail}.`;
}

/** The closing lines of a plain-text e-mail: the brand, then the company's registration. */
export function signature(company: CompanyDetails): string[] {
  return [site.brand, companyRegistration(company)];
}

/** Issue 38 item 1: every customer e-mail says where all their repairs are (docs/decisions/0036). */
export function myRepairsLine(publicUrl: string): string {
  return `All your repairs with us, on any device: ${publicUrl}${MY_REPAIRS_PATH}`;
}

/** The My repairs line, the support line, a blank line and the signature: the usual end of a customer's e-mail. */
export function customerFooter(company: CompanyDetails, publicUrl: string): string[] {
  return [myRepairsLine(publicUrl), supportLine(company), '', ...signature(company)];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same footer for an HTML e-mail. */
export function customerFooterHtml(company: CompanyDetails, publicUrl: string): string {
  const myRepairs = `${publicUrl}${MY_REPAIRS_PATH}`;
  return [
    `<p>All your repairs with us, on any device: <a href="${escapeHtml(myRepairs)}">My repairs</a>.</p>`,
    `<p>Questions? Call <a href="tel:${escapeHtml(company.supportPhoneE164)}">${escapeHtml(company.supportPhone)}</a> (${escapeHtml(company.supportHoursSentence)}) or reply to <a href="mailto:${escapeHtml(company.supportEmail)}">${escapeHtml(company.supportEmail)}</a>.</p>`,
    `<p>${escapeHtml(site.brand)}<br><small>${escapeHtml(companyRegistration(company))}</small></p>`,
  ].join('\n');
}
