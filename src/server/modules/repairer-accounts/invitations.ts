// Join links: a single-use link by which a business in the network creates its repairer account
// (issue 12), sent in an invitation, an introduction (issue 13) or a job offer to a business
// without an account. Its own module, as invitations, outreach and dispatch all issue them.
import { INVITATION_DAYS } from '../../../shared/api/repairer-accounts';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { hashToken, newToken } from '../../kernel/tokens';
import { insertInvitations, spendInvitationsToOtherAddresses } from './invitations.repo';

/**
 * A new single-use join link for the repairer; its token is only in the returned link. Earlier
 * unused links to the same address keep working until they expire or one of them is used (an
 * invitation and then an introduction each promise their link until its date); links sent to an
 * address the repairer no longer has stop working.
 */
export async function issueInvitation(tx: Db, config: AppConfig, repairerId: number, address: string, now: Date): Promise<{ link: string; expiresAt: Date }> {
  return (await issueInvitations(tx, config, [{ repairerId, address }], now)).get(repairerId)!;
}

/** issueInvitation for many repairers in three statements (a bulk introduction, issue 13). */
export async function issueInvitations(tx: Db, config: AppConfig, people: { repairerId: number; address: string }[], now: Date): Promise<Map<number, { link: string; expiresAt: Date }>> {
  const links = new Map<number, { link: string; expiresAt: Date }>();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  for (let i = 0; i < people.length; i += 500) {
    const chunk = people.slice(i, i + 500);
    await spendInvitationsToOtherAddresses(tx, chunk, now);
    const rows = chunk.map(({ repairerId, address }) => {
      const token = newToken();
      links.set(repairerId, { link: `${config.publicUrl}/join/${token}`, expiresAt });
      return { repairerId, email: address.toLowerCase(), tokenHash: hashToken(token), expiresAt };
    });
    await insertInvitations(tx, rows);
  }
  return links;
}
