/**
 * A `next` path from a query string, if it stays on this site; otherwise null. Refused:
 * absolute URLs, protocol-relative '//host', any backslash ('/\host' is read as '//host'
 * by browsers), and control characters (which browsers strip, turning '/\t/host' into
 * '//host'). Used wherever we redirect to a path a visitor supplied: after sign-in, and
 * after an e-mailed access link (D10).
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  if ([...next].some((char) => char.charCodeAt(0) < 0x20)) return null;
  try {
    const base = 'https://autorevive.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
