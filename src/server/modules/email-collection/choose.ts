// Plain rules choose the business's contact address when no model is configured, or when the
// model's answer is unusable (D18): an address at the site's own domain first, then the usual
// shared inboxes (info@, contact@, enquiries@, bookings@, hello@ …), then one from a mailto link.
import type { Candidate } from './extract';

const SHARED_INBOXES = ['info', 'contact', 'enquiries', 'enquiry', 'bookings', 'booking', 'hello', 'office', 'sales', 'repairs', 'admin', 'mail', 'team', 'support'];

const siteDomain = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

function score(candidate: Candidate, domain: string): number {
  const [local, emailDomain] = candidate.email.split('@') as [string, string];
  let points = 0;
  if (emailDomain === domain || domain.endsWith(`.${emailDomain}`) || emailDomain.endsWith(`.${domain}`)) points += 1000;
  const inbox = SHARED_INBOXES.indexOf(local);
  if (inbox >= 0) points += 100 - inbox;
  if (candidate.fromMailto) points += 10;
  return points;
}

/** The best candidate for a site, or undefined when there is none. Ties keep the order found. */
export function chooseByRules(candidates: readonly Candidate[], siteUrl: string): Candidate | undefined {
  const domain = siteDomain(new URL(siteUrl).hostname);
  let best: Candidate | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    const points = score(candidate, domain);
    if (points > bestScore) {
      best = candidate;
      bestScore = points;
    }
  }
  return best;
}
