// SPEC section 8's alerts for e-mail collection, worded 'Collection failed' for a batch and
// 'Aggressive collection failed' for collect-all.
import { isApiError } from '../../../lib/api';

export type CollectionKind = 'batch' | 'all';

const prefix = (kind: CollectionKind) => (kind === 'all' ? 'Aggressive collection failed' : 'Collection failed');

/** The alert for a failure: the server's reason, 'Network error' when it could not be reached, else 'Unknown error'. */
export function collectionFailedAlert(kind: CollectionKind, failure: { error: string | null } | unknown): string {
  if (failure instanceof TypeError) return `${prefix(kind)}: Network error`;
  if (isApiError(failure)) return `${prefix(kind)}: ${failure.userMessage ?? 'Unknown error'}`;
  if (failure && typeof failure === 'object' && 'error' in failure) {
    const error = (failure as { error: unknown }).error;
    return `${prefix(kind)}: ${typeof error === 'string' && error.trim() !== '' ? error : 'Unknown error'}`;
  }
  return `${prefix(kind)}: Unknown error`;
}

export function successRate(succeeded: number, processed: number): number {
  return processed === 0 ? 0 : Math.round((succeeded / processed) * 100);
}
