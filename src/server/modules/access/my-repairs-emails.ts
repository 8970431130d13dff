// Issue 38 item 1: the e-mail with a customer's sign-in link to My repairs.
import type { CompanyDetails } from '../../../shared/company';
import { site } from '../../../shared/site';
import { customerFooter, type CustomerEmail } from '../email';
import { SIGN_IN_LINK_MINUTES } from './my-repairs-constants';

export function signInLinkEmail(input: { email: string; assessmentId: number; url: string; count: number; company: CompanyDetails; publicUrl: string }): CustomerEmail {
  return {
    kind: 'my-repairs-sign-in',
    toAddress: input.email,
    // The newest enquiry: its erasure scrubs this e-mail too (docs/decisions/0019).
    assessmentId: input.assessmentId,
    subject: `Your sign-in link to My repairs – ${site.brand}`,
    textBody: [
      'Hello,',
      '',
      `Someone (we hope you) asked to see the repairs made with this e-mail address. You have ${input.count} ${input.count === 1 ? 'enquiry' : 'enquiries'} with us.`,
      '',
      `Open My repairs with this link. It works once, for the next ${SIGN_IN_LINK_MINUTES} minutes:`,
      input.url,
      '',
      'If you did not ask for it, you can ignore this e-mail: nobody can see your repairs without the link.',
      '',
      ...customerFooter(input.company, input.publicUrl),
    ].join('\n'),
    htmlBody: null,
    headers: {},
  };
}
