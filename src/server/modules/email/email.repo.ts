import { and, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outboxEmails, unsubscribes } from '../../db/schema';
import { transition } from '../../db/transition';

export type OutboxEmail = typeof outboxEmails.$inferSelect;
/** `assessmentId`: set by every e-mail to a customer, naming the enquiry it is about. */
export type NewOutboxEmail = Pick<typeof outboxEmails.$inferInsert, 'kind' | 'channel' | 'toAddress' | 'assessmentId' | 'subject' | 'textBody' | 'htmlBody' | 'headers' | 'attachments' | 'sendAfter'>;
/** An e-mail to a customer: always about one enquiry, which their data export and erasure go by. */
export type CustomerEmail = NewOutboxEmail & { assessmentId: number };

export async function insertEmail(db: Db, email: NewOutboxEmail): Promise<OutboxEmail> {
  const [row] = await db.insert(outboxEmails).values(email).returning();
  return row!;
}

/** Many at once (a bulk introduction), in chunks that stay well under PostgreSQL's parameter limit. */
export async function insertEmails(db: Db, emails: NewOutboxEmail[]): Promise<OutboxEmail[]> {
  const rows: OutboxEmail[] = [];
  for (let i = 0; i < emails.length; i += 500) rows.push(...(await db.insert(outboxEmails).values(emails.slice(i, i + 500)).returning()));
  return rows;
}

export async function latestEmails(db: Db, limit: number): Promise<OutboxEmail[]> {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
}

export async function findEmail(db: Db, id: number): Promise<OutboxEmail | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

/** Locks a pending e-mail's row for this transaction; false when another holds it or it is no longer pending. */
export async function lockPendingEmail(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

const outcomes = { sent: 'send', logged: 'log', failed: 'fail' } as const;

/** Records how a pending e-mail ended, through its lifecycle (only a pending e-mail can end). */
export async function markEmail(db: Db, id: number, status: keyof typeof outcomes, lastError?: string): Promise<void> {
  await transition(db, 'outboxEmail', outcomes[status], id, { set: { lastError: lastError ?? null, sentAt: status === 'failed' ? null : new Date() } });
}

export async function recordAttempt(db: Db, id: number, error: string): Promise<number> {
  const [row] = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, lastError: error })
    .where(eq(outboxEmails.id, id))
    .returning({ attempts: outboxEmails.attempts });
  return row?.attempts ?? 0;
}

/**
 * Pending e-mails whose job may have been lost (a crash between commit and enqueue). An e-mail
 * scheduled for later (send_after) is stale only once it has been due for a while, so spreading
 * introductions out (issue 13) is not undone by the sweeper.
 */
export async function findStalePending(db: Db, olderThan: Date): Promise<OutboxEmail[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), lt(sql`coalesce(${outboxEmails.sendAfter}, ${outboxEmails.createdAt})`, olderThan)))
    .limit(100);
}

/** The recipient refused for good (an SMTP 5xx for the address or the message): counted as bounced. */
export async function markBounced(db: Db, id: number, at: Date): Promise<void> {
  await db.update(outboxEmails).set({ bouncedAt: at }).where(eq(outboxEmails.id, id));
}

/** When the latest e-mail of `kind` still waiting is due (null: none waits). */
export async function latestPendingSendAfter(db: Db, kind: string) {
  const [latest] = await db
    .select({ at: max(outboxEmails.sendAfter) })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, kind), eq(outboxEmails.status, 'pending')));
  return latest?.at ?? null;
}

/** Keeps the address as unsubscribed (D19): nothing is written to it again. Twice is fine. */
export async function addUnsubscribedAddress(db: Db, email: string): Promise<void> {
  await db.insert(unsubscribes).values({ email: email.trim().toLowerCase() }).onConflictDoNothing();
}

export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select().from(unsubscribes).where(eq(unsubscribes.email, email.trim().toLowerCase()));
  return row !== undefined;
}
