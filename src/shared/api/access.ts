// GET /access/{token}?next=: the unguessable link in a customer's e-mails (D10). It answers
// with a redirect or an HTML page, never JSON.
import { z } from 'zod';

export const AccessParamsSchema = z.object({ token: z.string() });
export const AccessQuerySchema = z.object({ next: z.string().optional() });
