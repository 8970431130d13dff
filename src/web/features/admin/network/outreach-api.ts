// Issue 13 item 2 (D19): the Network tab's introductions, bulk actions and outreach figures.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '../../../lib/api';
import { BulkActionResultSchema, BulkIntroResultSchema, EmailStatsSchema, IntroQueuedSchema, type BulkActionBody, type EmailStats } from '../../../../shared/api/outreach';
import { adminStatsKey } from '../api/admin-query-keys';

const networkRoot = ['/api/repairers'] as const;
export const emailStatsKey = ['/api/admin/email-stats'] as const;

function useRefreshNetwork() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: networkRoot });
    void queryClient.invalidateQueries({ queryKey: emailStatsKey });
    void queryClient.invalidateQueries({ queryKey: adminStatsKey });
  };
}

/** GET /api/admin/email-stats: introductions sent, waiting, failed, bounced; unsubscribes. */
export function useEmailStats() {
  return useQuery<EmailStats>({ queryKey: emailStatsKey, queryFn: getQueryFn({ on401: 'throw', schema: EmailStatsSchema }) });
}

/** POST /api/repairers/{id}/send-intro. */
export function useSendIntro() {
  const refresh = useRefreshNetwork();
  return useMutation({ mutationFn: (id: number) => apiJson('POST', `/api/repairers/${id}/send-intro`, {}, IntroQueuedSchema), onSettled: refresh });
}

/** POST /api/repairers/send-intro-all: SPEC's Bulk intro result. */
export function useSendIntroAll() {
  const refresh = useRefreshNetwork();
  return useMutation({ mutationFn: () => apiJson('POST', '/api/repairers/send-intro-all', {}, BulkIntroResultSchema), onSettled: refresh });
}

/** POST /api/admin/repairers/bulk: verify, unverify or introduce the selected rows. */
export function useBulkAction() {
  const refresh = useRefreshNetwork();
  return useMutation({ mutationFn: (body: BulkActionBody) => apiJson('POST', '/api/admin/repairers/bulk', body, BulkActionResultSchema), onSettled: refresh });
}

/** Said wherever an e-mail to a repairer is queued while no mail server is set. */
export const noMailServerNotice =
  'No mail server is set up (SMTP_URL): introductions and invitations are kept in the outbox, where you can read them, and are not sent.';

/** How a toast says where an e-mail went: to the address, or, with no mail server, into the outbox. */
export function whereItGoes(mailServer: boolean | undefined, sent: string): string {
  return mailServer === false ? `${sent} It is kept in the outbox: no mail server is set up.` : sent;
}
