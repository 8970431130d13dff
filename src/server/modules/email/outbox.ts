// The outbox as admins read it, newest first.
import type { OutboxEmail as OutboxEmailView } from '../../../shared/api/email';
import type { Db } from '../../db/database';
import { latestEmails } from './email.repo';

export async function readOutbox(db: Db, limit: number): Promise<OutboxEmailView[]> {
  const rows = await latestEmails(db, limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: row.textBody,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sendAfter: row.sendAfter?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
    lastError: row.lastError,
  }));
}
