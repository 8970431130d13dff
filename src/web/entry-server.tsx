import { renderToString } from 'react-dom/server';
import { cities } from '../shared/cities';
import type { AppShell } from './app/app-shells';
import { PublicApp } from './app/public-app';
import { SiteLayout } from './app/site-layout';
import { CookieBannerFrame } from './components/cookie-banner';
import { NavigationProvider } from './components/navigation/app-link';
import { fixedPublicPaths, publicPageFor, type PublicPage } from './app/public-pages';

// The build-time half of the public pages: scripts/prerender.ts renders each path here and
// writes it into the built app; public-entry.tsx hydrates the same tree in the browser.

/** Every prerendered page: the six fixed pages and one per covered city (SPEC section 2). */
export const publicPages: readonly PublicPage[] = [...fixedPublicPaths, ...cities.map((city) => `/areas/${city.slug}`)].map(
  (path) => publicPageFor(path)!,
);
export { headFor, publicOrigin, robotsTxt, sitemapXml } from './features/marketing/seo';
export { setCompanyDetailsForBuild } from './lib/company';
export { withCompanyDetails } from '../shared/company-html';
export { appShells } from './app/app-shells';

/** The HTML inside #root for a public path. Throws for a path that is not a public page. */
export async function renderPublicPage(pathname: string): Promise<string> {
  const page = publicPages.find((candidate) => candidate.path === pathname);
  if (!page) throw new Error(`${pathname} is not a prerendered public page`);
  const Page = await page.load();
  return renderToString(<PublicApp pathname={page.path} Page={Page} />);
}

/**
 * Issue 36 item 2: the HTML inside #root for a customer screen before its script runs, the
 * site's frame around the screen's loading state (app-shells.tsx). main.tsx replaces it.
 */
export function renderAppShell(shell: AppShell): string {
  return renderToString(
    <NavigationProvider location={{ pathname: shell.pattern, hash: '' }}>
      {/* Hidden by the shell's script when a choice is stored (the app's own banner renders nothing here). */}
      <CookieBannerFrame shell />
      <SiteLayout>
        <shell.Content />
      </SiteLayout>
    </NavigationProvider>,
  );
}
