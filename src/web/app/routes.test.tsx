// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../shared/routes';
import { site } from '../../shared/site';
import { jsonResponse, renderApp, stubFetch } from '../test/render-app';
import { titleForMatches } from './document-title';
import { documentMetaFor } from './root-layout';
import { routes } from './routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  window.localStorage.clear();
});

function sample(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'city' ? 'bristol' : '42'));
}

describe('route tree', () => {
  it.each(routePatterns)('has a lazy page for %s', (pattern) => {
    const matches = matchRoutes(routes, sample(pattern)) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf?.path).not.toBe('*');
    expect(leaf?.lazy ?? leaf?.Component).toBeTruthy();
  });

  it('sends unknown paths to the catch-all', () => {
    expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
  });

  it('titles pages from their handles', () => {
    const title = (path: string) =>
      titleForMatches((matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle, params: m.params })));
    expect(title('/')).toBe(`${site.brand} — ${site.tagline}`);
    expect(title('/services')).toBe(`Services | ${site.brand}`);
    expect(title('/areas/bristol')).toBe(`Mobile car repair in Bristol | ${site.brand}`);
    expect(title('/nope')).toBe(`Page not found | ${site.brand}`);
  });

  it('prefers the marketing metadata for public pages', () => {
    const meta = (path: string) =>
      documentMetaFor(path, (matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle, params: m.params })));
    expect(meta('/services').title).toContain(site.brand);
    expect(meta('/services').description).toBeTruthy();
    expect(meta('/sign-in')).toEqual({ title: `Sign in | ${site.brand}`, description: undefined });
  });

  it('keeps index.html title in step with site.ts (D1)', () => {
    const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
    expect(html).toContain(`<title>${site.brand} — ${site.tagline}</title>`);
    expect(html).toContain('lang="en-GB"');
    expect(html).toContain('<div id="root"><!--app-html--></div>');
  });
});

describe('app shell', () => {
  it('renders the layout landmarks around the home page', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent(site.tagline);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('navigation', { name: 'Legal' })).toHaveTextContent('Terms of service');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toContain(site.brand));
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a free quote' })).toHaveAttribute('href', '/assessment');
  });

  it("takes SPEC's /quote call to action to the assessment wizard, in place", async () => {
    const { router } = renderApp('/quote');
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('routes /booking/{quoteId} to the booking page (Quote Not Found for a quote that is not there)', async () => {
    stubFetch(() => jsonResponse({ error: 'not_found', message: 'Not found' }, 404));
    renderApp('/booking/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in from /admin to sign-in with next', async () => {
    stubFetch(() => jsonResponse({ message: 'Sign in' }, 401));
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?next=%2Fadmin');
  });

  it('tells a repairer that /admin is for admins, with a way to sign out', async () => {
    stubFetch(() => jsonResponse({ user: { id: 2, email: 'van@example.co.uk', role: 'repairer', name: 'Van', repairerId: 7 } }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is for admins' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('lets an admin into /admin and shows who is signed in', async () => {
    stubFetch(() => jsonResponse({ user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByText('ops@example.co.uk')).toBeInTheDocument();
  });
});
