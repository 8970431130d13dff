// The repairers' side of introduction e-mails (issue 13 item 2, D19). Who may be written to is
// decided by one UPDATE that claims the repairers (sets intro_sent_at) and re-checks, in the same
// statement, that each has an address, no account, no introduction yet, and has not unsubscribed
// (by record or by address): two racing sends claim a repairer once, and an unsubscribe that
// lands first is honoured. Also the admin's bulk verification and a repairer's unsubscribe.
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { repairers, unsubscribes, users } from '../../db/schema';
import { vettedSql } from './vetting.repo';
import type { RepairerRow } from './repairers.repo';

// Qualified by hand: inside the subqueries an unqualified "email" or "id" would name the subquery's table.
const repairerId = sql.raw('"repairers"."id"');
const repairerEmail = sql.raw('"repairers"."email"');
const noAccount = sql`NOT EXISTS (SELECT 1 FROM ${users} a WHERE a.repairer_id = ${repairerId})`;
const addressNotUnsubscribed = sql`NOT EXISTS (SELECT 1 FROM ${unsubscribes} u WHERE u.email = lower(trim(${repairerEmail})))`;
// A plain shape check: anything else is a failure, never sent (the address came from a website).
const plausibleAddress = sql`${repairerEmail} ~ '^[^@[:space:]<>,;]+@[^@[:space:]<>,;]+\\.[^@[:space:]<>,;]+$'`;

/** Has an address, no account, no introduction yet, and has not unsubscribed. */
const writable = and(isNotNull(repairers.email), isNull(repairers.introSentAt), isNull(repairers.unsubscribedAt), addressNotUnsubscribed, noAccount)!;

/** The repairer `id` alone, as a scope of claimForIntroduction. */
export const repairerIs = (id: number): SQL => eq(repairers.id, id);
/** These repairers, as a scope of claimForIntroduction. */
export const repairersIn = (ids: number[]): SQL => inArray(repairers.id, ids);

export interface Claimed {
  id: number;
  email: string;
  businessName: string;
  contactName: string | null;
  city: string;
  emailSourceUrl: string | null;
}

/** Claims every writable repairer in `scope` (undefined: everyone) whose address looks valid: their introduction is sent now. */
export async function claimForIntroduction(tx: Db, scope: SQL | undefined, now: Date): Promise<Claimed[]> {
  return (await tx
    .update(repairers)
    .set({ introSentAt: now, updatedAt: now })
    .where(and(writable, plausibleAddress, scope))
    .returning({ id: repairers.id, email: repairers.email, businessName: repairers.businessName, contactName: repairers.contactName, city: repairers.city, emailSourceUrl: repairers.emailSourceUrl })) as Claimed[];
}

/** The repairer with whether they have an account, whether their address unsubscribed, and whether it looks valid: why they may not be introduced. */
export async function introductionStanding(db: Db, id: number) {
  const [row] = await db
    .select({ repairer: repairers, hasAccount: sql<boolean>`NOT ${noAccount}`, addressUnsubscribed: sql<boolean>`NOT ${addressNotUnsubscribed}`, plausible: sql<boolean>`coalesce(${plausibleAddress}, false)` })
    .from(repairers)
    .where(eq(repairers.id, id));
  return row;
}

/** Of everyone: the writable whose address looks wrong (failures), and those with an address and no account who are not writable (skipped). */
export async function introductionCounts(tx: Db): Promise<{ failures: number; skipped: number } | undefined> {
  const [before] = await tx
    .select({
      failures: sql<number>`count(*) FILTER (WHERE ${writable} AND NOT ${plausibleAddress})`.mapWith(Number),
      skipped: sql<number>`count(*) FILTER (WHERE ${repairers.email} IS NOT NULL AND ${noAccount} AND NOT (${writable}))`.mapWith(Number),
    })
    .from(repairers);
  return before;
}

/**
 * Verifies or unverifies those of these repairers not already so; answers the ones it changed. Only
 * a repairer with every vetting check recorded is verified (D6, issue 35 item 5): the rest stay as they are.
 */
export async function setVerifiedWhereChanged(tx: Db, ids: number[], isVerified: boolean, now: Date): Promise<{ id: number }[]> {
  return tx
    .update(repairers)
    .set({ isVerified, updatedAt: now })
    .where(and(inArray(repairers.id, ids), eq(repairers.isVerified, !isVerified), isVerified ? vettedSql : undefined))
    .returning({ id: repairers.id });
}

/** Those of these ids that are repairers (and, for `vetted`, have every vetting check recorded). */
export async function existingRepairerIds(tx: Db, ids: number[], vetted = false): Promise<{ id: number }[]> {
  return tx.select({ id: repairers.id }).from(repairers).where(and(inArray(repairers.id, ids), vetted ? vettedSql : undefined));
}

/** Marks the repairer unsubscribed (when they first did, if twice); answers their row, or undefined for no such repairer. */
export async function markUnsubscribed(tx: Db, id: number, now: Date): Promise<RepairerRow | undefined> {
  const [row] = await tx
    .update(repairers)
    .set({ unsubscribedAt: sql`coalesce(${repairers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(repairers.id, id))
    .returning();
  return row;
}
