// The repairers' side of e-mail collection (issue 13, D18): who a run tries, the tab's figures,
// and the address a try found, stored on the repairer unless someone gave one meanwhile.
import { and, eq, gte, inArray, isNotNull, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { EmailCollectionStatus } from '../../../shared/api/email-collection';
import type { Db } from '../../db/database';
import { emailCollectionResults, repairers, users } from '../../db/schema';

/** Addresses a forced run may replace: only those collected from a website before, never one a person gave. */
export const COLLECTED_SOURCES = ['website', 'ai_collected'] as const;

/**
 * Who a run tries: a website and no address; with force, also those whose address was collected
 * before. Nobody who unsubscribed is tried again, and nobody with an account: its address is the
 * one they sign in with and are written to (an attack review: a forced run replaced it with
 * whatever their website showed, and their job offers went there).
 */
export function eligible(force: boolean): SQL {
  const hasWebsite = and(isNotNull(repairers.website), ne(repairers.website, ''), isNull(repairers.unsubscribedAt))!;
  const needsAddress = force ? or(isNull(repairers.email), inArray(repairers.emailSource, [...COLLECTED_SOURCES]))! : isNull(repairers.email);
  const noAccount = sql`NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.repairer_id = ${repairers.id})`;
  return and(hasWebsite, needsAddress, noAccount)!;
}

/** The network's figures; whether a model is set is the route's (it reads the settings). */
export async function collectionStatus(db: Db): Promise<Omit<EmailCollectionStatus, 'model'>> {
  const [row] = await db
    .select({
      totalRepairers: sql<number>`count(*)::int`,
      withEmails: sql<number>`(count(*) filter (where ${repairers.email} is not null))::int`,
      collectedByAI: sql<number>`(count(*) filter (where ${repairers.email} is not null and ${repairers.emailSource} = 'ai_collected'))::int`,
      needsCollection: sql<number>`(count(*) filter (where ${eligible(false)}))::int`,
    })
    .from(repairers);
  const { totalRepairers, withEmails, collectedByAI, needsCollection } = row!;
  const completionRate = totalRepairers === 0 ? 0 : Math.round((withEmails / totalRepairers) * 1000) / 10;
  return { completionRate, withEmails, totalRepairers, collectedByAI, needsCollection };
}

export async function countEligible(db: Db, force: boolean): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(repairers).where(eligible(force));
  return row!.n;
}

export interface CollectionTarget {
  id: number;
  businessName: string;
  website: string;
}

/**
 * The next repairers of a run: eligible and not yet tried since the run started; never-tried
 * first, then those tried longest ago, so repeated batches do not keep retrying the same failures.
 */
export async function nextTargets(db: Db, options: { force: boolean; since: Date; limit: number }): Promise<CollectionTarget[]> {
  const rows = await db
    .select({ id: repairers.id, businessName: repairers.businessName, website: repairers.website })
    .from(repairers)
    .where(
      and(
        eligible(options.force),
        notExists(
          db
            .select({ one: sql`1` })
            .from(emailCollectionResults)
            .where(and(eq(emailCollectionResults.repairerId, sql.raw('"repairers"."id"')), gte(emailCollectionResults.createdAt, options.since))),
        ),
      ),
    )
    .orderBy(
      sql`(select max(r.created_at) from email_collection_results r where r.repairer_id = ${sql.raw('"repairers"."id"')}) asc nulls first`,
      repairers.id,
    )
    .limit(options.limit);
  return rows.map((r) => ({ ...r, website: r.website! }));
}

/** The address a try found, stored on the repairer unless they are no longer eligible (someone gave one meanwhile). */
export async function storeCollectedAddress(tx: Db, repairerId: number, found: { email: string; source: string; sourceUrl: string }, force: boolean): Promise<void> {
  await tx
    .update(repairers)
    .set({ email: found.email, emailSource: found.source, emailSourceUrl: found.sourceUrl, emailCollectedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(repairers.id, repairerId), eligible(force)));
}
