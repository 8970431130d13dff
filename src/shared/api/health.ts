// GET /healthz and GET /readyz, for the platform's probes.
import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z.object({ status: z.string(), migrations: z.object({ applied: z.number(), expected: z.number() }) });
export type Readiness = z.infer<typeof ReadinessSchema>;
