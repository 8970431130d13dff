// The repairers table's owner (issue 34 item 4): a repairer's row read and locked, and the
// changes the repairer (their profile, their Stripe account), the team (adding and verifying a
// business) and an invitation (the address becomes theirs) make to it. Nearby search, the
// introductions, the Places import and e-mail collection have their own repositories beside this
// one; every other module reads and writes repairers through them.
import { and, eq, sql } from 'drizzle-orm';
import type { RepairerView } from '../../../shared/api/dispatch';
import { isSpecialisation } from '../../../shared/damage';
import type { Database, Db } from '../../db/database';
import { dateOfEpochMs, epochMsSql } from '../../db/batch';
import { repairers } from '../../db/schema';

export type RepairerRow = typeof repairers.$inferSelect;
export type NewRepairerRow = typeof repairers.$inferInsert;

const VERIFIED_COUNT_SQL = `SELECT count(*)::int AS count FROM repairers WHERE is_verified`;

/** D2's network figure: how many repairers are verified (network-figure.ts keeps it for a few seconds). */
export async function countVerifiedRepairers(database: Database): Promise<number> {
  const [row] = await database.statement<{ count: number }>('verified_repairer_count', VERIFIED_COUNT_SQL).run([]);
  return row?.count ?? 0;
}

export async function findRepairer(db: Db, id: number): Promise<RepairerRow | undefined> {
  const [row] = await db.select().from(repairers).where(eq(repairers.id, id));
  return row;
}

/** The repairer's row locked for the rest of the transaction: one repairer's accepts take turns. */
export async function lockRepairer(db: Db, id: number): Promise<RepairerRow | undefined> {
  const [row] = await db.select().from(repairers).where(eq(repairers.id, id)).for('update');
  return row;
}

export function toRepairerView(row: RepairerRow): RepairerView {
  return {
    id: row.id,
    businessName: row.businessName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    specializations: row.specialisations.filter(isSpecialisation),
    serviceRadius: row.serviceRadiusMiles,
    rating: row.ratingTenths === null ? null : row.ratingTenths / 10,
    isVerified: row.isVerified,
    emailSource: row.emailSource,
  };
}

/** What the repairer's shares add up to, in pence (D14). */
export interface EarningsPence {
  paidPence: number;
  toComePence: number;
  heldPence: number;
}

/** What the profile shows of the repairer's row, and their shares added up. */
export type OwnProfileRow = Pick<
  RepairerRow,
  'id' | 'businessName' | 'contactName' | 'email' | 'phone' | 'city' | 'postcode' | 'serviceRadiusMiles' | 'specialisations' | 'isVerified' | 'ratingTenths' | 'stripeAccountId' | 'stripeOnboardedAt'
> & { earnings: EarningsPence; /** Issue 37 item 3: their photo's token and thumbnail size, or null. */ photo: { token: string; width: number; height: number } | null };

// GET /api/repairer/profile reads the repairer's row in one prepared statement, as one JSON value
// (issue 9: by drizzle, built on every call with every column parsed, p99 30 ms on PGlite), with
// their shares added up: every payout that names them (set when they accept the job), whatever
// its age; a cancelled booking's (void) counts in none.
const OWN_PROFILE_SQL = `SELECT json_build_object('id', r.id, 'businessName', r.business_name, 'contactName', r.contact_name, 'email', r.email,
    'phone', r.phone, 'city', r.city, 'postcode', r.postcode, 'serviceRadiusMiles', r.service_radius_miles,
    'specialisations', r.specialisations, 'isVerified', r.is_verified, 'ratingTenths', r.rating_tenths,
    'stripeAccountId', r.stripe_account_id, 'stripeOnboardedAtMs', ${epochMsSql('r.stripe_onboarded_at')},
    'earnings', (SELECT json_build_object(
        'paidPence', COALESCE(SUM(po.amount_pence) FILTER (WHERE po.status = 'released'), 0),
        'toComePence', COALESCE(SUM(po.amount_pence) FILTER (WHERE po.status IN ('owed', 'sending')), 0),
        'heldPence', COALESCE(SUM(po.amount_pence) FILTER (WHERE po.status = 'held'), 0))
      FROM payouts po WHERE po.repairer_id = r.id),
    'photo', (SELECT json_build_object('token', rp.token, 'width', rp.thumb_width, 'height', rp.thumb_height) FROM repairer_photos rp WHERE rp.repairer_id = r.id)) AS repairer
  FROM repairers r WHERE r.id = $1`;

/** The repairer's profile row with their earnings, or undefined when there is no such repairer. */
export async function readOwnProfile(database: Database, repairerId: number): Promise<OwnProfileRow | undefined> {
  const [row] = await database
    .statement<{ repairer: Omit<OwnProfileRow, 'stripeOnboardedAt'> & { stripeOnboardedAtMs: number | null } }>('read_own_profile', OWN_PROFILE_SQL)
    .run([repairerId]);
  if (!row) return undefined;
  const { stripeOnboardedAtMs, ...repairer } = row.repairer;
  return { ...repairer, stripeOnboardedAt: dateOfEpochMs(stripeOnboardedAtMs) };
}

/** The business details a repairer saves on their profile (profile-columns.ts). */
export async function saveRepairerDetails(db: Db, id: number, columns: Partial<NewRepairerRow>, now: Date): Promise<void> {
  await db
    .update(repairers)
    .set({ ...columns, updatedAt: now })
    .where(eq(repairers.id, id));
}

/** Stripe says the repairer's Connect account is finished (D14): paid jobs are open to them. */
export async function markStripeOnboarded(db: Db, id: number, now: Date): Promise<void> {
  await db.update(repairers).set({ stripeOnboardedAt: now, updatedAt: now }).where(eq(repairers.id, id));
}

/** The repairer's new Connect account; answers their row as it now is. */
export async function setStripeAccount(db: Db, id: number, accountId: string): Promise<RepairerRow> {
  const [row] = (await db.update(repairers).set({ stripeAccountId: accountId, updatedAt: new Date() }).where(eq(repairers.id, id)).returning()) as [RepairerRow];
  return row;
}

/** The repairer's business name, if there is such a repairer. */
export async function repairerBusinessName(db: Db, id: number): Promise<string | undefined> {
  const [repairer] = await db.select({ businessName: repairers.businessName }).from(repairers).where(eq(repairers.id, id));
  return repairer?.businessName;
}

/** The repairer's row locked (reading nothing of it): their customers' reviews take turns. */
export async function lockRepairerForRating(tx: Db, id: number): Promise<void> {
  await tx.select({ id: repairers.id }).from(repairers).where(eq(repairers.id, id)).for('update');
}

/** The repairer's rating, out of 5 in tenths (the mean of their reviews). */
export async function setRating(tx: Db, id: number, ratingTenths: number): Promise<void> {
  await tx.update(repairers).set({ ratingTenths, updatedAt: new Date() }).where(eq(repairers.id, id));
}

/** The repairer's address, read under their row's lock. */
export async function lockRepairerAddress(tx: Db, id: number): Promise<{ email: string | null } | undefined> {
  const [business] = await tx.select({ email: repairers.email }).from(repairers).where(eq(repairers.id, id)).for('update');
  return business;
}

/** The address is now theirs (a person gave it by signing up with it), so no collection run replaces it. */
export async function markAddressGivenAtSignUp(tx: Db, id: number, now: Date): Promise<void> {
  await tx.update(repairers).set({ emailSource: 'signup', updatedAt: now }).where(eq(repairers.id, id));
}

/**
 * Makes the transaction the only one adding this business (by name and postcode) and this
 * address: two admins adding the same one at once make one row. Name first, then the e-mail,
 * always in that order, so two adds never wait for each other in a circle.
 */
export async function oneAddAtATime(tx: Db, business: { businessName: string; postcode: string }, email: string | null): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`repairer:${business.businessName.toLowerCase()}:${business.postcode}`}))`);
  if (email) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`repairer-email:${email}`}))`);
}

/** A business held under the same name in the same postcode (spaces and case aside). */
export async function findBusinessByNameAndPostcode(tx: Db, business: { businessName: string; postcode: string }): Promise<{ businessName: string; postcode: string } | undefined> {
  const [same] = await tx
    .select({ businessName: repairers.businessName, postcode: repairers.postcode })
    .from(repairers)
    .where(and(sql`lower(${repairers.businessName}) = ${business.businessName.toLowerCase()}`, sql`replace(upper(${repairers.postcode}), ' ', '') = ${business.postcode.replace(/\s+/g, '').toUpperCase()}`))
    .limit(1);
  return same;
}

/** A business held with this (lower-case) address. */
export async function findBusinessWithEmail(tx: Db, email: string): Promise<{ businessName: string } | undefined> {
  const [held] = await tx.select({ businessName: repairers.businessName }).from(repairers).where(sql`lower(${repairers.email}) = ${email}`).limit(1);
  return held;
}

export async function insertRepairer(tx: Db, row: NewRepairerRow): Promise<number> {
  const [inserted] = await tx.insert(repairers).values(row).returning({ id: repairers.id });
  return inserted!.id;
}

/** Sets the repairer's verification, under their row's lock; answers whether it changed (undefined: no such repairer). */
export async function setVerified(tx: Db, id: number, isVerified: boolean): Promise<boolean | undefined> {
  const [before] = await tx.select({ isVerified: repairers.isVerified }).from(repairers).where(eq(repairers.id, id)).for('update');
  if (!before) return undefined;
  if (before.isVerified === isVerified) return false;
  await tx.update(repairers).set({ isVerified, updatedAt: new Date() }).where(eq(repairers.id, id));
  return true;
}
