import { z } from 'zod';

/** GET /api/site: the explicit list of facts about the running product the browser may know. */
export const SiteInfoSchema = z.object({
  verifiedRepairerCount: z.number().int(),
  paymentsMode: z.enum(['test', 'stripe']),
  /** A DVLA key is configured, so the assessment form may offer the registration lookup. */
  vehicleLookupEnabled: z.boolean(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
