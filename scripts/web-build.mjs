// Whether dist/web was built from the web sources as they are now, and a build when it was not.
// Shared by npm start, npm test, the browser tests' set-up and the benches, so none of them
// rebuilds a current build (a minute of two cores) and none of them serves a stale one.
//
// A build is current when dist/web/.sources-hash holds the hash of every file the build reads
// and of the company settings in the environment (written after each build made here). A
// build made by hand with `npm run build` has no hash file: it counts as current when it is
// newer than every one of those files, as npm start always judged it, and its hash is then
// recorded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What `npm run build` (vite build, then scripts/prerender.ts) reads. */
const SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'public', 'scripts/prerender.ts', 'scripts/prerender-site.ts', 'package-lock.json', 'tsconfig.json'];
const DIST = join(root, 'dist/web');
const HASH_FILE = join(DIST, '.sources-hash');

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => files(join(path, entry)));
}

function sourceFiles() {
  return SOURCES.flatMap((source) => files(join(root, source)));
}

/**
 * The company settings the build reads (issue 14: COMPANY_*, SUPPORT_*; src/shared/company.ts),
 * as set in this environment: the pages show them, so changing one makes the build stale.
 */
function companySettings(env = process.env) {
  return Object.keys(env)
    .filter((name) => /^(COMPANY_|SUPPORT_|RETENTION_MONTHS$)/.test(name))
    .sort()
    .map((name) => `${name}=${env[name]}`);
}

/** A hash of the names and contents of every file the build reads, and of the company settings. */
export function webSourcesHash() {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
  // Nothing is added while no company setting is set, so a build with the defaults stays current.
  for (const setting of companySettings()) hash.update(setting).update('\0');
  return hash.digest('hex');
}

/** True when dist/web is complete and was built from the sources as they are now. */
export function webBuildIsCurrent() {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) return false;
  const hash = webSourcesHash();
  if (existsSync(HASH_FILE)) return readFileSync(HASH_FILE, 'utf8').trim() === hash;
  const builtAt = statSync(index).mtimeMs;
  const current = sourceFiles().every((file) => statSync(file).mtimeMs <= builtAt);
  if (current) writeFileSync(HASH_FILE, `${hash}\n`);
  return current;
}

/**
 * Runs `npm run build` unless dist/web is current. Returns 'current' or 'built'; throws when
 * the build fails. `logFile`: the build's whole output (Vite's asset listing, each prerendered
 * page) goes to that file instead of the terminal (npm start, issue 33).
 */
export function buildWebIfStale({ quiet = false, logFile } = {}) {
  if (webBuildIsCurrent()) return 'current';
  const hash = webSourcesHash();
  let stdio = quiet ? 'pipe' : 'inherit';
  let log;
  if (logFile) {
    mkdirSync(dirname(logFile), { recursive: true });
    log = openSync(logFile, 'w');
    stdio = ['ignore', log, log];
  }
  let build;
  try {
    // Never the caller's NODE_ENV: under Vitest it is 'test', and Vite then bundles React's
    // development build (125 KiB gzipped, not 66), which every later run takes as current.
    const { NODE_ENV: _callers, ...env } = process.env;
    build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio, encoding: 'utf8', env });
  } finally {
    if (log !== undefined) closeSync(log);
  }
  if (build.status !== 0) {
    if (quiet && !logFile) process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    throw new Error(logFile ? `The web app did not build (npm run build): its output is in ${logFile}.` : 'The web app did not build (npm run build).');
  }
  writeFileSync(HASH_FILE, `${hash}\n`);
  return 'built';
}

export const webDistDir = resolve(DIST);

// `node scripts/web-build.mjs`: build unless current (npm test's build stage).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(buildWebIfStale() === 'current' ? 'dist/web is current: built from the web sources as they are now; not rebuilt.' : 'Built.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
