// Issue 35 item 5 (D6): a technician's application and the team's vetting checklist, on the
// repairers table (its owner keeps the statements): insurance seen and in date, identity checked,
// skills assessed, each with when and by whom; and the insurance notices the daily job sends
// (docs/decisions/0025-vetting-and-insurance.md).
import { and, eq, isNotNull, lt, lte, or, sql, gte } from 'drizzle-orm';
import type { VettingCheck } from '../../../shared/technician-rules';
import type { Db } from '../../db/database';
import { repairers } from '../../db/schema';
import type { RepairerRow } from './repairers.repo';

/** Every check recorded: the only repairers who may be verified and invited. */
export const vettedSql = and(isNotNull(repairers.insuranceCheckedAt), isNotNull(repairers.identityCheckedAt), isNotNull(repairers.skillsAssessedAt))!;

type Checked = Pick<RepairerRow, 'insuranceCheckedAt' | 'identityCheckedAt' | 'skillsAssessedAt'>;

/** The checks still to record, in the checklist's order. */
export function missingChecks(row: Checked): VettingCheck[] {
  const missing: VettingCheck[] = [];
  if (!row.insuranceCheckedAt) missing.push('insurance');
  if (!row.identityCheckedAt) missing.push('identity');
  if (!row.skillsAssessedAt) missing.push('skills');
  return missing;
}

export type CheckRecord =
  | { check: 'insurance'; insurer: string; policyNumber: string; expiryDate: string }
  | { check: 'identity'; note?: string | undefined }
  | { check: 'skills'; note: string };

/** Records one check on the repairer's row (a second time replaces the first); the caller holds the row's lock. */
export async function recordCheck(tx: Db, id: number, record: CheckRecord, by: string, now: Date): Promise<void> {
  const columns =
    record.check === 'insurance'
      ? { insurer: record.insurer, insurancePolicyNumber: record.policyNumber, insuranceExpiryDate: record.expiryDate, insuranceCheckedAt: now, insuranceCheckedBy: by }
      : record.check === 'identity'
        ? { identityCheckedAt: now, identityCheckedBy: by, identityNote: record.note?.trim() || null }
        : { skillsAssessedAt: now, skillsAssessedBy: by, skillsNote: record.note };
  await tx.update(repairers).set({ ...columns, updatedAt: now }).where(eq(repairers.id, id));
}

/** Repairers whose accepted insurance ends within `days` of `today` and who have not been warned about that date. */
export async function insuranceEndingSoon(db: Db, today: string, lastDay: string): Promise<RepairerRow[]> {
  return db
    .select()
    .from(repairers)
    .where(
      and(
        gte(repairers.insuranceExpiryDate, today),
        lte(repairers.insuranceExpiryDate, lastDay),
        or(eq(repairers.isVerified, true), isNotNull(repairers.insuranceCheckedAt)),
        sql`${repairers.insuranceWarnedForDate} IS DISTINCT FROM ${repairers.insuranceExpiryDate}`,
      ),
    )
    .orderBy(repairers.id);
}

/** Claims the warning about the repairer's present end date: true for the one run that sends it. */
export async function claimInsuranceWarning(tx: Db, id: number, expiryDate: string): Promise<boolean> {
  const claimed = await tx
    .update(repairers)
    .set({ insuranceWarnedForDate: expiryDate })
    .where(and(eq(repairers.id, id), eq(repairers.insuranceExpiryDate, expiryDate), sql`${repairers.insuranceWarnedForDate} IS DISTINCT FROM ${repairers.insuranceExpiryDate}`))
    .returning({ id: repairers.id });
  return claimed.length === 1;
}

/** Repairers verified (or with insurance accepted) whose insurance ended before `today`, not yet handled for that date. */
export async function insuranceLapsed(db: Db, today: string): Promise<RepairerRow[]> {
  return db
    .select()
    .from(repairers)
    .where(
      and(
        lt(repairers.insuranceExpiryDate, today),
        or(eq(repairers.isVerified, true), isNotNull(repairers.insuranceCheckedAt)),
        sql`${repairers.insuranceLapsedForDate} IS DISTINCT FROM ${repairers.insuranceExpiryDate}`,
      ),
    )
    .orderBy(repairers.id);
}

/**
 * The insurance has ended: under the row's lock, the repairer is unverified and the insurance check
 * cleared (a new policy must be seen before they are verified again). Answers whether they were
 * verified, or undefined when another run (or a renewal recorded meanwhile) got there first.
 */
export async function lapseInsurance(tx: Db, id: number, expiryDate: string, now: Date): Promise<{ wasVerified: boolean } | undefined> {
  const [row] = await tx.select().from(repairers).where(eq(repairers.id, id)).for('update');
  if (!row || row.insuranceExpiryDate !== expiryDate || row.insuranceLapsedForDate === expiryDate) return undefined;
  await tx
    .update(repairers)
    .set({ isVerified: false, insuranceCheckedAt: null, insuranceCheckedBy: null, insuranceLapsedForDate: expiryDate, updatedAt: now })
    .where(eq(repairers.id, id));
  return { wasVerified: row.isVerified };
}

