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

/**
 * How a toast says where an e-mail went: to the address, or, with no mail server, into the outbox,
 * where nobody receives it (a browser review: "sent" and "will receive" said the opposite).
 */
export function whereItGoes(mailServer: boolean | undefined, what: 'Invitation' | 'Introduction', to: { businessName: string; email: string }): { title: string; description: string } {
  if (mailServer === false)
    return { title: `${what} kept in the outbox`, description: `No mail server is set up, so the ${what.toLowerCase()} for ${to.businessName} (${to.email}) is not sent: read it, and its link, in the outbox.` };
  return what === 'Invitation'
    ? { title: 'Invitation sent', description: `${to.businessName} can create their account from the link sent to ${to.email}.` }
    : { title: 'Introduction Email Sent', description: `${to.businessName} will receive an introduction at ${to.email}.` };
}
