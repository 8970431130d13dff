// Issue 35 item 3: coverage (GET /api/assessments/{id}'s `coverage`), "Tell me when you do"
// (POST /api/assessments/{id}/coverage-request) and the team's demand without supply
// (GET /api/admin/demand).
import { z } from 'zod';

/** Whether any verified technician covers the enquiry's postcode for its damage: a boolean only, never who. */
export const CoverageSchema = z.object({ covered: z.boolean() });
export type Coverage = z.infer<typeof CoverageSchema>;

/** The answer to "Tell me when you do": recorded now (201), or already recorded (200). */
export const CoverageRequestResultSchema = z.object({
  alreadyRecorded: z.boolean(),
  message: z.string(),
});
export type CoverageRequestResult = z.infer<typeof CoverageRequestResultSchema>;

/** One row of demand without supply: uncovered enquiries in a postcode district for one service. */
export const DemandRowSchema = z.object({
  district: z.string(),
  damageType: z.string(),
  service: z.string(),
  enquiries: z.number().int(),
  /** How many of them asked to be told when a technician covers them (and are still waiting). */
  waiting: z.number().int(),
  /** The newest of them, ISO 8601. */
  latestAt: z.string(),
});
export const DemandViewSchema = z.object({ rows: z.array(DemandRowSchema) });
export type DemandRow = z.infer<typeof DemandRowSchema>;
export type DemandView = z.infer<typeof DemandViewSchema>;
