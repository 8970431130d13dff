// Repairer dispatch: a job offered to one repairer (D16).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobNotificationLifecycle } from '../../../shared/lifecycles/job-notification';
import { oneOf } from './columns';
import { quotes } from './quotes';
import { repairers } from './repairers';

export const jobNotifications = pgTable(
  'job_notifications',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    repairerId: integer('repairer_id')
      .notNull()
      .references(() => repairers.id, { onDelete: 'cascade' }),
    // The job notification lifecycle (src/shared/lifecycles/job-notification.ts, D16).
    status: text('status', { enum: jobNotificationLifecycle.statuses }).notNull().default(jobNotificationLifecycle.initial),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    // One open offer per repairer and job; an expired or declined one may be sent again.
    uniqueIndex('job_notifications_quote_repairer_open_key')
      .on(t.quoteId, t.repairerId)
      .where(sql`${t.status} IN ('sent', 'viewed')`),
    // First to accept wins (D16): the database holds at most one accepted offer per job.
    uniqueIndex('job_notifications_quote_accepted_key')
      .on(t.quoteId)
      .where(sql`${t.status} = 'accepted'`),
    // The expiry sweep: open offers by expiry.
    index('job_notifications_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('sent', 'viewed')`),
    index('job_notifications_repairer_idx').on(t.repairerId, t.status),
    oneOf('job_notifications_status_check', t.status, jobNotificationLifecycle.statuses),
  ],
);
