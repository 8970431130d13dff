// Turns `vite build`'s output into a site search engines can read (issue 3): every public
// page rendered to HTML with its own head and JSON-LD, pointed at the public entry chunk
// (public-entry.tsx) instead of the full app; robots.txt and sitemap.xml; and a gzip and
// brotli copy of every text file, which the server sends to clients that accept them.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { CompanyDetails } from '../src/shared/company';
import { appShellFileFor } from '../src/shared/routes';
import { SHELL_SCRIPT, SHELL_STYLE } from '../src/shared/shell-script';
import { appShells, headFor, publicPages, renderAppShell, renderPublicPage, robotsTxt, setCompanyDetailsForBuild, sitemapXml, withCompanyDetails } from '../src/web/entry-server';

/** Where the server looks for prerendered pages: pages/index.html for '/', pages/<path>/index.html otherwise. */
export const PAGES_DIR = 'pages';
const PUBLIC_ENTRY = 'src/web/app/public-entry.tsx';
const APP_ENTRY = 'index.html';
/** What main.tsx boots: the customer app on a customer screen, the data router's app elsewhere (issue 36). */
const CUSTOMER_APP = 'src/web/app/customer-app.tsx';
const ROUTER_APP = 'src/web/app/router-app.tsx';
const MANIFEST = join('.vite', 'manifest.json');
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json', '.webmanifest']);

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export interface PrerenderResult {
  pages: { path: string; file: string; bytes: number }[];
}

export function pageFileFor(distDir: string, path: string): string {
  return join(distDir, PAGES_DIR, path === '/' ? '' : path, 'index.html');
}

/**
 * `company` is the company's details from the settings (issue 14): every page, prerendered or
 * the app shell, shows them and carries them for the browser (src/web/lib/company.ts).
 */
export async function prerenderSite({ distDir, origin, company }: { distDir: string; origin: string; company: CompanyDetails }): Promise<PrerenderResult> {
  const manifest = JSON.parse(readFileSync(join(distDir, MANIFEST), 'utf8')) as Manifest;
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-html-->')) throw new Error('dist/web/index.html has no <!--app-html--> placeholder');
  if (!manifest[PUBLIC_ENTRY]?.isEntry) throw new Error(`${PUBLIC_ENTRY} is not an entry of the build (see vite.config.ts)`);

  const entry = chunkFiles(manifest, PUBLIC_ENTRY);
  // The app's stylesheet (main.tsx imports it), inlined into every page.
  const styles = chunkFiles(manifest, APP_ENTRY).css;
  if (styles.length === 0) throw new Error(`${APP_ENTRY} has no stylesheet in the build manifest`);
  const css = styles.map((file) => ({ file, text: readFileSync(join(distDir, file), 'utf8') }));
  const pages: PrerenderResult['pages'] = [];
  setCompanyDetailsForBuild(company);
  for (const page of publicPages) {
    const html = withCompanyDetails(documentFor(template, {
      head: headFor(origin, page.path),
      appHtml: await renderPublicPage(page.path),
      script: manifest[PUBLIC_ENTRY].file,
      // Only the entry's own imports: the page's chunks load after the first paint (public-entry.tsx).
      preloads: entry.js.slice(1),
      css,
    }), company);
    const file = pageFileFor(distDir, page.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    pages.push({ path: page.path, file, bytes: Buffer.byteLength(html) });
  }

  // The customer screens' shells (issue 36): the same app and script as index.html, with the
  // screen's frame and loading state in #root, its styles inlined and the customer app's and its
  // route's chunks preloaded, so the first paint waits for no script or stylesheet and the script
  // for no second round of requests.
  const customerApp = chunkFiles(manifest, CUSTOMER_APP).js;
  for (const shell of appShells) {
    const preloads = [...new Set([...customerApp, ...chunkFiles(manifest, shell.module).js])];
    const html = withCompanyDetails(shellDocumentFor(template, { appHtml: renderAppShell(shell), preloads, css }), company);
    const file = join(distDir, appShellFileFor(shell.pattern));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }

  // The app shell, which every other page boots from, carries the same details, and preloads the
  // data router's app that main.tsx imports there (so it costs no second round of requests).
  writeFileSync(join(distDir, 'index.html'), withCompanyDetails(withPreloads(template, chunkFiles(manifest, ROUTER_APP).js), company));
  writeFileSync(join(distDir, 'robots.txt'), robotsTxt(origin));
  writeFileSync(join(distDir, 'sitemap.xml'), sitemapXml(origin, publicPages.map((page) => page.path)));
  // The manifest stays for the script budgets (scripts/screen-scripts.ts, issue 36); the server
  // never serves it (src/server/plugins/web.ts: nothing under a dot folder).
  precompress(distDir);
  return { pages };
}

/** A chunk's own file first, then every chunk it imports statically, and their CSS. */
function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`The build manifest has no chunk ${name}`);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

interface DocumentParts {
  head: { title: string; tags: string };
  appHtml: string;
  script: string;
  preloads: string[];
  css: { file: string; text: string }[];
}

/** index.html with the full app's script, preloads and styles swapped for the public page's own. */
export function documentFor(template: string, parts: DocumentParts): string {
  const asset = (file: string) => `/${file}`;
  const headTags = [
    parts.head.tags,
    // The styles are inlined: the first paint then waits for no request but the page itself.
    ...parts.css.map(({ text }) => `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`),
    `<script type="module" crossorigin src="${asset(parts.script)}"></script>`,
    ...parts.preloads.map((file) => `<link rel="modulepreload" crossorigin href="${asset(file)}" />`),
  ].join('\n    ');
  let html = template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/, '');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeText(parts.head.title)}</title>`);
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${headTags}\n  </head>`);
  return replaceOnce(html, /<!--app-html-->/, () => parts.appHtml);
}

/**
 * index.html as the app boots from it (its script and preloads), with `appHtml` in #root, marked
 * for main.tsx to replace rather than hydrate, the stylesheet inlined and `preloads` added.
 */
export function shellDocumentFor(template: string, parts: { appHtml: string; preloads: string[]; css: { file: string; text: string }[]}): string {
  const present = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const headTags = [
    ...parts.css.map(({ text }) => `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`),
    ...parts.preloads.filter((file) => !present.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ');
  let html = template.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  // The shell's cookie banner, hidden by its script before the body is parsed when a choice is stored.
  html = replaceOnce(html, /<script type="module"/, `<script>${SHELL_SCRIPT}</script>\n    <style>${SHELL_STYLE}</style>\n    <script type="module"`);
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${headTags}\n  </head>`);
  html = replaceOnce(html, /<div id="root">/, '<div id="root" data-app-shell="">');
  return replaceOnce(html, /<!--app-html-->/, () => parts.appHtml);
}

/** `files` preloaded by the page, those it does not load already. */
function withPreloads(template: string, files: string[]): string {
  const present = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const links = files.filter((file) => !present.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
  return links.length === 0 ? template : replaceOnce(template, /\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
}

function replaceOnce(text: string, pattern: RegExp, replacement: string | (() => string)): string {
  if (!pattern.test(text)) throw new Error(`index.html has no ${pattern.source}`);
  return typeof replacement === 'function' ? text.replace(pattern, replacement) : text.replace(pattern, () => replacement);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** file.gz and file.br beside every text file that compression makes smaller. */
export function precompress(dir: string): void {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue; // the manifest, the sources hash: not served
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry))) continue;
    const data = readFileSync(path);
    const gzip = gzipSync(data, { level: 9 });
    const brotli = brotliCompressSync(data, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
  }
}
