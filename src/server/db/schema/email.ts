import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assessments } from './assessments';
import { createdAt, oneOf } from './columns';
import { outboxEmailLifecycle } from '../../../shared/lifecycles/outbox-email';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for a binary file (a VAT invoice's PDF); absent: the content is the text itself. */
  encoding?: 'base64';
}

// Every e-mail goes through here first (ARCHITECTURE: outbox, sent with retries).
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    // Issue 38: an e-mail, or a text message (to_address a mobile in E.164, text_body the message,
    // subject empty), sent by the same jobs with the same guarantees (docs/decisions/0037).
    channel: text('channel', { enum: ['email', 'sms'] }).notNull().default('email'),
    toAddress: text('to_address').notNull(),
    // The enquiry a customer's e-mail is about: what their data export shows and their erasure
    // scrubs. Never the address alone: an enquiry's address is not verified, so anyone can submit
    // one under another person's address (docs/decisions/0019). Null for every other e-mail.
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    // Small attachments (a booking's .ics as text; a VAT invoice's PDF as base64), sent with their content type.
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    // The outbox e-mail lifecycle (src/shared/lifecycles/outbox-email.ts).
    status: text('status', { enum: outboxEmailLifecycle.statuses }).notNull().default(outboxEmailLifecycle.initial),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // The SMTP server refused the recipient for good (a 5xx answer): counted as bounced (issue 13).
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    createdAt: createdAt(),
    // Not to be sent before this (issue 13: introductions go out at a steady rate); null: at once.
    sendAfter: timestamp('send_after', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_emails_status_idx').on(t.status),
    index('outbox_emails_assessment_idx').on(t.assessmentId),
    oneOf('outbox_emails_status_check', t.status, outboxEmailLifecycle.statuses),
    oneOf('outbox_emails_channel_check', t.channel, ['email', 'sms']),
  ],
);

export const unsubscribes = pgTable('unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
