// The audit log (issue 14): one line per accountable change, written with the change in the same
// transaction (a change that rolls back leaves no line), read by admins newest first.
import { count, desc } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '../../../shared/api/privacy';
import type { AuditAction, AuditActorRole } from '../../../shared/audit';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../auth/auth.service';

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
  entity: { kind: 'quote' | 'payment' | 'payout' | 'repairer' | 'assessment'; id: number },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ actorRole: actor.role, actorUserId: actor.userId, actorEmail: actor.email, action, entity: entity.kind, entityId: entity.id, detail });
}

export async function auditPage(db: Db, page: number, pageSize: number): Promise<AuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorRole: row.actorRole,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    detail: row.detail,
  }));
  return { items, total: total?.n ?? 0, page, pageSize };
}
