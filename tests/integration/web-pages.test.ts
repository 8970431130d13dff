// The server serving the prerendered public pages (issue 3): the real prerender step runs on a
// small stand-in for `vite build`'s output, then the real app serves it.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../src/shared/cities';
import { site } from '../../src/shared/site';
import { defaultCompanyDetails as company } from '../../src/shared/company';
import { prerenderSite } from '../../scripts/prerender-site';
import { preloadLinkHeader } from '../../src/shared/first-reads';
import { SHELL_SCRIPT } from '../../src/shared/shell-script';
import { createTestApp, type TestApp } from '../helpers/app';
import { fakeViteBuild } from '../helpers/fake-vite-build';

const origin = 'https://www.example.co.uk';
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'autorevive-web-pages-'));
  fakeViteBuild(distDir);
  await prerenderSite({ distDir, origin, company });
  t = await createTestApp({
    configure: (config) => {
      config.webDistDir = distDir;
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const rootHtml = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe('prerendered public pages', () => {
  it('serves /services with its content in the HTML, before any JavaScript runs', async () => {
    const response = await get('/services');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const root = rootHtml(response.body);
    expect(root).toContain('Paintless Dent Removal');
    expect(root).toContain('<h1');
    expect(root).toContain('a growing network of vetted local technicians');
    expect(response.body.match(/Paintless Dent Removal/g)?.length).toBeGreaterThan(2);
  });

  it('gives each page its own head: title, description, canonical URL, Open Graph and JSON-LD', async () => {
    const html = (await get('/services')).body;
    expect(html).toMatch(/<title>[^<]*Services[^<]*\| AutoRevive<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${origin}/services" />`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/services" />`);
    expect(html).toContain('<meta property="og:title"');
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(html).not.toContain("The app shell's description.");

    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const graph = (JSON.parse(json ?? '{}') as { '@graph': Record<string, unknown>[] })['@graph'];
    const business = graph.find((node) => node['@type'] === 'AutoRepair');
    expect(business).toMatchObject({ name: site.brand, telephone: company.supportPhoneE164, email: company.supportEmail });
    expect(business?.areaServed).toHaveLength(16);
    expect((business?.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement).toHaveLength(5);
  });

  it('boots the public entry, not the whole app, and inlines the styles', async () => {
    const html = (await get('/about')).body;
    expect(html).toContain('<script type="module" crossorigin src="/assets/public-entry.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/preload-helper.js" />');
    expect(html).not.toContain('index-app.js');
    expect(html).not.toContain('router-app.js');
    expect(html).toContain('<style>body{color:#1e293b}');
    expect(html).not.toContain('<!--app-html-->');
  });

  it('serves the prerendered home page for /', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(rootHtml(response.body)).toContain('Car scratch and dent repair that comes to you');
    expect(response.body).toContain(`<link rel="canonical" href="${origin}/" />`);
  });

  it('serves a page for every covered city, and 404 for any other', async () => {
    for (const city of cities) {
      const response = await get(`/areas/${city.slug}`);
      expect(response.statusCode, city.slug).toBe(200);
      expect(rootHtml(response.body)).toContain(`Mobile car scratch and dent repair in ${city.name}`);
    }
    const unknown = await get('/areas/atlantis');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<!--app-html-->');
  });

  it('serves the app shell for the pages that are not prerendered', async () => {
    for (const path of ['/sign-in', '/unsubscribe/abc']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<div id="root"><!--app-html--></div>');
      expect(response.body, path).toContain('/assets/index-app.js');
    }
  });

  // Issue 36 item 2: the customer screens paint their frame and loading state before the script runs.
  it('serves each customer screen its own shell: the site frame and the screen loading, the app booting over it', async () => {
    const shells: [string, string, string][] = [
      ['/assessment', 'Get a free quote', 'assessment-route.js'],
      ['/thank-you?ref=AR-AAAA-BBBB', 'Loading…', 'thank-you-route.js'],
      ['/quote/12', 'Loading your quote…', 'quote-route.js'],
      ['/booking/12', 'Loading your quote…', 'booking-route.js'],
      ['/checkout?quote_id=12', 'Setting up your secure payment…', 'checkout-route.js'],
      ['/confirmation/12', 'Loading your booking…', 'confirmation-route.js'],
      ['/appointments/12', 'Loading your appointment…', 'appointment-route.js'],
    ];
    for (const [path, heading, route] of shells) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      const html = brotliDecompressSync(response.rawPayload).toString('utf8');
      expect(html, path).toContain('<div id="root" data-app-shell="">');
      const root = /<div id="root" data-app-shell="">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      expect(root, path).toContain('Skip to main content');
      expect(root, path).toMatch(/<h1[^>]*>[^<]*<\/h1>/);
      expect(root, path).toContain(heading);
      expect(root, path).toContain('<footer');
      // Nothing the customer could fill in before the app is there.
      expect(root, path).not.toMatch(/<(input|textarea|select|form)\b/);
      // The app itself, its route's chunks preloaded and its styles inlined.
      expect(html, path).toContain('<script type="module" crossorigin src="/assets/index-app.js"></script>');
      expect(html, path).toContain(`<link rel="modulepreload" crossorigin href="/assets/${route}" />`);
      expect(html, path).toContain('<style>body{color:#1e293b}');
      expect(html, path).not.toContain('rel="stylesheet"');
    }
  });

  // Issue 36: the first view is whole before the script (a first visit's cookie banner is in the
  // HTML), and the screen's first reads are fetched with the HTML rather than after the bundle.
  it('gives the customer shells their cookie banner, its inline script admitted by its hash, and preloads the first reads', async () => {
    const response = await get('/quote/12');
    const root = /<div id="root" data-app-shell="">([\s\S]*)<\/div>\s*<\/body>/.exec(response.body)?.[1] ?? '';
    expect(root).toMatch(/<section[^>]*aria-label="Cookie consent"[^>]*data-cookie-banner-shell=""/);
    expect(root).toContain('data-consent="accepted"');
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toEqual([SHELL_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`;
    expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' https://js.stripe.com ${hash}`);
    expect(response.headers.link).toBe(preloadLinkHeader(['/api/assessments/12']));
    expect((await get('/booking/12')).headers.link).toBe(preloadLinkHeader(['/api/quotes/12', '/api/quotes/12/held-appointment']));
    expect((await get('/checkout?quote_id=12')).headers.link).toBe(preloadLinkHeader(['/api/payments/config', '/api/quotes/12', '/api/quotes/12/held-appointment']));
    expect((await get('/quote/abc')).headers.link).toBeUndefined();
    // The public pages have no inline script and no banner in their HTML (theirs comes with the app).
    const home = await get('/services');
    expect(home.body).not.toMatch(/<script>/);
    expect(home.body).not.toContain('data-cookie-banner-shell');
    expect(home.headers.link).toBeUndefined();
  });

  it('answers a trailing slash with the same page, and never exposes the files themselves', async () => {
    expect(rootHtml((await get('/contact/')).body)).toContain('Contact us');
    expect((await get('/pages/contact/index.html')).statusCode).toBe(404);
    expect((await get('/index.html')).statusCode).toBe(404);
    // The build's manifest stays for the script budgets (issue 36), but is not part of the site.
    expect(existsSync(join(distDir, '.vite', 'manifest.json'))).toBe(true);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('sends brotli or gzip to clients that accept them, and plain HTML to the rest', async () => {
    const plain = await get('/services');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const brotli = await get('/services', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/services', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    expect((await get('/services', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');

    const script = await get('/assets/public-entry.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(script.rawPayload).toString()).toContain('hydrate hydrate');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt pointing at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(response.body).toContain('Disallow: /admin');
  });

  it('lists every public page in sitemap.xml', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(7 + cities.length);
    expect(locations).toContain(`${origin}/`);
    expect(locations).toContain(`${origin}/privacy-policy`);
    expect(locations).toContain(`${origin}/areas/belfast`);
  });
});
