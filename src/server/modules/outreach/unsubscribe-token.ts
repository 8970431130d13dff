// An unsubscribe link's token (D19): the repairer's id and an HMAC-SHA256 of it under the app's
// secret. Unguessable without the secret, the same in every e-mail to that repairer (an older
// e-mail's link keeps working), and nothing to store.
import { createHmac, timingSafeEqual } from 'node:crypto';

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
