// Issue 3's numbers: Lighthouse 12 (mobile emulation, simulated throttling) on every public page.
//   npm run bench:web              build, then measure
//   npm run bench:web -- --no-build   measure the current dist/web
//   npm run bench:web -- --dist=/tmp/web   measure a build kept elsewhere (implies --no-build)
//   npm run bench:web -- --only=/,/services   measure some pages only
//   npm run bench:web -- --save=/tmp/lhr      also write each Lighthouse report (JSON) there
// The server serves a snapshot of dist/web (copied to a temporary folder, which is its working
// directory), so a rebuild elsewhere during the run cannot change what is measured.
// Serves the built app with the real server (a child process on loopback, fresh DATA_DIR with
// the demo data, so the D2 figure is live), drives Debian's Chromium over its debugging port,
// and prints per page the four category scores, LCP, CLS, TBT and the JavaScript the page
// loaded, gzip-compressed as the server sends it. The home page runs HOME_RUNS times and is
// judged on the median run. Exits 0 when the home page meets every target, 1 when it does not,
// 2 when the bench itself failed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { publicPages } from '../src/web/entry-server';

const HOME_RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1800,
  cls: 0.05,
  tbtMs: 150,
  jsGzipBytes: 90 * 1024,
};
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

interface Measure {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** What Lighthouse saw go over the wire for scripts (brotli when Chrome asks for it). */
  jsTransferBytes: number;
  /** The same scripts as the server sends them gzip-compressed. */
  jsGzipBytes: number;
  scripts: number;
  failedAudits: string[];
  warnings: string[];
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];

async function main(): Promise<number> {
  const dist = option('dist');
  if (!dist && !process.argv.includes('--no-build')) {
    console.log('Building (npm run build)…');
    const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const siteDir = temp('autorevive-bench-web-site-');
  cpSync(resolve(dist ?? 'dist/web'), join(siteDir, 'dist', 'web'), { recursive: true });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = temp('autorevive-bench-web-data-');
  const server = start(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), resolve('src/server/server.ts')],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      TSX_TSCONFIG_PATH: resolve('tsconfig.json'),
    },
    false,
    siteDir,
  );
  server.stdout?.resume();
  await waitFor(`${origin}/readyz`, 90_000, 'the server');

  const debuggingPort = await freePort();
  start(CHROME, [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
    `--remote-debugging-port=${debuggingPort}`,
    `--user-data-dir=${temp('autorevive-bench-web-chrome-')}`,
    'about:blank',
  ], process.env, true);
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, 30_000, 'Chromium');

  console.log(`Lighthouse 12 on ${publicPages.length} pages at ${origin} (load average ${loadavg()[0]!.toFixed(2)})\n`);
  const homeRuns: Measure[] = [];
  for (let run = 0; run < HOME_RUNS; run++) homeRuns.push(await measure(origin, '/', debuggingPort));
  const home = median(homeRuns);
  const rows = [home];
  const only = option('only')?.split(',');
  for (const page of publicPages.filter((p) => p.path !== '/' && (!only || only.includes(p.path)))) {
    rows.push(await measure(origin, page.path, debuggingPort));
  }

  printTable(rows);
  console.log(`\nHome page runs (judged on the median by performance score):`);
  for (const run of homeRuns) console.log(`  ${summary(run)}`);
  for (const row of rows) {
    if (row.failedAudits.length) console.log(`\n${row.path}: audits below 1: ${row.failedAudits.join(', ')}`);
    if (row.warnings.length) console.log(`\n${row.path}: Lighthouse warnings: ${row.warnings.join(' | ')}`);
  }
  return printVerdict(home) ? 0 : 1;
}

async function measure(origin: string, path: string, port: number): Promise<Measure> {
  const result = await lighthouse(`${origin}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  const saveDir = option('save');
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(join(saveDir, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requests = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const gzipSizes = await Promise.all(requests.map((item) => gzipBytes(item.url)));
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Measure['scores'];
  const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${id})`),
  );
  const measured: Measure = {
    path,
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsTransferBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes: gzipSizes.reduce((sum, bytes) => sum + bytes, 0),
    scripts: requests.length,
    failedAudits,
    warnings: lhr.runWarnings,
  };
  process.stdout.write(`  measured ${summary(measured)}\n`);
  return measured;
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

/** Bytes on the wire for `url` when the client accepts only gzip. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function median(runs: Measure[]): Measure {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function summary(m: Measure): string {
  const s = m.scores;
  return `${m.path}: perf ${s.performance}, a11y ${s.accessibility}, bp ${s['best-practices']}, seo ${s.seo}, LCP ${Math.round(m.lcpMs)} ms, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbtMs)} ms, JS ${kib(m.jsGzipBytes)} gzip`;
}

function printTable(rows: Measure[]) {
  const header = ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP ms', 'CLS', 'TBT ms', 'JS gzip', 'JS wire', 'Scripts'];
  const lines = rows.map((m) => [
    m.path,
    String(m.scores.performance),
    String(m.scores.accessibility),
    String(m.scores['best-practices']),
    String(m.scores.seo),
    String(Math.round(m.lcpMs)),
    m.cls.toFixed(3),
    String(Math.round(m.tbtMs)),
    kib(m.jsGzipBytes),
    kib(m.jsTransferBytes),
    String(m.scripts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

function printVerdict(home: Measure): boolean {
  const checks: [string, boolean, string][] = [
    ['Performance ≥ 95', home.scores.performance >= TARGETS.performance, String(home.scores.performance)],
    ['Accessibility 100', home.scores.accessibility >= TARGETS.accessibility, String(home.scores.accessibility)],
    ['Best practices 100', home.scores['best-practices'] >= TARGETS['best-practices'], String(home.scores['best-practices'])],
    ['SEO 100', home.scores.seo >= TARGETS.seo, String(home.scores.seo)],
    ['LCP ≤ 1.8 s', home.lcpMs <= TARGETS.lcpMs, `${Math.round(home.lcpMs)} ms`],
    ['CLS ≤ 0.05', home.cls <= TARGETS.cls, home.cls.toFixed(3)],
    ['TBT ≤ 150 ms', home.tbtMs <= TARGETS.tbtMs, `${Math.round(home.tbtMs)} ms`],
    ['JavaScript ≤ 90 KiB gzip', home.jsGzipBytes <= TARGETS.jsGzipBytes, `${home.jsGzipBytes} bytes (${kib(home.jsGzipBytes)})`],
  ];
  console.log('\nHome page against the targets:');
  for (const [name, pass, value] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(26)} ${value}`);
  const passed = checks.every(([, pass]) => pass);
  console.log(`\n${passed ? 'PASS' : 'FAIL'}: home page ${passed ? 'meets' : 'misses'} the targets.`);
  return passed;
}

function option(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, quiet = false, cwd?: string): ChildProcess {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', quiet ? 'ignore' : 'inherit'] });
  child.stdout?.resume();
  children.push(child);
  return child;
}

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s (${url})`);
}

function cleanUp() {
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

async function waitForExit() {
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
    ),
  );
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    void waitForExit().then(() => process.exit(130));
  });
}

let code = 2;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  cleanUp();
  await waitForExit();
}
process.exit(code);
