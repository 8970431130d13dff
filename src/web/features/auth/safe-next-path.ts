/**
 * The `next` query parameter after sign-in, if it is a path on this site. Anything else
 * (absolute URLs, protocol-relative '//host', '/\host' which browsers treat the same way)
 * is refused so sign-in can never bounce a user to another site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if ([...next].some((char) => char.charCodeAt(0) < 0x20)) return null;
  try {
    const base = 'https://autorevive.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    if (url.pathname === '/sign-in') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
