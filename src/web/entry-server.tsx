import { renderToString } from 'react-dom/server';
import { cities } from '../shared/cities';
import { PublicApp } from './app/public-app';
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

/** The HTML inside #root for a public path. Throws for a path that is not a public page. */
export async function renderPublicPage(pathname: string): Promise<string> {
  const page = publicPages.find((candidate) => candidate.path === pathname);
  if (!page) throw new Error(`${pathname} is not a prerendered public page`);
  const Page = await page.load();
  return renderToString(<PublicApp pathname={page.path} Page={Page} />);
}
