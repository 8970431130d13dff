import { sameSitePath } from '../../../shared/same-site-path';

/** The `next` query parameter after sign-in: a path on this site, never sign-in itself. */
export function safeNextPath(next: string | null | undefined): string | null {
  const path = sameSitePath(next);
  return path === null || path.split(/[?#]/)[0] === '/sign-in' ? null : path;
}
