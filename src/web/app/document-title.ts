import { useEffect } from 'react';
import { useLocation, useMatches, type Params } from 'react-router';
import { site } from '../../shared/site';
import { metaForPath } from '../features/marketing/page-meta';

/** A route's `handle.title`: fixed text, or worked out from the URL's params. */
export type RouteHandle = { title?: string | ((params: Params) => string) };

export const defaultTitle = `${site.brand} — ${site.tagline}`;

type TitleMatch = { handle?: unknown; params: Params };

/** The title from the deepest matched route with `handle.title` ('' means the default). */
export function titleForMatches(matches: readonly TitleMatch[]): string {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    const title = (match?.handle as RouteHandle | undefined)?.title;
    if (title === undefined) continue;
    const text = typeof title === 'function' ? title(match?.params ?? {}) : title;
    return text ? `${text} | ${site.brand}` : defaultTitle;
  }
  return defaultTitle;
}

/**
 * The document title and description for a page. Public pages use the marketing copy's
 * SEO metadata; every other page its route handle. The prerender step can call this with
 * static-router matches mapped to { handle: match.route.handle, params: match.params }.
 */
export function documentMetaFor(pathname: string, matches: readonly TitleMatch[]) {
  const meta = metaForPath(pathname);
  return { title: meta?.title ?? titleForMatches(matches), description: meta?.description };
}

export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { title, description } = documentMetaFor(pathname, matches);
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
