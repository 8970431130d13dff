// Issue 14: how the company's details travel from the build to the browser. The build writes
// them into the head of every page it makes (prerendered pages and the app shell) as a JSON
// script element; the browser reads it (src/web/lib/company.ts) and the server compares it
// with its own settings at start-up (src/server/plugins/web.ts), so it can say when the pages
// were built with other details than the e-mails and PDFs it sends.
import type { CompanyDetails } from './company';

export const COMPANY_DETAILS_ELEMENT_ID = 'company-details';

/** The element; "<" is escaped so no value can close it early. */
export function companyDetailsScript(details: CompanyDetails): string {
  const json = JSON.stringify(details).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${COMPANY_DETAILS_ELEMENT_ID}">${json}</script>`;
}

const element = () => new RegExp(`\\s*<script type="application/json" id="${COMPANY_DETAILS_ELEMENT_ID}">([^<]*)</script>`, 'g');

/** The HTML with its company details element replaced (or added at the end of its head). */
export function withCompanyDetails(html: string, details: CompanyDetails): string {
  const cleaned = html.replace(element(), '');
  if (!/<\/head>/.test(cleaned)) throw new Error('The page has no </head> for the company details');
  return cleaned.replace(/\s*<\/head>/, (end) => `\n    ${companyDetailsScript(details)}${end}`);
}

/** The details a built page carries, or undefined when it has none (or they cannot be read). */
export function companyDetailsInHtml(html: string): CompanyDetails | undefined {
  const json = element().exec(html)?.[1];
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as CompanyDetails;
  } catch {
    return undefined;
  }
}
