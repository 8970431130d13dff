import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_ACTOR_ROLES } from '../../../shared/audit';
import { users } from './auth';
import { oneOf } from './columns';

// Who approved, changed or deleted a quote, refunded, verified a repairer, or downloaded or
// erased a customer's data (issue 14), written in the same transaction as the change. It names
// the record by id and reference, never by a customer's personal details, so an erasure leaves
// it whole. The actor's e-mail is copied so that the line survives the account.
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorRole: text('actor_role', { enum: AUDIT_ACTOR_ROLES }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    oneOf('audit_log_actor_role_check', t.actorRole, AUDIT_ACTOR_ROLES),
    oneOf('audit_log_action_check', t.action, AUDIT_ACTIONS),
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
