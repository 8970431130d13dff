// D10: a customer's access grant. Its token is set as a cookie when they submit and is
// carried by the link in every e-mail they receive; only its hash is stored.
import type { Database, Db } from '../../db/database';
import { hashToken, newToken } from '../../kernel/tokens';
import { findGrantedAssessmentIds, insertGrant } from './grants.repo';


export async function createGrant(db: Db, assessmentId: number): Promise<{ id: number; token: string }> {
  const token = newToken();
  const id = await insertGrant(db, hashToken(token), assessmentId);
  return { id, token };
}

/** The grant cookie's format is the kernel's (plugins/auth reads it). */
export { addToGrantCookie, MAX_GRANTS_PER_BROWSER, parseGrantCookie } from '../../kernel/cookies';

/** The assessments a browser's grant tokens open. */
export async function resolveGrantedAssessments(database: Database, tokens: string[]): Promise<number[]> {
  return findGrantedAssessmentIds(database, tokens.map(hashToken));
}

/** The path part of a link a customer can open on any device to regain access. */
export function accessLinkPath(token: string, next: string): string {
  return `/access/${token}?next=${encodeURIComponent(next)}`;
}

/** The text with every access link's token taken out (a copy kept outside the product, such as a data export, opens nothing). */
export function withoutAccessTokens(text: string): string {
  return text.replace(/\/access\/[A-Za-z0-9_-]+/g, '/access/(link removed from this copy)');
}
