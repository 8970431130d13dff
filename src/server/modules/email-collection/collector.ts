// One repairer's website (D18): the home page and at most one contact or about page it links to
// on the same site, nothing else; the address chosen among what they offer, by the model when one
// is configured, by the rules otherwise.
import { chooseByRules } from './choose';
import { findCandidates, findContactPage, type Candidate } from './extract';
import { chooseWithModel, type LlmSettings } from './llm-chooser';
import { FetchError } from './site-fetcher';
import type { PageFetcher } from '../../kernel/ports';

export type SiteOutcome =
  | { success: true; email: string; sourceUrl: string; source: 'ai_collected' | 'website'; reason: string }
  | { success: false; error: string };

const message = (error: unknown) => (error instanceof FetchError ? error.message : `Unexpected error: ${error instanceof Error ? error.message : String(error)}`);

export async function collectFromSite(
  fetcher: PageFetcher,
  business: { name: string; website: string },
  options: { runKey: string; llm?: LlmSettings | undefined },
): Promise<SiteOutcome> {
  let home;
  try {
    home = await fetcher.fetchPage(business.website, options.runKey);
  } catch (error) {
    return { success: false, error: message(error) };
  }
  const candidates: Candidate[] = findCandidates(home.html, home.url);
  let contactProblem = '';
  const contactUrl = findContactPage(home.html, home.url);
  if (contactUrl) {
    try {
      const contact = await fetcher.fetchPage(contactUrl, options.runKey);
      for (const candidate of findCandidates(contact.html, contact.url)) {
        // The contact page's own copy of an address counts as found there.
        const seen = candidates.findIndex((c) => c.email === candidate.email);
        if (seen >= 0) candidates[seen] = { ...candidate, fromMailto: candidate.fromMailto || candidates[seen]!.fromMailto };
        else candidates.push(candidate);
      }
    } catch (error) {
      contactProblem = ` The contact page could not be read: ${message(error)}`;
    }
  }
  if (candidates.length === 0) {
    return { success: false, error: `No e-mail address was found on ${contactUrl ? 'the home page or its contact page' : 'the home page, which links to no contact page'}.${contactProblem}` };
  }
  let fallback = '';
  if (options.llm) {
    const answer = await chooseWithModel(options.llm, business, candidates);
    if ('choice' in answer) {
      const chosen = candidates.find((c) => c.email === answer.choice.email)!;
      return { success: true, email: chosen.email, sourceUrl: chosen.sourceUrl, source: 'ai_collected', reason: answer.choice.reason };
    }
    fallback = ` (the rules chose because ${answer.problem})`;
  }
  const chosen = chooseByRules(candidates, home.url)!;
  return { success: true, email: chosen.email, sourceUrl: chosen.sourceUrl, source: 'website', reason: `Chosen by the rules among ${candidates.length} address${candidates.length === 1 ? '' : 'es'}${fallback}.` };
}
