// `npm run build`'s second step, after `vite build`: prerender the public pages into dist/web
// (or the folder given as the first argument). Read here, at build time: PUBLIC_URL (default
// https://www.autorevive.co.uk) for the canonical and Open Graph URLs, the JSON-LD and the
// sitemap; and the company's details (COMPANY_*, SUPPORT_*: src/shared/company.ts), which
// every page shows. Changing either needs this step again (`npm start` notices by itself).
import { resolve } from 'node:path';
import { readCompanySettings } from '../src/shared/company';
import { publicOrigin } from '../src/web/entry-server';
import { prerenderSite } from './prerender-site';

const company = readCompanySettings(process.env);
if ('problems' in company) {
  console.error(`The public pages cannot be built because of the company settings:\n${company.problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example and the README's table of settings.`);
  process.exit(1);
}
const origin = publicOrigin(process.env.PUBLIC_URL);
const distDir = resolve(process.argv[2] ?? 'dist/web');
const started = performance.now();
const { pages } = await prerenderSite({ distDir, origin, company: company.details });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
for (const page of pages) console.log(`  ${page.path.padEnd(24)} ${kb(page.bytes)}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
// Issue 33: a person reading npm start's output sees a production address beside the local one
// the server prints; say what it is and how to change it.
const address = process.env.PUBLIC_URL?.trim()
  ? `for ${origin} (PUBLIC_URL), written into their links at build time.`
  : `for ${origin}: the production address, written into their links at build time. For another: PUBLIC_URL=https://your.address npm run build`;
console.log(`Prerendered ${pages.length} public pages of ${company.details.name} in ${seconds} s ${address}`);
