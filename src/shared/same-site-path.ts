/**
 * A `next` path from a query string, if it stays on this site; otherwise null. Used wherever
 * we redirect to a path a visitor supplied: after sign-in, and after an e-mailed access link (D10).
 *
 * The check is made on what we will actually redirect to: the input is URL-normalised first
 * (dot segments resolved, '%2e' read as '.'), and only then judged, because '/.//host' and
 * '/a/..//host' pass any check of the raw text yet normalise to the protocol-relative '//host'.
 * Refused, before and after normalisation: anything not starting with exactly one '/', any
 * backslash ('/\host' is read as '//host' by browsers), and control characters or spaces that
 * browsers strip ('/\t/host' becomes '//host').
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!isPlainPath(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path is what the browser will request; it must pass the same test.
  if (!isPlainPath(normalised) || decodesToOtherSite(url.pathname)) return null;
  return normalised;
}

const BASE = 'https://autorevive.invalid';

function isPlainPath(path: string | null | undefined): path is string {
  if (!path || path[0] !== '/' || path[1] === '/' || path.includes('\\')) return false;
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
}

// '/%2f%2fhost' stays a path here, but a proxy or framework that decodes once before routing
// would see '//host': refuse an encoded slash or backslash where a second slash would form.
function decodesToOtherSite(pathname: string): boolean {
  return /^\/(%2f|%5c)/i.test(pathname);
}
