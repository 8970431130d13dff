// The built React app for every path that is not the API: HTML 200 for known routes, HTTP
// 404 with the not-found page for the rest (D23). Guarded pages redirect to sign-in (D11).
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guardedPrefixes, matchRoute } from '../../shared/routes';
import type { AppConfig } from '../config/config';

const NOT_BUILT_HTML = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>AutoRevive</title></head><body><main><h1>AutoRevive</h1><p>The web app has not been built yet. Run <code>npm run build</code>, or use <code>npm start</code>, which builds it.</p></main></body></html>`;

export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  const distDir = config.webDistDir;
  const built = existsSync(join(distDir, 'index.html'));
  const pageCache = new Map<string, string>();
  const readPage = (file: string) => {
    let html = pageCache.get(file);
    if (html === undefined) {
      html = readFileSync(file, 'utf8');
      if (config.env === 'production') pageCache.set(file, html);
    }
    return html;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      redirect: false,
      // Only the built files get routes; every other path reaches the page handler below.
      wildcard: false,
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
    const route = matchRoute(path);
    const guard = guardedPrefixes.find((g) => path === g.prefix || path.startsWith(`${g.prefix}/`));
    if (route && guard && !request.sessionUser) {
      return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}`, 302);
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').status(route ? 200 : 404);
    if (!built) return reply.send(NOT_BUILT_HTML);
    return reply.send(readPage(pageFile(distDir, route ? path : '/404')));
  });
}

/** A page prerendered at build time (dist/web/<path>/index.html), else the app shell. */
function pageFile(distDir: string, path: string): string {
  const clean = normalize(path).replace(/^(\.\.(\/|\\|$))+/, '');
  const candidate = join(distDir, clean, 'index.html');
  if (candidate.startsWith(distDir) && existsSync(candidate)) return candidate;
  return join(distDir, 'index.html');
}
