// The AI Email Collection tab (SPEC sections 3, 5, 7; D18): GET /api/admin/email-collection-status,
// POST /api/admin/collect-emails and GET /api/admin/email-collection-results (admins).
import { z } from 'zod';

/** SPEC section 5: collection batch size. */
export const COLLECTION_BATCH = { min: 1, max: 100, default: 50 } as const;

/** The batch size input's value: a whole number from 1 to 100; anything unparseable is 50 (SPEC 5), out of range is clamped. */
export function parseBatchSize(input: string): number {
  if (!/^\s*\d{1,9}\s*$/.test(input)) return COLLECTION_BATCH.default;
  const value = Number(input.trim());
  return Math.min(COLLECTION_BATCH.max, Math.max(COLLECTION_BATCH.min, value));
}

export const EmailCollectionStatusSchema = z.object({
  /** withEmails as a percentage of totalRepairers, to one decimal place (0 when there are none). */
  completionRate: z.number(),
  /** Repairers with an e-mail address, wherever it came from. */
  withEmails: z.number().int(),
  totalRepairers: z.number().int(),
  /** Repairers whose current address the model chose (emailSource ai_collected). */
  collectedByAI: z.number().int(),
  /** Repairers with a website and no address: what a batch would try. */
  needsCollection: z.number().int(),
  /** A language model is configured (LLM_*); without one plain rules choose the address (D18). */
  model: z.boolean(),
});
export type EmailCollectionStatus = z.infer<typeof EmailCollectionStatusSchema>;

export const collectEmailsMessages = {
  limitOrAll: 'Give either a batch size (limit) or collectAll, not both.',
  nothingToCollect: 'No repairer with a website is waiting for an e-mail address.',
} as const;

export const CollectEmailsBodySchema = z
  .object({
    limit: z
      .number({ error: `The batch size must be a whole number from ${COLLECTION_BATCH.min} to ${COLLECTION_BATCH.max}.` })
      .int({ error: `The batch size must be a whole number from ${COLLECTION_BATCH.min} to ${COLLECTION_BATCH.max}.` })
      .min(COLLECTION_BATCH.min, { error: `The batch size must be a whole number from ${COLLECTION_BATCH.min} to ${COLLECTION_BATCH.max}.` })
      .max(COLLECTION_BATCH.max, { error: `The batch size must be a whole number from ${COLLECTION_BATCH.min} to ${COLLECTION_BATCH.max}.` })
      .optional(),
    /** Also try again those whose address was collected from their website before. */
    force: z.boolean().optional(),
    /** Every repairer waiting for an address, however many (SPEC: may take 15-30 minutes). */
    collectAll: z.boolean().optional(),
  })
  .strict()
  .refine((body) => !(body.collectAll && body.limit !== undefined), { error: collectEmailsMessages.limitOrAll, path: ['collectAll'] });
export type CollectEmailsBody = z.infer<typeof CollectEmailsBodySchema>;

/**
 * SPEC's collection result. The collection runs in the background: the answer says whether it
 * started (success, error), with processed, collected and successRate at 0 and the run's id and
 * size; the figures then grow in the run (GET /api/admin/job-runs/email_collection).
 */
export const CollectionResultSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  collected: z.number().int(),
  processed: z.number().int(),
  /** Repairers with an e-mail address now. */
  totalEmails: z.number().int(),
  stats: z.object({ successRate: z.number() }),
  /** The background run started, or null when none was. */
  runId: z.number().int().nullable(),
  /** Repairers the run will try. */
  queued: z.number().int(),
});
export type CollectionResult = z.infer<typeof CollectionResultSchema>;

export const EmailCollectionResultsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'The limit must be a whole number from 1 to 50.' }).int({ error: 'The limit must be a whole number from 1 to 50.' }).min(1, { error: 'The limit must be a whole number from 1 to 50.' }).max(50, { error: 'The limit must be a whole number from 1 to 50.' }).default(5),
});

export const EmailCollectionResultSchema = z.object({
  id: z.number().int(),
  repairerId: z.number().int(),
  businessName: z.string(),
  website: z.string().nullable(),
  success: z.boolean(),
  email: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** The repairer's emailSource now (ai_collected or website after a success). */
  emailSource: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailCollectionResult = z.infer<typeof EmailCollectionResultSchema>;

export const EmailCollectionResultsSchema = z.object({ results: z.array(EmailCollectionResultSchema) });
