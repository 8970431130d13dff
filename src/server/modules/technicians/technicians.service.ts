// Issue 35 item 5: a technician applies (a Pending Verification repairer without an account), and
// the team works through the vetting checklist (D6: insurance seen and in date, identity checked,
// skills assessed), each check in the audit log with who and when. Verifying and inviting refuse a
// repairer with a check missing (repairer-accounts.service.ts, outreach.service.ts).
import { londonDateOf } from '../../../shared/london-time';
import type { TechnicianApplicationBody, VettingCheckBody, VettingView, ApplicationReceived } from '../../../shared/api/technician-applications';
import { applicationMessages, vettingMessages } from '../../../shared/technician-rules';
import { repairerAccountMessages, technicianPhotoUrl } from '../../../shared/api/repairer-accounts';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../kernel/errors';
import type { Geocoder } from '../geo';
import { recordAudit, type Actor } from '../privacy';
import { withOutbox } from '../email';
import type { Enqueue } from '../../kernel/jobs';
import { findRepairerPhoto, placedProfileColumns } from '../repairer-accounts';
import { findBusinessByNameAndPostcode, findBusinessWithEmail, findRepairer, insertRepairer, lockRepairer, missingChecks, oneAddAtATime, recordCheck, type CheckRecord, type RepairerRow } from '../repairers';
import { applicationReceivedEmail, applicationTeamEmail } from './technicians-emails';

export interface TechniciansContext {
  database: Database;
  geocoder: Geocoder;
  config: AppConfig;
  /** Where the e-mails' sending jobs go once their transaction commits (email's withOutbox). */
  jobs?: Enqueue;
}

/**
 * POST /api/technician-applications. The honeypot filled: the same answer, nothing written. A
 * business or address already held: 409 with a sentence. Otherwise the application joins the
 * network Pending Verification, the team is e-mailed and the applicant hears it arrived.
 */
export async function applyToJoin(ctx: TechniciansContext, body: TechnicianApplicationBody, now: Date): Promise<ApplicationReceived> {
  const received = { businessName: body.businessName, email: body.email, message: applicationMessages.received };
  if (body.fax !== undefined && body.fax.trim() !== '') return received;
  if (body.insuranceExpiryDate < londonDateOf(now)) throw badRequest(applicationMessages.expired, { insuranceExpiryDate: applicationMessages.expired });
  const columns = await placedProfileColumns(ctx.geocoder, body);
  await withOutbox({ db: ctx.database.db, jobs: ctx.jobs }, async (outbox) => {
    const { tx } = outbox;
    // The team's add takes the same locks (repairers.repo.ts): an application and an add of one business take turns.
    await oneAddAtATime(tx, body, body.email);
    if (await findBusinessWithEmail(tx, body.email)) throw conflict(applicationMessages.emailHeld);
    const same = await findBusinessByNameAndPostcode(tx, body);
    if (same) throw conflict(applicationMessages.businessHeld(same.businessName, same.postcode));
    const id = await insertRepairer(tx, {
      ...columns,
      email: body.email,
      emailSource: 'signup',
      website: body.website ?? null,
      isVerified: false,
      appliedAt: now,
      yearsExperience: body.yearsExperience,
      insurer: body.insurer,
      insurancePolicyNumber: body.policyNumber,
      insuranceExpiryDate: body.insuranceExpiryDate,
    });
    await recordAudit(tx, { role: 'system', userId: null, email: body.email }, 'repairer_applied', { kind: 'repairer', id }, { businessName: body.businessName, postcode: columns.postcode });
    const business = { businessName: body.businessName, contactName: body.contactName, email: body.email, postcode: columns.postcode };
    await outbox.queue(applicationTeamEmail(business, body.yearsExperience, ctx.config.teamEmail, ctx.config.publicUrl));
    await outbox.queue(applicationReceivedEmail(business, ctx.config.company));
  });
  return received;
}

const recorded = (at: Date | null, by: string | null, note: string | null) => (at ? { at: at.toISOString(), by: by ?? 'Unknown', note } : null);

/** `photo`: the technician's photo row (repairer-accounts' findRepairerPhoto), or undefined. */
export function toVettingView(row: RepairerRow, photo?: { token: string; thumbWidth: number; thumbHeight: number }): VettingView {
  return {
    id: row.id,
    businessName: row.businessName,
    isVerified: row.isVerified,
    appliedAt: row.appliedAt?.toISOString() ?? null,
    yearsExperience: row.yearsExperience,
    website: row.website,
    insurance: { insurer: row.insurer, policyNumber: row.insurancePolicyNumber, expiryDate: row.insuranceExpiryDate },
    checks: {
      insurance: recorded(row.insuranceCheckedAt, row.insuranceCheckedBy, null),
      identity: recorded(row.identityCheckedAt, row.identityCheckedBy, row.identityNote),
      skills: recorded(row.skillsAssessedAt, row.skillsAssessedBy, row.skillsNote),
    },
    complete: missingChecks(row).length === 0,
    photo: photo ? { url: technicianPhotoUrl(photo.token), width: photo.thumbWidth, height: photo.thumbHeight } : null,
  };
}

/** GET /api/admin/repairers/{id}/vetting. */
export async function readVetting(database: Database, id: number): Promise<VettingView> {
  const [row, photo] = await Promise.all([findRepairer(database.db, id), findRepairerPhoto(database.db, id)]);
  if (!row) throw notFound(repairerAccountMessages.notFound);
  return toVettingView(row, photo);
}

/** The check as its row records it (the schema has required each check's own fields). */
function checkRecord(body: VettingCheckBody): CheckRecord {
  if (body.check === 'insurance') return { check: 'insurance', insurer: body.insurer!, policyNumber: body.policyNumber!, expiryDate: body.expiryDate! };
  if (body.check === 'skills') return { check: 'skills', note: body.note! };
  return { check: 'identity', note: body.note };
}

/** POST /api/admin/repairers/{id}/vetting: one check, under the repairer's lock, with its audit line. */
export async function recordVettingCheck(database: Database, id: number, body: VettingCheckBody, actor: Actor, now: Date): Promise<VettingView> {
  const record = checkRecord(body);
  if (record.check === 'insurance' && record.expiryDate < londonDateOf(now)) throw badRequest(vettingMessages.insuranceExpired, { expiryDate: vettingMessages.insuranceExpired });
  const by = actor.email ?? actor.role;
  return database.db.transaction(async (tx) => {
    if (!(await lockRepairer(tx, id))) throw notFound(repairerAccountMessages.notFound);
    await recordCheck(tx, id, record, by, now);
    const detail =
      record.check === 'insurance' ? { ...record } : { check: record.check, ...(record.note ? { note: record.note } : {}) };
    await recordAudit(tx, actor, 'repairer_check_recorded', { kind: 'repairer', id }, detail);
    return toVettingView((await findRepairer(tx, id))!, await findRepairerPhoto(tx, id));
  });
}
