import type { QueryClient } from '@tanstack/react-query';

// The admin desk's query keys share one root, so a change to any quote refreshes the stat
// cards, the pending cards and the enquiry lists together.
export const adminStatsKey = ['/api/admin/stats'] as const;
export const adminQuotesRoot = ['/api/admin/quotes'] as const;
export const adminEnquiriesRoot = ['/api/admin/enquiries'] as const;

/**
 * After any quote change: stats, cards and enquiries are all refetched. Callers do not await it:
 * the refetch can unmount the card, and a `mutate` callback (its toast) would then never run.
 */
export function invalidateAdminDesk(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminStatsKey }),
    queryClient.invalidateQueries({ queryKey: adminQuotesRoot }),
    queryClient.invalidateQueries({ queryKey: adminEnquiriesRoot }),
  ]);
}
