// Issue 38 item 1: My repairs' calls (src/server/modules/access/my-repairs.routes.ts), read as their
// schemas type them. A plain call with its state, not TanStack Query's observers: this screen stays
// inside the customer's 130 KiB (docs/decisions/0022, 0036).
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiJsonAs, isApiError } from '../../lib/api';
import type { MyRepairs } from '../../../shared/api/my-repairs';

export interface Call<Input, Output> {
  run(input: Input): Promise<Output | undefined>;
  pending: boolean;
  error: unknown;
  data: Output | undefined;
  reset(): void;
}

/** One call's state: running, its answer, or its refusal (an ApiError with the server's sentence). */
export function useCall<Input, Output>(send: (input: Input) => Promise<Output>): Call<Input, Output> {
  const [state, setState] = useState<{ pending: boolean; error: unknown; data: Output | undefined }>({ pending: false, error: null, data: undefined });
  const run = async (input: Input) => {
    setState({ pending: true, error: null, data: undefined });
    try {
      const data = await send(input);
      setState({ pending: false, error: null, data });
      return data;
    } catch (error) {
      setState({ pending: false, error, data: undefined });
      return undefined;
    }
  };
  return { ...state, run, reset: () => setState({ pending: false, error: null, data: undefined }) };
}

type ListState = { status: 'loading' } | { status: 'signed-out'; error?: unknown } | { status: 'signed-in'; list: MyRepairs };

/** GET /api/my-repairs when `enabled`: this browser's list, or signed out (401). */
export function useMyRepairs(enabled: boolean) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    apiJsonAs<MyRepairs>('GET', '/api/my-repairs').then(
      (list) => current && setState({ status: 'signed-in', list }),
      (error: unknown) => current && setState(isApiError(error) && error.status === 401 ? { status: 'signed-out' } : { status: 'signed-out', error }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return { state, setState };
}

export const askForLink = (email: string) => apiJsonAs<{ message: string }>('POST', '/api/my-repairs/sign-in-link', { email });
export const signInByLink = (token: string) => apiJsonAs<MyRepairs>('POST', '/api/my-repairs/sign-in', { token });
export const signOut = (which: 'sign-out' | 'sign-out-everywhere-else') => apiJsonAs<{ message: string }>('POST', `/api/my-repairs/${which}`);

/** What the session opened is forgotten by this tab's cache once it signs out. */
export function useForgetCustomerReads() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.clear(), [queryClient]);
}
