import { useOutletContext } from 'react-router';
import type { AuthUser } from './auth-types';

/** The account RequireRole let through; only for routes nested under it. */
export function useSignedInUser(): AuthUser {
  return useOutletContext<AuthUser>();
}
