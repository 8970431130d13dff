import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { meQueryKey } from '../features/auth/api/me-query-key';
import { getQueryFn, isApiError } from '../lib/api';

/**
 * A staff session that ends mid-flow (it expired, or was signed out elsewhere): any call answering
 * 401 while an account is cached forgets it, so RequireRole sends the person to sign in with
 * `next` back to this page instead of leaving them on a screen whose every action fails.
 */
function forgetEndedSession(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status === 401 && queryClient.getQueryData(meQueryKey)) {
    queryClient.setQueryData(meQueryKey, null);
  }
}

// SPEC section 7: no retries, no refetch on focus or interval, data never stale, and the
// query key's first element is the URL to read.
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => forgetEndedSession(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => forgetEndedSession(queryClient, error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return queryClient;
}

/** Everything the app needs around the router. Create one QueryClient per page render. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
