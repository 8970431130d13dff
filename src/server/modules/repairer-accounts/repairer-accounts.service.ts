// Repairer accounts (issue 12 item 7, D11): invitations to create a sign-in, verification and the
// admin's list of the network. Invitation tokens are stored only as SHA-256 (as sessions and
// grants are); using one is a guarded UPDATE, so two racing requests make one account.
import { repairerAccountMessages, type InvitationView, type NetworkRepairer, type NewRepairerBody } from '../../../shared/api/repairer-accounts';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Geocoder } from '../geo';
import { placedProfileColumns } from './profile-columns';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import { insertSession, insertUserUnlessTaken, repairerHasAccount, toSessionUser, type SessionUser } from '../auth';
import type { PasswordHasher } from '../../kernel/ports';
import { recordAudit, type Actor } from '../privacy';
import { hashToken, newToken } from '../../kernel/tokens';
import {
  findBusinessByNameAndPostcode,
  findBusinessWithEmail,
  findRepairer,
  insertRepairer,
  lockRepairer,
  lockRepairerAddress,
  markAddressGivenAtSignUp,
  missingChecks,
  networkFigureOf,
  networkPage,
  oneAddAtATime,
  setVerified,
  unsubscribeLinks,
  type RepairerRow,
} from '../repairers';
import { findLiveInvitation, spendInvitationsOf } from './invitations.repo';
import { issueInvitation } from './invitations';
import { isUnsubscribed, withOutbox, type OutboxDeps } from '../email';
import { outreachMessages } from '../../../shared/api/outreach';
import type { Database } from '../../db/database';
import { invitationEmail } from './repairer-accounts-emails';
import { vettingCheckLabels, vettingMessages } from '../../../shared/technician-rules';

/** 409 naming the vetting checks still to record (D6), if any. */
function refuseUnvetted(row: RepairerRow): void {
  const missing = missingChecks(row);
  if (missing.length > 0) throw conflict(vettingMessages.notVetted(missing.map((check) => vettingCheckLabels[check].toLowerCase())));
}


/**
 * An admin invites a repairer: earlier unused links stop working; the new one is e-mailed, with the
 * unsubscribe links signed by `secret` (the app secret, as an introduction's).
 */
export async function inviteRepairer(deps: OutboxDeps, config: AppConfig, secret: string, repairerId: number, now: Date): Promise<{ email: string; expiresAt: Date }> {
  // The invitation commits with its link and is sent once it has (email's withOutbox).
  return withOutbox(deps, async (outbox) => {
    const { tx } = outbox;
    const repairer = await findRepairer(tx, repairerId);
    if (!repairer) throw notFound(repairerAccountMessages.notFound);
    if (!repairer.email) throw badRequest(repairerAccountMessages.noEmail);
    if (await repairerHasAccount(tx, repairerId)) throw conflict(repairerAccountMessages.hasAccount);
    // D19: nobody who unsubscribed is written to again, an invitation included.
    if (repairer.unsubscribedAt || (await isUnsubscribed(tx, repairer.email))) throw conflict(outreachMessages.unsubscribed);
    // D6: nobody is invited to take jobs before every vetting check is recorded (issue 35 item 5).
    refuseUnvetted(repairer);
    const { link, expiresAt } = await issueInvitation(tx, config, repairerId, repairer.email, now);
    const unsubscribe = unsubscribeLinks(config.publicUrl, secret, repairerId);
    await outbox.queue(invitationEmail({ to: repairer.email, name: repairer.contactName ?? repairer.businessName, businessName: repairer.businessName, link, expiresAt, unsubscribe, company: config.company }));
    return { email: repairer.email, expiresAt };
  });
}


/**
 * An unused, unexpired link, still sent to the repairer's present address: one sent to an address
 * since corrected (a collected guess, say) stops working at once, not 7 days later (an attack
 * review: whoever read the old address could still make the business's account).
 */
async function liveInvitation(db: Db, token: string, now: Date) {
  return findLiveInvitation(db, hashToken(token), now);
}

/** What the join page shows; one sentence for unknown, used and expired links alike. */
export async function readInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const found = await liveInvitation(db, token, now);
  if (!found) throw notFound(repairerAccountMessages.badLink);
  return { businessName: found.businessName, email: found.invitation.email };
}

/** The repairer sets a password: the account is made and signed in; the link, and every other unused one of theirs, is spent in the same transaction. */
export async function acceptInvitation(
  db: Db,
  passwords: PasswordHasher,
  input: { token: string; password: string; ttlHours: number; userAgent?: string | undefined },
  now: Date,
): Promise<{ sessionToken: string; user: SessionUser }> {
  const found = await liveInvitation(db, input.token, now);
  if (!found) throw notFound(repairerAccountMessages.badLink);
  const passwordHash = await passwords.hash(input.password); // outside the transaction: it takes a while
  return db.transaction(async (tx) => {
    // All the repairer's unused links are spent in one statement (one lock order, so two links
    // used at once cannot deadlock); this link must be one of them and still within its date.
    const spent = await spendInvitationsOf(tx, found.invitation.repairerId, now);
    if (!spent.some((link) => link.id === found.invitation.id && link.expiresAt > now)) throw notFound(repairerAccountMessages.badLink);
    // The address, locked, is still the one the link went to; from now on it is theirs (a person gave
    // it by signing up with it), so no collection run replaces it.
    const business = await lockRepairerAddress(tx, found.invitation.repairerId);
    if (business?.email?.toLowerCase() !== found.invitation.email.toLowerCase()) throw notFound(repairerAccountMessages.badLink);
    await markAddressGivenAtSignUp(tx, found.invitation.repairerId, now);
    if (await repairerHasAccount(tx, found.invitation.repairerId)) throw conflict(repairerAccountMessages.hasAccount);
    const user = await insertUserUnlessTaken(tx, { email: found.invitation.email, name: found.contactName ?? found.businessName, role: 'repairer', repairerId: found.invitation.repairerId, passwordHash });
    if (!user) throw conflict(repairerAccountMessages.emailTaken);
    const sessionToken = newToken();
    await insertSession(tx, { idHash: hashToken(sessionToken), userId: user.id, expiresAt: new Date(now.getTime() + input.ttlHours * 3_600_000), userAgent: input.userAgent?.slice(0, 300) ?? null });
    return { sessionToken, user: toSessionUser(user) };
  });
}

/** Verified or Pending Verification (SPEC section 4): only verified repairers are offered jobs. */
/** Verifies or unverifies a repairer, with its line in the audit log when it changed. */
/**
 * The team adds a business to the network by hand: placed on the map by its postcode, Pending
 * Verification, no account. A business already held (the same name in the same postcode, or the
 * same e-mail address) is a 409 naming it, as an import never makes a duplicate (D17).
 */
export async function addRepairer(database: Database, geocoder: Geocoder, body: NewRepairerBody, actor: Actor): Promise<NetworkRepairer> {
  const columns = await placedProfileColumns(geocoder, body);
  const email = body.email?.toLowerCase() ?? null;
  const id = await database.db.transaction(async (tx) => {
    // One add at a time per business and per address: two admins adding the same one at once make
    // one row (an attack review found the same e-mail added twice at once).
    await oneAddAtATime(tx, body, email);
    const same = await findBusinessByNameAndPostcode(tx, body);
    if (same) throw conflict(repairerAccountMessages.alreadyHeld(same.businessName, same.postcode));
    if (email) {
      const held = await findBusinessWithEmail(tx, email);
      if (held) throw conflict(repairerAccountMessages.emailHeld(held.businessName));
    }
    const added = await insertRepairer(tx, { ...columns, email, emailSource: email ? 'manual' : null, isVerified: false });
    await recordAudit(tx, actor, 'repairer_added', { kind: 'repairer', id: added }, { businessName: body.businessName, postcode: body.postcode });
    return added;
  });
  return (await networkPage(database, 1, id)).rows[0]!;
}

/** Withdraws a repairer's open job offers (the booking module's, handed in by buildApp: the booking builds on this module). */
export type WithdrawOpenOffersOfRepairer = (db: Db, repairerId: number) => Promise<unknown>;

export async function setVerification(
  database: Database,
  repairerId: number,
  isVerified: boolean,
  actor: Actor,
  withdrawOpenOffersOfRepairer: WithdrawOpenOffersOfRepairer,
): Promise<NetworkRepairer> {
  const changed = await database.db.transaction(async (tx) => {
    if (isVerified) {
      // Under the row's lock, so the checks cannot be undone (a lapsed insurance) between the look and the flip.
      const row = await lockRepairer(tx, repairerId);
      if (!row) throw notFound(repairerAccountMessages.notFound);
      if (!row.isVerified) refuseUnvetted(row);
    }
    const flipped = await setVerified(tx, repairerId, isVerified);
    if (flipped === undefined) throw notFound(repairerAccountMessages.notFound);
    if (!flipped) return false;
    await recordAudit(tx, actor, isVerified ? 'repairer_verified' : 'repairer_unverified', { kind: 'repairer', id: repairerId });
    return true;
  });
  // D16 offers jobs to verified repairers: unverified, their open offers are withdrawn (an
  // operator's review: the dashboard kept counting them as waiting, and their Accept failed). After
  // the commit, holding no lock on the repairer: an accept locks quote, offer, then repairer, and
  // withdrawing inside the transaction above (repairer, then offers) deadlocked with it (an attack
  // review, on the server). Once committed, an accept is refused on verification anyway; a job
  // they have already accepted stays theirs until the team takes it back.
  if (changed && !isVerified) await withdrawOpenOffersOfRepairer(database.db, repairerId);
  networkFigureOf(database).invalidate();
  return (await networkPage(database, 1, repairerId)).rows[0]!;
}

