import { defaultCompanyDetails, type CompanyDetails } from '../../shared/company-details';
import { COMPANY_DETAILS_ELEMENT_ID } from '../../shared/company-html';

// Issue 14 item 7: the company's details (name, number, registered office, VAT number,
// support phone, e-mail and hours) come from the settings, read by the build. The build writes
// them into every page it makes, prerendered or the app shell, as a JSON script element; the
// browser reads them from there, so a page shows the same details as its prerendered HTML
// and hydration never disagrees with it (docs/decisions/0018-company-details.md). Changing
// the settings needs a rebuild, which `npm start` makes by itself.

let current: CompanyDetails | undefined;

function fromDocument(): CompanyDetails | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(COMPANY_DETAILS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<CompanyDetails> | null;
    // Written by our own build; a page from an older build without some field uses the defaults for it.
    return parsed && typeof parsed === 'object' ? { ...defaultCompanyDetails, ...parsed } : undefined;
  } catch {
    return undefined;
  }
}

/** The company's details this page was built with (the defaults in tests and before a build). Read it while rendering, never at import. */
export function company(): CompanyDetails {
  current ??= fromDocument() ?? defaultCompanyDetails;
  return current;
}

/** The build (scripts/prerender-site.ts) sets the details from the settings before it renders; tests reset with undefined. */
export function setCompanyDetailsForBuild(details: CompanyDetails | undefined): void {
  current = details;
}
