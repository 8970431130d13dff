// The audit log (issue 14): one line per accountable change, written with the change in the same
// transaction (a change that rolls back leaves no line), read by admins newest first.
import { and, eq } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '../../../shared/api/privacy';
import type { AuditAction, AuditActorRole } from '../../../shared/audit';
import type { Database, Db } from '../../db/database';
import { coalescedRead, epochMsSql, type CoalescedReadSpec } from '../../db/batch';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../auth';

export interface Actor {
  role: AuditActorRole;
  userId: number | null;
  email: string | null;
}

export const customerActor: Actor = { role: 'customer', userId: null, email: null };
export const systemActor: Actor = { role: 'system', userId: null, email: null };

/** The signed-in staff member, or the customer (a grant holder has no account). */
export function actorOf(user: SessionUser | null): Actor {
  return user ? { role: user.role, userId: user.id, email: user.email } : customerActor;
}

export async function recordAudit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  entity: { kind: 'quote' | 'payment' | 'payout' | 'repairer' | 'assessment' | 'appointment' | 'review'; id: number },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ actorRole: actor.role, actorUserId: actor.userId, actorEmail: actor.email, action, entity: entity.kind, entityId: entity.id, detail });
}

/** Whether any audit line records `action` on the entity. */
export async function hasAuditLine(db: Db, entity: { kind: string; id: number }, action: AuditAction): Promise<boolean> {
  const [entry] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity.kind), eq(auditLog.entityId, entity.id), eq(auditLog.action, action)))
    .limit(1);
  return entry !== undefined;
}

// The admin's audit log page in one prepared statement returning one JSON value (issue 9): the
// total and the page, newest first. Admins asking for the same page together share one run.
// tests/helpers/composed-reads.ts keeps the composed reference (auditPageComposed).
const AUDIT_PAGE_SQL = `SELECT (SELECT count(*) FROM audit_log)::int AS total,
  (SELECT coalesce(json_agg(json_build_object('id', a.id, 'atMs', ${epochMsSql('a.at')}, 'actorRole', a.actor_role, 'actorEmail', a.actor_email,
      'action', a.action, 'entity', a.entity, 'entityId', a.entity_id, 'detail', a.detail) ORDER BY a.at DESC, a.id DESC), '[]'::json)
   FROM (SELECT * FROM audit_log ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2) a) AS items`;

const AUDIT_PAGE: CoalescedReadSpec<{ page: number; pageSize: number }, AuditPage> = {
  name: 'read_audit_page',
  keyOf: ({ page, pageSize }) => `${page}/${pageSize}`,
  async read(database, { page, pageSize }) {
    const [row] = await database
      .statement<{ total: number; items: (Omit<AuditEntry, 'at'> & { atMs: number })[] }>('read_audit_page', AUDIT_PAGE_SQL)
      .run([pageSize, (page - 1) * pageSize]);
    const items: AuditEntry[] = row!.items.map(({ atMs, ...entry }) => ({ ...entry, at: new Date(atMs).toISOString() }));
    return { items, total: row!.total, page, pageSize };
  },
};

/** GET /api/admin/audit-log: a page of the audit log, newest first, with the total. */
export function auditPage(database: Database, page: number, pageSize: number): Promise<AuditPage> {
  return coalescedRead(database, AUDIT_PAGE)({ page, pageSize });
}
