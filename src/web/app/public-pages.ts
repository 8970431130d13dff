import type { ComponentType } from 'react';

// The public pages that are prerendered at build time (entry-server.tsx lists them) and
// hydrated without the router (issue 3). Paths follow src/shared/routes.ts. This module is
// part of the public entry chunk, so it imports nothing but the pages, and those lazily.

export interface PublicPage {
  /** Canonical path, without a trailing slash. */
  path: string;
  load: () => Promise<ComponentType>;
}

type PageModule = { default: ComponentType };
const fromDefault = (load: () => Promise<PageModule>) => async () => (await load()).default;

const fixedPages: readonly PublicPage[] = [
  { path: '/', load: fromDefault(() => import('../routes/public/home')) },
  { path: '/services', load: fromDefault(() => import('../routes/public/services')) },
  { path: '/about', load: fromDefault(() => import('../routes/public/about')) },
  { path: '/contact', load: fromDefault(() => import('../routes/public/contact')) },
  { path: '/privacy-policy', load: fromDefault(() => import('../routes/public/privacy-policy')) },
  { path: '/terms', load: fromDefault(() => import('../routes/public/terms')) },
  { path: '/technicians', load: fromDefault(() => import('../routes/public/technicians')) },
];

function areaPage(slug: string): PublicPage {
  return {
    path: `/areas/${slug}`,
    load: async () => (await import('../features/marketing/area-page')).areaPageFor(slug),
  };
}

/**
 * The page at `pathname`: one of the fixed pages, or an area page (/areas/{slug}; whether
 * the city is covered is for the caller, the server and AreaPage to decide).
 */
export function publicPageFor(pathname: string): PublicPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = fixedPages.find((page) => page.path === path);
  if (fixed) return fixed;
  const slug = /^\/areas\/([a-z0-9-]+)$/.exec(path)?.[1];
  return slug ? areaPage(slug) : undefined;
}

export const fixedPublicPaths: readonly string[] = fixedPages.map((page) => page.path);
