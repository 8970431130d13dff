// Repairer accounts (issue 12 item 7, D11): invitations to create a sign-in, verification and the
// admin's list of the network. Invitation tokens are stored only as SHA-256 (as sessions and
// grants are); using one is a guarded UPDATE, so two racing requests make one account.
import { and, asc, count, eq, gt, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import { INVITATION_DAYS, NETWORK_PAGE_SIZE, repairerAccountMessages, type InvitationView, type NetworkQuery, type NetworkRepairer } from '../../../shared/api/repairer-accounts';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { repairerInvitations, repairers, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { insertSession } from '../auth/auth.repo';
import type { PasswordQueue } from '../auth/password-queue';
import { toSessionUser, type SessionUser } from '../auth/auth.service';
import { hashToken, newToken } from '../auth/tokens';
import { findRepairer, toRepairerView } from '../dispatch/dispatch.repo';
import type { OutboxEmail } from '../email/email.repo';
import { queueEmail } from '../email/email.service';
import { networkFigureOf } from '../repairers/network-figure';
import type { Database } from '../../db/database';
import { invitationEmail } from './repairer-accounts-emails';

const accountOf = (db: Db, repairerId: number) => db.select({ id: users.id }).from(users).where(eq(users.repairerId, repairerId));

/** An admin invites a repairer: earlier unused links stop working; the new one is e-mailed. */
export async function inviteRepairer(db: Db, config: AppConfig, repairerId: number, now: Date): Promise<{ email: string; expiresAt: Date; emails: OutboxEmail[] }> {
  return db.transaction(async (tx) => {
    const repairer = await findRepairer(tx, repairerId);
    if (!repairer) throw notFound(repairerAccountMessages.notFound);
    if (!repairer.email) throw badRequest(repairerAccountMessages.noEmail);
    if ((await accountOf(tx, repairerId)).length > 0) throw conflict(repairerAccountMessages.hasAccount);
    await tx.update(repairerInvitations).set({ usedAt: now }).where(and(eq(repairerInvitations.repairerId, repairerId), isNull(repairerInvitations.usedAt)));
    const token = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
    await tx.insert(repairerInvitations).values({ repairerId, email: repairer.email.toLowerCase(), tokenHash: hashToken(token), expiresAt });
    const email = await queueEmail(tx, invitationEmail({ to: repairer.email, name: repairer.contactName ?? repairer.businessName, businessName: repairer.businessName, link: `${config.publicUrl}/join/${token}`, expiresAt, company: config.company }));
    return { email: repairer.email, expiresAt, emails: [email] };
  });
}

async function liveInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: repairerInvitations, businessName: repairers.businessName, contactName: repairers.contactName })
    .from(repairerInvitations)
    .innerJoin(repairers, eq(repairers.id, repairerInvitations.repairerId))
    .where(and(eq(repairerInvitations.tokenHash, hashToken(token)), isNull(repairerInvitations.usedAt), gt(repairerInvitations.expiresAt, now)));
  return row;
}

/** What the join page shows; one sentence for unknown, used and expired links alike. */
export async function readInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const found = await liveInvitation(db, token, now);
  if (!found) throw notFound(repairerAccountMessages.badLink);
  return { businessName: found.businessName, email: found.invitation.email };
}

/** The repairer sets a password: the account is made and signed in; the link is spent in the same transaction. */
export async function acceptInvitation(
  db: Db,
  passwords: PasswordQueue,
  input: { token: string; password: string; ttlHours: number; userAgent?: string | undefined },
  now: Date,
): Promise<{ sessionToken: string; user: SessionUser }> {
  const found = await liveInvitation(db, input.token, now);
  if (!found) throw notFound(repairerAccountMessages.badLink);
  const passwordHash = await passwords.hash(input.password); // outside the transaction: it takes a while
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(repairerInvitations)
      .set({ usedAt: now })
      .where(and(eq(repairerInvitations.id, found.invitation.id), isNull(repairerInvitations.usedAt), gt(repairerInvitations.expiresAt, now)))
      .returning({ id: repairerInvitations.id });
    if (spent.length === 0) throw notFound(repairerAccountMessages.badLink);
    if ((await accountOf(tx, found.invitation.repairerId)).length > 0) throw conflict(repairerAccountMessages.hasAccount);
    const [user] = await tx
      .insert(users)
      .values({ email: found.invitation.email, name: found.contactName ?? found.businessName, role: 'repairer', repairerId: found.invitation.repairerId, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!user) throw conflict(repairerAccountMessages.emailTaken);
    const sessionToken = newToken();
    await insertSession(tx, { idHash: hashToken(sessionToken), userId: user.id, expiresAt: new Date(now.getTime() + input.ttlHours * 3_600_000), userAgent: input.userAgent?.slice(0, 300) ?? null });
    return { sessionToken, user: toSessionUser(user) };
  });
}

/** Verified or Pending Verification (SPEC section 4): only verified repairers are offered jobs. */
export async function setVerification(database: Database, repairerId: number, isVerified: boolean): Promise<NetworkRepairer> {
  const [row] = await database.db.update(repairers).set({ isVerified, updatedAt: new Date() }).where(eq(repairers.id, repairerId)).returning({ id: repairers.id });
  if (!row) throw notFound(repairerAccountMessages.notFound);
  networkFigureOf(database).invalidate();
  return (await networkPage(database.db, 1, repairerId)).rows[0]!;
}

/** SPEC's Repairer Network: 50 a page by business name, with whether each has an account or a pending invitation. */
export async function networkPage(db: Db, page: number, onlyId?: number, filters: Omit<NetworkQuery, 'page'> = {}): Promise<{ rows: NetworkRepairer[]; total: number }> {
  // Qualified by hand: in a one-table select drizzle writes a column unqualified, which inside the
  // subquery would name the subquery's own table.
  const repairerId = sql.raw('"repairers"."id"');
  const hasAccount = sql<boolean>`EXISTS (SELECT 1 FROM ${users} u WHERE u.repairer_id = ${repairerId})`;
  const invitationPending = sql<boolean>`EXISTS (SELECT 1 FROM ${repairerInvitations} i WHERE i.repairer_id = ${repairerId} AND i.used_at IS NULL AND i.expires_at > now())`;
  const term = filters.search?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    onlyId === undefined ? undefined : eq(repairers.id, onlyId),
    term
      ? or(
          sql`lower(${repairers.businessName}) LIKE ${`%${term}%`}`,
          sql`lower(${repairers.city}) LIKE ${`${term}%`}`,
          sql`replace(lower(${repairers.postcode}), ' ', '') LIKE ${`${term.replace(/\s+/g, '')}%`}`,
        )
      : undefined,
    filters.verified === undefined ? undefined : eq(repairers.isVerified, filters.verified),
    filters.hasEmail === undefined ? undefined : filters.hasEmail ? isNotNull(repairers.email) : isNull(repairers.email),
    filters.hasAccount === undefined ? undefined : filters.hasAccount ? hasAccount : not(hasAccount),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ repairer: repairers, hasAccount, invitationPending })
      .from(repairers)
      .where(where)
      .orderBy(asc(repairers.businessName), asc(repairers.id))
      .limit(NETWORK_PAGE_SIZE)
      .offset((page - 1) * NETWORK_PAGE_SIZE),
    db.select({ value: count() }).from(repairers).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...toRepairerView(row.repairer), hasAccount: Boolean(row.hasAccount), invitationPending: Boolean(row.invitationPending) })), total: Number(total?.value ?? 0) };
}
