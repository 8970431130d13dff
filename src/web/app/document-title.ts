import type { Params } from 'react-router';
import { site } from '../../shared/site';

/** A route's `handle.title`: fixed text, or worked out from the URL's params. */
export type RouteHandle = { title?: string | ((params: Params) => string) };

export const defaultTitle = `${site.brand} — ${site.tagline}`;

export type TitleMatch = { handle?: unknown; params: Params };

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
