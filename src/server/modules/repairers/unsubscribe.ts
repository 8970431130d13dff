// A repairer's unsubscribe (D19), for every e-mail we send a repairer unasked: an introduction
// (outreach), an admin's invitation (repairer-accounts) or a job offer to an invited one
// (booking). Beside the repairers table they are about, so those modules share them without
// importing each other. The token: the repairer's id and an HMAC-SHA256 of it under the app's
// secret. Unguessable without the secret, the same in every e-mail to that repairer (an older
// e-mail's link keeps working), and nothing to store.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CompanyDetails } from '../../../shared/company';

const signature = (secret: string, repairerId: number) => createHmac('sha256', secret).update(`unsubscribe:${repairerId}`).digest('base64url');

export function unsubscribeToken(secret: string, repairerId: number): string {
  return `${repairerId}.${signature(secret, repairerId)}`;
}

/** The repairer id a token was made for, or null for anything not signed with this secret. */
export function repairerOfToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** Where a repairer unsubscribes from every e-mail we send them unasked (D19): an introduction or an invitation. */
export interface UnsubscribeLinks {
  /** The page with a confirm button (for people). */
  page: string;
  /** The one-click POST target (for mail programs, RFC 8058). */
  url: string;
  /** The token, in the mailto's subject, so whoever reads that mailbox can open /unsubscribe/{token}. */
  token: string;
}

export function unsubscribeLinks(publicUrl: string, secret: string, repairerId: number): UnsubscribeLinks {
  const token = unsubscribeToken(secret, repairerId);
  return { page: `${publicUrl}/unsubscribe/${token}`, url: `${publicUrl}/api/unsubscribe/${token}`, token };
}

/** The visible line: a mail program may not offer its own unsubscribe button. */
export function unsubscribeLine(links: UnsubscribeLinks): string {
  return `Not interested? Unsubscribe and we will never write to you again: ${links.page}`;
}

/** RFC 2369's List-Unsubscribe (the one-click POST and a mailto) and RFC 8058's List-Unsubscribe-Post. */
export function unsubscribeHeaders(links: UnsubscribeLinks, company: CompanyDetails): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.url}>, <mailto:${company.supportEmail}?subject=unsubscribe%20${links.token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
