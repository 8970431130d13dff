// Queries for e-mail collection's own table: each try's result (email_collection_results), with
// the address stored on the repairer through repairers/collected-addresses.repo.ts.
import { desc, eq } from 'drizzle-orm';
import type { EmailCollectionResult } from '../../../shared/api/email-collection';
import type { Db } from '../../db/database';
import { emailCollectionResults, repairers } from '../../db/schema';
import { storeCollectedAddress, type CollectionTarget } from '../repairers';
import type { SiteOutcome } from './collector';

/** One try's result; on success the address is stored unless someone gave one meanwhile. */
export async function recordOutcome(db: Db, target: CollectionTarget, outcome: SiteOutcome, force: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(emailCollectionResults).values({
      repairerId: target.id,
      success: outcome.success,
      email: outcome.success ? outcome.email : null,
      sourceUrl: outcome.success ? outcome.sourceUrl : null,
      error: outcome.success ? null : outcome.error.slice(0, 1000),
    });
    if (outcome.success) await storeCollectedAddress(tx, target.id, outcome, force);
  });
}

export async function recentResults(db: Db, limit: number): Promise<EmailCollectionResult[]> {
  const rows = await db
    .select({
      id: emailCollectionResults.id,
      repairerId: emailCollectionResults.repairerId,
      businessName: repairers.businessName,
      website: repairers.website,
      success: emailCollectionResults.success,
      email: emailCollectionResults.email,
      sourceUrl: emailCollectionResults.sourceUrl,
      error: emailCollectionResults.error,
      emailSource: repairers.emailSource,
      createdAt: emailCollectionResults.createdAt,
    })
    .from(emailCollectionResults)
    .innerJoin(repairers, eq(repairers.id, emailCollectionResults.repairerId))
    .orderBy(desc(emailCollectionResults.createdAt), desc(emailCollectionResults.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
