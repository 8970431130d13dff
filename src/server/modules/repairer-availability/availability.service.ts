// A technician's availability (issue 35, item 1): the repairer reads and replaces their own, the
// team anyone's (a technician phones in sick), each save whole and in one transaction with the
// technician's row locked, so two saves take turns and a refused body writes nothing. The team's
// changes go in the audit log with the change in words; a repairer's own do not (it is theirs).
import {
  AvailabilityBodySchema,
  availabilityMessages,
  type AdminAvailabilitySaved,
  type AdminAvailabilityView,
  type AvailabilityBody,
  type AvailabilitySaved,
  type AvailabilityView,
  type TakenBackBooking,
} from '../../../shared/api/repairer-availability';
import { londonDateOf } from '../../../shared/london-time';
import type { Db } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../kernel/errors';
import type { SessionUser } from '../auth';
import { actorOf, recordAudit, type Actor } from '../privacy';
import { availabilityChanges } from './availability-change';
import { findAvailability, replaceAvailability, type StoredAvailability } from './availability.repo';
import { decodeWeeklyPattern, encodeWeeklyPattern } from './weekly-halves';

function viewOf(stored: StoredAvailability): AvailabilityView {
  return { weekly: decodeWeeklyPattern(stored.weeklyHalves), jobsPerSlot: stored.jobsPerSlot, timeOff: stored.timeOff };
}

function adminViewOf(stored: StoredAvailability): AdminAvailabilityView {
  const { id, businessName, city, postcode, isVerified } = stored;
  return { ...viewOf(stored), repairer: { id, businessName, city, postcode, isVerified } };
}

/**
 * The body, or a 400 whose message is the first mistake's sentence and whose fieldErrors name
 * every mistake by its path ('timeOff.1', 'weekly.monday.morning', 'jobsPerSlot'). Parsed after
 * the caller's access is known, so a stranger learns nothing of the rules.
 */
export function parseAvailabilityBody(body: unknown): AvailabilityBody {
  const parsed = AvailabilityBodySchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
  throw badRequest(parsed.error.issues[0]!.message, fieldErrors);
}

function ownRepairerId(user: SessionUser): number {
  if (user.role !== 'repairer' || user.repairerId === null) throw forbidden('Only repairers keep an availability.');
  return user.repairerId;
}

async function found(db: Db, repairerId: number, today: string, options?: { lock: boolean }): Promise<StoredAvailability> {
  const stored = await findAvailability(db, repairerId, today, options);
  if (!stored) throw notFound(availabilityMessages.notFound);
  return stored;
}

/** Saves `body` for the repairer in one transaction; answers what was kept before and after. */
async function save(db: Db, repairerId: number, body: AvailabilityBody, now: Date, audit?: Actor): Promise<{ before: StoredAvailability; after: StoredAvailability }> {
  const today = londonDateOf(now);
  return db.transaction(async (tx) => {
    const before = await found(tx, repairerId, today, { lock: true });
    await replaceAvailability(tx, repairerId, today, { weeklyHalves: encodeWeeklyPattern(body.weekly), jobsPerSlot: body.jobsPerSlot, timeOff: body.timeOff });
    const after = await found(tx, repairerId, today);
    const changes = availabilityChanges(viewOf(before), viewOf(after));
    if (audit && changes.length > 0) {
      await recordAudit(tx, audit, 'availability_changed', { kind: 'repairer', id: repairerId }, { reference: after.businessName, changes });
    }
    return { before, after };
  });
}

/**
 * Takes back the jobs a saved availability leaves the technician without (the booking module's,
 * given by app.ts so this module never imports booking: docs/decisions/0029). Called after the
 * save has committed; answers the bookings taken back.
 */
export type TakeBackJobsOutsideAvailability = (repairerId: number, by: SessionUser, now: Date) => Promise<TakenBackBooking[]>;

/** GET /api/repairer/availability. */
export async function ownAvailability(db: Db, user: SessionUser, now: Date): Promise<AvailabilityView> {
  return viewOf(await found(db, ownRepairerId(user), londonDateOf(now)));
}

/** PUT /api/repairer/availability. */
export async function saveOwnAvailability(db: Db, user: SessionUser, body: unknown, now: Date, takeBack: TakeBackJobsOutsideAvailability): Promise<AvailabilitySaved> {
  const repairerId = ownRepairerId(user);
  const { after } = await save(db, repairerId, parseAvailabilityBody(body), now);
  return { ...viewOf(after), takenBack: await takeBack(repairerId, user, now) };
}

/** GET /api/admin/repairers/{id}/availability. */
export async function teamAvailability(db: Db, repairerId: number, now: Date): Promise<AdminAvailabilityView> {
  return adminViewOf(await found(db, repairerId, londonDateOf(now)));
}

/** PUT /api/admin/repairers/{id}/availability: 404 for no such repairer, before the body is read. */
export async function saveTeamAvailability(db: Db, repairerId: number, body: unknown, admin: SessionUser, now: Date, takeBack: TakeBackJobsOutsideAvailability): Promise<AdminAvailabilitySaved> {
  await found(db, repairerId, londonDateOf(now));
  const { after } = await save(db, repairerId, parseAvailabilityBody(body), now, actorOf(admin));
  return { ...adminViewOf(after), takenBack: await takeBack(repairerId, admin, now) };
}
