// `npm run build`'s second step, after `vite build`: prerender the public pages into dist/web.
// PUBLIC_URL (default https://www.autorevive.co.uk) is read here, at build time, for the
// canonical and Open Graph URLs, the JSON-LD and the sitemap.
import { resolve } from 'node:path';
import { publicOrigin } from '../src/web/entry-server';
import { prerenderSite } from './prerender-site';

const origin = publicOrigin(process.env.PUBLIC_URL);
const distDir = resolve('dist/web');
const started = performance.now();
const { pages } = await prerenderSite({ distDir, origin });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
for (const page of pages) console.log(`  ${page.path.padEnd(24)} ${kb(page.bytes)}`);
console.log(`Prerendered ${pages.length} public pages for ${origin} in ${Math.round(performance.now() - started)} ms.`);
