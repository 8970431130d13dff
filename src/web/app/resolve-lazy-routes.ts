import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy modules of the routes matching `pathname` and writes them onto the route
 * objects, so the first render (hydrating prerendered HTML, or a fresh render) already has
 * every component and shows no fallback. A failed import is left for the router to report.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (!lazy) return;
      try {
        if (typeof lazy === 'function') {
          const resolved = await lazy();
          Object.assign(route, resolved, { lazy: undefined });
        } else {
          const entries = await Promise.all(
            Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const),
          );
          Object.assign(route, Object.fromEntries(entries), { lazy: undefined });
        }
      } catch {
        // Leave `lazy` in place; the router retries it and shows the error boundary if it fails.
      }
    }),
  );
}
