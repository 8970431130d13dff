// Growing the network (issue 13 item 2, D19): introduction e-mails to repairers, the admin's bulk
// actions on the Repairer Network tab, unsubscribing, and the outreach e-mail figures.
import { z } from 'zod';
import { recordId } from './ids';

export const outreachMessages = {
  notFound: 'We could not find that repairer.',
  noEmail: 'This repairer has no e-mail address to write to. Add one first.',
  badEmail: 'This repairer’s e-mail address does not look valid, so no introduction was sent.',
  hasAccount: 'This repairer already has an account, so they need no introduction.',
  unsubscribed: 'This repairer has unsubscribed from our e-mails: we do not write to them again.',
  alreadyIntroduced: (when: string) => `This repairer was already sent an introduction on ${when}.`,
  badLink: 'This unsubscribe link is not valid. Please use the link in the e-mail you received, or contact us.',
  ids: 'Please choose from 1 to 200 repairers',
  action: 'Please choose verify, unverify or send-intro',
} as const;

/** Where a repairer's e-mail address came from (repairers.email_source; D18). */
export const emailSources = ['manual', 'website', 'ai_collected', 'places', 'signup'] as const;
export type EmailSource = (typeof emailSources)[number];
export const emailSourceLabels: Record<EmailSource, string> = {
  manual: 'Entered by our team',
  website: 'Their website (rules)',
  ai_collected: 'Their website (AI)',
  places: 'Google Places',
  signup: 'Their own sign-up',
};

/** POST /api/repairers/{id}/send-intro: the introduction is queued for this address. */
export const IntroQueuedSchema = z.object({
  email: z.string(),
  /** When it leaves the outbox at the latest steady rate (ISO); now when nothing is waiting. */
  sendAfter: z.string(),
});
export type IntroQueued = z.infer<typeof IntroQueuedSchema>;

/** SPEC section 3's Bulk intro result, plus how many were skipped as already introduced or unsubscribed. */
export const BulkIntroResultSchema = z.object({
  successCount: z.number().int(),
  failureCount: z.number().int(),
  /** With an address and no account, but already introduced or unsubscribed: not written to. */
  skippedCount: z.number().int(),
});
export type BulkIntroResult = z.infer<typeof BulkIntroResultSchema>;

export const bulkActions = ['verify', 'unverify', 'send-intro'] as const;
export type BulkAction = (typeof bulkActions)[number];
export const BULK_MAX_IDS = 200;

/** POST /api/admin/repairers/bulk: one action on the rows an admin selected. */
export const BulkActionBodySchema = z.object({
  action: z.enum(bulkActions, { error: outreachMessages.action }),
  ids: z
    .array(recordId(outreachMessages.ids), { error: outreachMessages.ids })
    .min(1, outreachMessages.ids)
    .max(BULK_MAX_IDS, outreachMessages.ids),
});
export type BulkActionBody = z.infer<typeof BulkActionBodySchema>;

/** successCount: rows changed (or introductions queued); failureCount: the rest of those chosen. */
export const BulkActionResultSchema = z.object({
  action: z.enum(bulkActions),
  successCount: z.number().int(),
  failureCount: z.number().int(),
});
export type BulkActionResult = z.infer<typeof BulkActionResultSchema>;

/** GET /api/admin/email-stats: introduction e-mails by outcome, and the repairers who unsubscribed. */
export const EmailStatsSchema = z.object({
  /** Handed to the mail server. */
  sent: z.number().int(),
  /** Waiting in the outbox (spread out at the steady rate, or being retried). */
  queued: z.number().int(),
  /** Kept in the outbox because no mail server is configured. */
  kept: z.number().int(),
  /** Given up on: refused, retried too often, or withheld because the address unsubscribed. */
  failed: z.number().int(),
  /** Of the failed: refused for good by the mail server (an SMTP 5xx). */
  bounced: z.number().int(),
  /** Repairers who have unsubscribed. */
  unsubscribed: z.number().int(),
  /** A mail server is configured (SMTP_URL); without one every e-mail is kept in the outbox, unsent. */
  mailServer: z.boolean(),
});
export type EmailStats = z.infer<typeof EmailStatsSchema>;

export const UnsubscribeParamsSchema = z.object({ token: z.string().min(10).max(200) });
/** GET and POST /api/unsubscribe/{token} (public: the signed token is the key). */
export const UnsubscribeViewSchema = z.object({
  businessName: z.string(),
  email: z.string().nullable(),
  unsubscribed: z.boolean(),
  /** It has a repairer account: we still write about the jobs it has accepted. */
  hasAccount: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof UnsubscribeViewSchema>;
