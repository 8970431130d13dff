// GET /api/admin/emails (admins): the outbox, readable when no SMTP server is configured.
import { z } from 'zod';

export const OutboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const OutboxEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** Issue 38: an e-mail, or a text message (toAddress a mobile in E.164, subject empty). */
  channel: z.enum(['email', 'sms']),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** Not to be sent before this (introductions at a steady rate, issue 13); null: at once. */
  sendAfter: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The mail server refused it for good (an SMTP 5xx). */
  bouncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

export const OutboxListSchema = z.array(OutboxEmailSchema);
