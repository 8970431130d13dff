// The outbox as admins read it, newest first, in one prepared statement returning one JSON value
// (issue 9: built by drizzle, the 50 rows' every column, bodies included, were parsed field by
// field; on PGlite p99 46 ms at 10 connections). Admins asking together share one run.
// tests/helpers/composed-reads.ts keeps the composed reference (readOutboxComposed).
import type { OutboxEmail as OutboxEmailView } from '../../../shared/api/email';
import { coalescedRead, dateOfEpochMs, epochMsSql, type CoalescedReadSpec } from '../../db/batch';
import type { Database } from '../../db/database';

const OUTBOX_SQL = `SELECT coalesce(json_agg(json_build_object('id', o.id, 'kind', o.kind, 'channel', o.channel, 'toAddress', o.to_address, 'subject', o.subject,
    'textBody', o.text_body, 'status', o.status, 'attempts', o.attempts, 'createdAtMs', ${epochMsSql('o.created_at')},
    'sendAfterMs', ${epochMsSql('o.send_after')}, 'sentAtMs', ${epochMsSql('o.sent_at')}, 'bouncedAtMs', ${epochMsSql('o.bounced_at')},
    'lastError', o.last_error) ORDER BY o.id DESC), '[]'::json) AS emails
  FROM (SELECT * FROM outbox_emails ORDER BY id DESC LIMIT $1) o`;

interface OutboxJson extends Omit<OutboxEmailView, 'createdAt' | 'sendAfter' | 'sentAt' | 'bouncedAt'> {
  createdAtMs: number;
  sendAfterMs: number | null;
  sentAtMs: number | null;
  bouncedAtMs: number | null;
}

const OUTBOX: CoalescedReadSpec<number, OutboxEmailView[]> = {
  name: 'read_outbox',
  keyOf: (limit) => String(limit),
  async read(database, limit) {
    const [row] = await database.statement<{ emails: OutboxJson[] }>('read_outbox', OUTBOX_SQL).run([limit]);
    return row!.emails.map(({ createdAtMs, sendAfterMs, sentAtMs, bouncedAtMs, ...email }) => ({
      ...email,
      createdAt: new Date(createdAtMs).toISOString(),
      sendAfter: dateOfEpochMs(sendAfterMs)?.toISOString() ?? null,
      sentAt: dateOfEpochMs(sentAtMs)?.toISOString() ?? null,
      bouncedAt: dateOfEpochMs(bouncedAtMs)?.toISOString() ?? null,
    }));
  },
};

/** GET /api/admin/emails: the latest `limit` e-mails, newest first. */
export function readOutbox(database: Database, limit: number): Promise<OutboxEmailView[]> {
  return coalescedRead(database, OUTBOX)(limit);
}
