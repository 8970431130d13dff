// Every 4xx and 5xx answer (STYLE habit 6): a code, a sentence a person can act on, and for
// a form the message of each field.
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
