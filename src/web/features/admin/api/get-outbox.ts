import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api';
import { OutboxListSchema, type OutboxEmail } from '../../../../shared/api/email';

export const OUTBOX_SHOWN = 50;

/** GET /api/admin/emails: the latest e-mails, newest first (the outbox, sent or kept). */
export function useOutbox() {
  return useQuery<OutboxEmail[]>({ queryKey: [`/api/admin/emails?limit=${OUTBOX_SHOWN}`], queryFn: getQueryFn({ on401: 'throw', schema: OutboxListSchema }) });
}
