import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { metaForPath } from '../features/marketing/page-meta';
import { titleForMatches, type TitleMatch } from './document-title';
import { NavigationProgress, useFocusOnNavigate } from './navigation-effects';
import { RouterNavigation } from './router-navigation';
import { SiteLayout } from './site-layout';

/**
 * The document title and description for a page. Public pages use the marketing copy's
 * SEO metadata; every other page its route handle. The prerender step can call this with
 * static-router matches mapped to { handle: match.route.handle, params: match.params }. (The
 * customer app titles its screens from customer-routes.ts: none has marketing metadata.)
 */
export function documentMetaFor(pathname: string, matches: readonly TitleMatch[]) {
  const meta = metaForPath(pathname);
  return { title: meta?.title ?? titleForMatches(matches), description: meta?.description };
}

/** The document title and description for the page the data router shows. */
function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { title, description } = documentMetaFor(pathname, matches);
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** The whole app's layout, on react-router's data router (the customer app has its own: customer-app.tsx). */
export function RootLayout() {
  useDocumentTitle();
  useFocusOnNavigate(useLocation().pathname);
  const navigation = useNavigation();

  return (
    <RouterNavigation>
      <SiteLayout top={<NavigationProgress loading={navigation.state !== 'idle'} />}>
        <Outlet />
      </SiteLayout>
      <ScrollRestoration />
    </RouterNavigation>
  );
}
