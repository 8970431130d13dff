import { useOutletContext } from 'react-router';
import type { SessionUserView } from '../../../shared/api/auth';

/** The account RequireRole let through; only for routes nested under it. */
export function useSignedInUser(): SessionUserView {
  return useOutletContext<SessionUserView>();
}
