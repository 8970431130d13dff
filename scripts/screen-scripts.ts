// Issue 36: the JavaScript each screen loads, summed from the build's manifest
// (dist/web/.vite/manifest.json, which scripts/prerender-site.ts keeps and the server does not
// serve) and gzip-compressed as the server sends it (level 9, as the build's .gz copies). Bytes
// do not depend on the machine's load, so the budgets below are a plain test
// (tests/e2e/screen-budgets.test.ts) and `npm run size:web` prints them; the times
// (Lighthouse's LCP, TBT, CLS) stay in `npm run bench:web`, which prints both.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KIB = 1024;
/** Issue 36 item 4: a customer screen's script, gzipped. */
export const CUSTOMER_SCRIPT_BUDGET = 130 * KIB;
/** Issue 3 (docs/decisions/0003), kept by issue 36: a public page's script, gzipped. */
export const PUBLIC_SCRIPT_BUDGET = 90 * KIB;

const APP_ENTRY = 'index.html';
const PUBLIC_ENTRY = 'src/web/app/public-entry.tsx';
/** What main.tsx boots on a customer screen instead of the data router (docs/decisions/0022). */
const CUSTOMER_APP = 'src/web/app/customer-app.tsx';

export interface Screen {
  /** The path the bench opens (with a placeholder for an id the bench fills in). */
  path: string;
  kind: 'public' | 'customer';
  budget: number;
  /**
   * A ratchet under the budget (issue 36): the screen's size when it was last brought down, rounded
   * up to the KiB, so it cannot grow back unnoticed. A change that must add script raises it, within
   * the budget, and says so beside it; one that saves lowers it. Above the budget only while a screen
   * is still being brought down to it.
   */
  ceiling?: number;
  /** The entry the page's HTML boots. */
  entry: string;
  /**
   * The modules it then imports on load, in the manifest's names: the route's own module (which
   * main.tsx resolves before the first render, or public-entry.tsx after the first paint), and
   * what that screen imports on its own while loading. A screen whose code starts loading
   * something else on load must list it here, or the bench's measured bytes exceed these.
   */
  modules: string[];
}

const route = (name: string) => `src/web/routes/${name}.tsx`;
const customer = (path: string, ceilingKib: number, ...modules: string[]): Screen => ({
  path,
  kind: 'customer',
  budget: CUSTOMER_SCRIPT_BUDGET,
  ceiling: ceilingKib * KIB,
  entry: APP_ENTRY,
  modules: [CUSTOMER_APP, ...modules],
});
const publicPage = (path: string, module: string): Screen => ({
  path,
  kind: 'public',
  budget: PUBLIC_SCRIPT_BUDGET,
  entry: PUBLIC_ENTRY,
  modules: ['src/web/app/public-hydrate.tsx', module],
});

/**
 * Every screen with a budget: the public pages (one area page stands for the 16) and the
 * customer's screens. The customer screens' ceilings (KiB, the second argument) are where they
 * stand now, rounded up: lower one whenever a screen gets smaller; raise one (never past the
 * 130 KiB budget) when a screen must carry more, with the reason beside it.
 */
export const screens: readonly Screen[] = [
  publicPage('/', route('public/home')),
  publicPage('/services', route('public/services')),
  publicPage('/about', route('public/about')),
  publicPage('/contact', route('public/contact')),
  publicPage('/privacy-policy', route('public/privacy-policy')),
  publicPage('/terms', route('public/terms')),
  publicPage('/technicians', route('public/technicians')),
  publicPage('/areas/bristol', 'src/web/features/marketing/area-page.tsx'),
  // Issue 36, third pass (docs/decisions/0022): the customer screens boot the customer app, their
  // own small router, not react-router's data router: −28 to −31 KiB each. Before it: assessment
  // 152, thank-you 130 (its budget), quote 141, booking 142, checkout 143, confirmation 136,
  // appointments 143.
  customer('/assessment', 121, route('customer/assessment')),
  customer('/thank-you', 92, route('customer/thank-you')),
  // Issue 37 item 2: a technician's public profile and reviews (a customer-app screen, read per technician).
  customer('/technicians/:slug', 94, route('public/technician-profile')),
  customer('/quote/:id', 111, route('customer/quote')),
  customer('/booking/:quoteId', 112, route('customer/booking')),
  // The test-mode card form is the default provider's; Stripe's form is fetched only with Stripe.
  customer('/checkout', 112, route('customer/checkout')),
  customer('/confirmation/:appointmentId', 106, route('customer/confirmation')),
  // The cancel, confirm-before and photo dialogs (Radix's Dialog) and the reschedule calendar load when opened (0022).
  // House round: the texts panel's refusal is the project's RefusalAlert (its 237-byte chunk), 112.8 → 113.0 KiB,
  // 25 bytes over 113 after the notes panel read the lifecycle's isLiveAppointment (−9 bytes).
  customer('/appointments/:id', 114, route('customer/appointment')),
  // Issue 38 item 1: My repairs (0036), in the customer app from the start: 96.1 KiB; on TanStack
  // Query's useQuery and useMutation like the other customer screens, not calls of its own: 99.9 KiB.
  customer('/my-repairs', 100, route('customer/my-repairs')),
];

/** What the budget test holds a screen to: its ceiling where it has one, else its budget. */
export const limitOf = (screen: Screen): number => screen.ceiling ?? screen.budget;

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export function manifestPath(distDir: string): string {
  return join(distDir, '.vite', 'manifest.json');
}

export function readManifest(distDir: string): Manifest {
  const file = manifestPath(distDir);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files a module loads: its own, then every chunk it imports statically (the browser fetches them together). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export interface ScreenScripts {
  screen: Screen;
  /** Each file with its gzipped size, largest first. */
  files: { file: string; name: string; gzipBytes: number }[];
  gzipBytes: number;
}

const gzipCache = new Map<string, number>();
export function gzipSize(distDir: string, file: string): number {
  const path = join(distDir, file);
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

/** What each screen loads, gzipped, from the build in `distDir`. */
export function screenScripts(distDir: string, manifest: Manifest = readManifest(distDir)): ScreenScripts[] {
  const names = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.name ?? chunk.file]));
  return screens.map((screen) => {
    const files = new Set<string>();
    for (const key of [screen.entry, ...screen.modules]) staticClosure(manifest, key, files);
    const sized = [...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, name: names.get(file) ?? file, gzipBytes: gzipSize(distDir, file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { screen, files: sized, gzipBytes: sized.reduce((sum, file) => sum + file.gzipBytes, 0) };
  });
}

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** Within its ceiling (or budget), and whether that is still above the budget. */
export function verdict(row: ScreenScripts): 'PASS' | 'over budget, within ceiling' | 'FAIL' {
  if (row.gzipBytes > limitOf(row.screen)) return 'FAIL';
  return row.gzipBytes > row.screen.budget ? 'over budget, within ceiling' : 'PASS';
}

/** A table: screen, gzipped bytes, budget, ceiling, PASS/FAIL, and the largest chunks. */
export function formatScreenScripts(rows: readonly ScreenScripts[], { chunks = 4 } = {}): string {
  const lines = rows.map((row) => [
    row.screen.path,
    String(row.gzipBytes),
    kib(row.gzipBytes),
    kib(row.screen.budget),
    row.screen.ceiling === undefined ? '' : kib(row.screen.ceiling),
    verdict(row),
    row.files
      .slice(0, chunks)
      .map((file) => `${file.name} ${kib(file.gzipBytes)}`)
      .join(', '),
  ]);
  const header = ['Screen', 'Bytes', 'Gzipped', 'Budget', 'Ceiling', '', `Largest ${chunks} chunks`];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === 6 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

// `npm run size:web [-- dist-dir]`: the table for the current build (build first).
if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = process.argv[2] ?? 'dist/web';
  const rows = screenScripts(distDir);
  console.log(formatScreenScripts(rows));
  const over = rows.filter((row) => verdict(row) !== 'PASS');
  console.log(`\n${over.length === 0 ? 'PASS' : 'FAIL'}: ${over.length === 0 ? 'every screen within its budget and ceiling' : `${over.map((row) => row.screen.path).join(', ')} over budget or ceiling`}.`);
  process.exitCode = over.length === 0 ? 0 : 1;
}
