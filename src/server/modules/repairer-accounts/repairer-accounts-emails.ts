// The invitation a repairer gets to create their sign-in (issue 12 item 7). It goes to a business
// that has no account yet, at the address the directory, its website or the admin gave us: nobody
// there asked for it, so, as an introduction does (D19, docs/decisions/0014), it carries a
// one-click unsubscribe (RFC 8058 headers and a link in the text).
import { formatLondonDateTime } from '../../../shared/london-time';
import type { CompanyDetails } from '../../../shared/company';
import { site } from '../../../shared/site';
import { signature, type NewOutboxEmail } from '../email';
import { unsubscribeHeaders, unsubscribeLine, type UnsubscribeLinks } from '../repairers';

export function invitationEmail(facts: {
  to: string;
  name: string;
  businessName: string;
  link: string;
  expiresAt: Date;
  unsubscribe: UnsubscribeLinks;
  company: CompanyDetails;
}): NewOutboxEmail {
  return {
    kind: 'repairer-invitation',
    toAddress: facts.to,
    subject: `Create your ${site.brand} repairer account`,
    textBody: [
      `Hello ${facts.name},`,
      '',
      `${facts.businessName} has been added to the ${site.brand} network of mobile repair technicians. Create your account to see and accept repair jobs near you:`,
      facts.link,
      '',
      `The link works once, until ${formatLondonDateTime(facts.expiresAt)}. If it has expired, reply to this e-mail and we will send a new one.`,
      '',
      unsubscribeLine(facts.unsubscribe),
      '',
      ...signature(facts.company),
    ].join('\n'),
    headers: unsubscribeHeaders(facts.unsubscribe, facts.company),
  };
}
