// The built React app for every path that is not the API: HTML 200 for known routes, HTTP
// 404 with the not-found page for the rest (D23). Guarded pages redirect to sign-in (D11).
// Public pages are prerendered at build time (scripts/prerender.ts) into dist/web/pages;
// every other page gets the app shell, dist/web/index.html. The build also writes a .br
// and a .gz copy of each text file, sent to clients that accept them.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyDetailsInHtml } from '../../shared/company-html';
import { firstReadsFor, preloadLinkHeader } from '../../shared/first-reads';
import { appShellFileFor, guardedPrefixes, matchRoute, redirectPaths, type RoutePattern } from '../../shared/routes';
import type { AppConfig } from '../config/config';

const NOT_BUILT_HTML = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>AutoRevive</title></head><body><main><h1>AutoRevive</h1><p>The web app has not been built yet. Run <code>npm run build</code>, or use <code>npm start</code>, which builds it.</p></main></body></html>`;

const FORBIDDEN_HTML = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not available to your account — AutoRevive</title></head><body><main><h1>This page is not available to your account</h1><p>You are signed in with an account that cannot open this page. Sign out and sign in with the right account, or go to <a href="/">the home page</a>.</p></main></body></html>`;

/** The folder under dist/web that holds the prerendered public pages. */
const PAGES_DIR = 'pages';

type Encoding = 'br' | 'gzip';
type Page = { identity: Buffer; br?: Buffer; gzip?: Buffer };

export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  const distDir = config.webDistDir;
  const built = existsSync(join(distDir, 'index.html'));
  const pageCache = new Map<string, Page>();
  const readPage = (file: string): Page => {
    let page = pageCache.get(file);
    if (page === undefined) {
      const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
      page = { identity: readFileSync(file), br: variant('.br'), gzip: variant('.gz') };
      if (config.env === 'production') pageCache.set(file, page);
    }
    return page;
  };

  if (built) {
    warnWhenBuiltWithOtherCompanyDetails(app, config, readFileSync(join(distDir, 'index.html'), 'utf8'));
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      redirect: false,
      // Only the built files get routes; every other path reaches the page handler below.
      wildcard: false,
      preCompressed: true,
      // Pages are reached by their own paths (/services), never as files (/pages/services/index.html).
      // Nor is the build's manifest (dist/web/.vite, kept for the script budgets) part of the site.
      allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.split('/').some((part) => part.startsWith('.')),
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'not_found', message: `There is no ${request.method} ${path} here.` });
    }
    // With or without a trailing slash, as matchRoute reads paths.
    const target = redirectPaths[path.length > 1 ? path.replace(/\/+$/, '') : path];
    if (target) return reply.redirect(`${target}${request.url.slice(path.length)}`, 301);
    const route = matchRoute(path);
    const guard = guardedPrefixes.find((g) => path === g.prefix || path.startsWith(`${g.prefix}/`));
    const user = route && guard ? await request.session() : null;
    if (route && guard && !user) {
      return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}`, 302);
    }
    // Issue 7: a signed-in account of another role gets a 403 from the server. Its body is the
    // site's own page, whose guard (RequireRole) says whose page it is and offers Sign out before any
    // of the area's screens loads: a bare page without the site, or a way out, was a dead end (an
    // operator's review).
    const forbidden = Boolean(route && guard && user && user.role !== guard.role);
    reply.header('Cache-Control', forbidden ? 'no-store' : 'no-cache').type('text/html; charset=utf-8').status(forbidden ? 403 : route ? 200 : 404);
    if (!built) return reply.send(forbidden ? FORBIDDEN_HTML : NOT_BUILT_HTML);

    const page = readPage(pageFile(distDir, route ? path : null, route?.pattern));
    // Issue 36: a customer screen's first reads start with its HTML, not after its script (shared/first-reads.ts).
    const reads = route && !forbidden ? firstReadsFor(route.pattern, route.params, new URLSearchParams(request.url.slice(path.length))) : [];
    if (reads.length > 0) reply.header('Link', preloadLinkHeader(reads));
    reply.header('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding'], page);
    if (!encoding) return reply.send(page.identity);
    return reply.header('Content-Encoding', encoding).send(page[encoding]);
  });
}

/**
 * Issue 14: the pages show the company's details the build read; e-mails and PDFs show the
 * settings this process read. When they differ, say so and how to put it right.
 */
function warnWhenBuiltWithOtherCompanyDetails(app: FastifyInstance, config: AppConfig, shell: string): void {
  const built = companyDetailsInHtml(shell);
  if (built && JSON.stringify(built) === JSON.stringify(config.company)) return;
  app.log.warn(
    { builtWith: built ?? null, settings: config.company },
    'The web pages in %s were built with other company details (COMPANY_*, SUPPORT_*) than these settings, so pages would disagree with e-mails and PDFs: rebuild with `npm run build` using the same settings (`npm start` rebuilds by itself).',
    config.webDistDir,
  );
}

/**
 * A page prerendered at build time (dist/web/pages/<path>/index.html), else the route's own shell
 * (a customer screen's frame and loading state, issue 36), else the app shell.
 */
function pageFile(distDir: string, path: string | null, pattern?: RoutePattern): string {
  const routeShell = pattern === undefined ? null : join(distDir, appShellFileFor(pattern));
  const shell = routeShell && existsSync(routeShell) ? routeShell : join(distDir, 'index.html');
  if (path === null) return shell;
  const pagesDir = join(distDir, PAGES_DIR);
  const clean = normalize(path).replace(/^(\.\.(\/|\\|$))+/, '');
  const candidate = join(pagesDir, clean, 'index.html');
  if (candidate.startsWith(pagesDir) && existsSync(candidate)) return candidate;
  return shell;
}

/** The best compressed copy the client accepts (br before gzip), or none. */
function acceptedEncoding(header: string | string[] | undefined, page: Page): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (page.br && allows('br')) return 'br';
  if (page.gzip && allows('gzip')) return 'gzip';
  return undefined;
}
