import type { RoutePattern } from './routes';

// Issue 36 item 2: the reads a customer screen makes as soon as it mounts, by its address. The
// server names them in the shell's answer (a `Link: <url>; rel=preload; as=fetch` header,
// src/server/plugins/web.ts), so the browser fetches them while the script is still coming, and
// the screen's own fetch of the same URL is answered from that preload rather than starting only
// after the bundle has run. Each URL must be exactly the one the screen's query key stands for
// (lib/api.ts `urlFromQueryKey`; first-reads.test.ts holds them equal), or the browser fetches
// twice. Ids are digits only: anything else is the screen's own not-found, with nothing to preload.

const id = (value: string | null | undefined): string | null => (value && /^\d{1,12}$/.test(value) ? value : null);

/** The API reads to preload for a customer screen's first view (none for other routes). */
export function firstReadsFor(pattern: RoutePattern, params: Readonly<Record<string, string>>, search: URLSearchParams): string[] {
  switch (pattern) {
    case '/quote/:id': {
      const assessment = id(params.id);
      return assessment ? [`/api/assessments/${assessment}`] : [];
    }
    case '/booking/:quoteId': {
      const quote = id(params.quoteId);
      return quote ? [`/api/quotes/${quote}`, `/api/quotes/${quote}/held-appointment`] : [];
    }
    case '/checkout': {
      const quote = id(search.get('quote_id'));
      return ['/api/payments/config', ...(quote ? [`/api/quotes/${quote}`, `/api/quotes/${quote}/held-appointment`] : [])];
    }
    default:
      return [];
  }
}

/** The `Link` header value that preloads `urls` as fetches with the visitor's cookies (the grant, D10). */
export function preloadLinkHeader(urls: readonly string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
