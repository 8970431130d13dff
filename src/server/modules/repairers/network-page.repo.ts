// SPEC's Repairer Network tab (GET /api/repairers) in one prepared statement (issue 9;
// docs/notes/0007-api-history.md, ninth round): the total the search and filters match and a
// page of 50 by business name, each repairer as one JSON value with whether they have an account
// or a pending invitation. Built by drizzle it was two statements whose text changed with each
// filter, parsed and planned on every call, with every column of every row parsed by the driver:
// on PGlite 254 req/s, p99 77 ms. Every filter is a parameter here, null when not asked for, so
// the text never changes. Admins asking for the same page at once share one run (coalescedRead).
// tests/helpers/composed-reads.ts keeps the composed reference.
import { NETWORK_PAGE_SIZE, type NetworkQuery, type NetworkRepairer } from '../../../shared/api/repairer-accounts';
import { isSpecialisation } from '../../../shared/damage';
import { coalescedRead, dateOfEpochMs, epochMsSql, type CoalescedReadSpec } from '../../db/batch';
import type { Database } from '../../db/database';
import { escapeLike } from '../../db/like';

const hasAccountSql = (r: string) => `EXISTS (SELECT 1 FROM users u WHERE u.repairer_id = ${r}.id)`;
// Which repairers (`r`) the search and filters match; a filter whose parameter is null is not asked for.
const MATCHES_SQL = `($1::int IS NULL OR r.id = $1)
    AND ($2::text IS NULL OR lower(r.business_name) LIKE $2 OR lower(r.city) LIKE $3 OR replace(lower(r.postcode), ' ', '') LIKE $4)
    AND ($5::boolean IS NULL OR r.is_verified = $5)
    AND ($6::boolean IS NULL OR (r.email IS NOT NULL) = $6)
    AND ($7::text IS NULL OR r.email_source = $7)
    AND ($8::boolean IS NULL OR (r.google_place_id IS NOT NULL) = $8)
    AND ($9::boolean IS NULL OR (r.intro_sent_at IS NOT NULL) = $9)
    AND ($10::boolean IS NULL OR ${hasAccountSql('r')} = $10)`;

const NETWORK_PAGE_SQL = `SELECT (SELECT count(*) FROM repairers r WHERE ${MATCHES_SQL})::int AS total,
  (SELECT coalesce(json_agg(x ORDER BY x."businessName", x.id), '[]'::json) FROM (
    SELECT p.id, p.business_name AS "businessName", p.contact_name AS "contactName", p.email, p.phone, p.city, p.county,
      p.postcode, p.specialisations, p.service_radius_miles AS "serviceRadius", p.rating_tenths AS "ratingTenths",
      p.is_verified AS "isVerified", p.email_source AS "emailSource", ${hasAccountSql('p')} AS "hasAccount",
      EXISTS (SELECT 1 FROM repairer_invitations i WHERE i.repairer_id = p.id AND i.used_at IS NULL AND i.expires_at > now()) AS "invitationPending",
      p.google_place_id IS NOT NULL AS imported, ${epochMsSql('p.intro_sent_at')} AS "introSentAtMs", p.unsubscribed_at IS NOT NULL AS unsubscribed,
      p.applied_at IS NOT NULL AS applied,
      (p.insurance_checked_at IS NOT NULL)::int + (p.identity_checked_at IS NOT NULL)::int + (p.skills_assessed_at IS NOT NULL)::int AS "checksDone"
    FROM (SELECT r.* FROM repairers r WHERE ${MATCHES_SQL} ORDER BY r.business_name, r.id LIMIT $12 OFFSET $11) p) x) AS rows`;

interface NetworkJson extends Omit<NetworkRepairer, 'specializations' | 'rating' | 'introSentAt'> {
  specialisations: string[];
  ratingTenths: number | null;
  introSentAtMs: number | null;
}

/**
 * SPEC's Repairer Network: 50 a page by business name (page null: every one), searched (name
 * anywhere, town or postcode from the start) and filtered; `onlyId` reads one.
 */
export async function networkPage(database: Database, page: number | null, onlyId?: number, filters: Omit<NetworkQuery, 'page'> = {}): Promise<{ rows: NetworkRepairer[]; total: number }> {
  const term = filters.search ? escapeLike(filters.search.toLowerCase()) : null;
  const flag = (value: boolean | undefined) => value ?? null;
  const [row] = await database.statement<{ total: number; rows: NetworkJson[] }>('read_network_page', NETWORK_PAGE_SQL).run([
    onlyId ?? null,
    term === null ? null : `%${term}%`,
    term === null ? null : `${term}%`,
    term === null ? null : `${term.replace(/\s+/g, '')}%`,
    flag(filters.verified),
    flag(filters.hasEmail),
    filters.emailSource ?? null,
    flag(filters.imported),
    flag(filters.introduced),
    flag(filters.hasAccount),
    page === null ? 0 : (page - 1) * NETWORK_PAGE_SIZE,
    page === null ? null : NETWORK_PAGE_SIZE,
  ]);
  return {
    rows: row!.rows.map(({ specialisations, ratingTenths, introSentAtMs, ...repairer }) => ({
      ...repairer,
      specializations: specialisations.filter(isSpecialisation),
      rating: ratingTenths === null ? null : ratingTenths / 10,
      introSentAt: dateOfEpochMs(introSentAtMs)?.toISOString() ?? null,
    })),
    total: row!.total,
  };
}

type NetworkFilters = Omit<NetworkQuery, 'page'>;

const NETWORK_PAGE: CoalescedReadSpec<{ page: number | null; filters: NetworkFilters }, { rows: NetworkRepairer[]; total: number }> = {
  name: 'read_network_page',
  keyOf: ({ page, filters: f }) => JSON.stringify([page, f.search ?? null, f.verified, f.hasEmail, f.hasAccount, f.emailSource, f.imported, f.introduced]),
  read: (database, { page, filters }) => networkPage(database, page, undefined, filters),
};

/** GET /api/repairers: a page of the network; admins asking for the same page and filters together share one statement, and its answer. */
export function readNetworkPage(database: Database, page: number | null, filters: NetworkFilters): Promise<{ rows: NetworkRepairer[]; total: number }> {
  return coalescedRead(database, NETWORK_PAGE)({ page, filters });
}
