// The repairer_invitations table: join links stored only as SHA-256 of their token (as sessions
// and grants are), each spent once.
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { repairerInvitations, repairers } from '../../db/schema';

export type NewInvitationRow = typeof repairerInvitations.$inferInsert;

const sentToPresentAddress = sql`lower(${repairerInvitations.email}) = lower(${repairers.email})`;

/** The unused, unexpired invitation with this token's hash, still sent to its repairer's present address, with the business's names. */
export async function findLiveInvitation(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: repairerInvitations, businessName: repairers.businessName, contactName: repairers.contactName })
    .from(repairerInvitations)
    .innerJoin(repairers, eq(repairers.id, repairerInvitations.repairerId))
    .where(and(eq(repairerInvitations.tokenHash, tokenHash), isNull(repairerInvitations.usedAt), gt(repairerInvitations.expiresAt, now), sentToPresentAddress));
  return row;
}

/** Spends every unused invitation of the repairer in one statement; answers them. */
export async function spendInvitationsOf(tx: Db, repairerId: number, now: Date): Promise<{ id: number; expiresAt: Date }[]> {
  return tx
    .update(repairerInvitations)
    .set({ usedAt: now })
    .where(and(eq(repairerInvitations.repairerId, repairerId), isNull(repairerInvitations.usedAt)))
    .returning({ id: repairerInvitations.id, expiresAt: repairerInvitations.expiresAt });
}

/** Spends the unused invitations of these repairers that went to an address other than the one given. */
export async function spendInvitationsToOtherAddresses(tx: Db, people: { repairerId: number; address: string }[], now: Date): Promise<void> {
  const elsewhere = people.map(({ repairerId, address }) => and(eq(repairerInvitations.repairerId, repairerId), ne(repairerInvitations.email, address.toLowerCase())));
  await tx.update(repairerInvitations).set({ usedAt: now }).where(and(isNull(repairerInvitations.usedAt), or(...elsewhere)));
}

export async function insertInvitations(tx: Db, rows: NewInvitationRow[]): Promise<void> {
  await tx.insert(repairerInvitations).values(rows);
}
