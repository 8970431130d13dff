// Issue 13's numbers for e-mail collection (D18): 300 repairer websites on 30 hosts whose pages
// answer after 100 ms. With one request per host every 2 seconds, politeness alone sets a floor
// on the total time: (requests per host − 1) × 2 s, where a host's requests are its robots.txt
// (once per run) and each site's home and contact pages. Prints the total against that floor
// (target ≤ 1.2×), the slowest host's gap check and the process's peak memory (RSS).
//   npm run bench:collect                 (300 sites on 30 hosts: about 40 s)
//   npm run bench:collect -- --quick      (30 sites on 10 hosts: about 10 s)
// The whole product path runs: the admin's start (startCollection), the chunked background job
// (drained here as a worker would run it), the safe fetcher with the product's 2 s interval,
// 10 s and 1 MB limits, on PGlite. The 30 host names resolve to 127.0.0.1 through the injectable
// resolver, and the address policy allows loopback for exactly those names. The local sites run
// in a child process, so neither their timing nor their memory mixes with the collector's. Exits 0 when the target is met, 1 when not.
import { mkdtempSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/config';
import { repairers } from '../src/server/db/schema';
import { findRun } from '../src/server/modules/job-runs';
import { startCollection } from '../src/server/modules/email-collection';

const quick = process.argv.includes('--quick');
const HOSTS = quick ? 10 : 30;
const SITES = quick ? 30 : 300;
const LATENCY_MS = 100;
const TARGET_RATIO = 1.2;

const hostName = (h: number) => `repairs-${String(h + 1).padStart(2, '0')}.bench.test`;
const names = Array.from({ length: HOSTS }, (_, h) => hostName(h));

// The sites run in a child process (scripts/bench-collect-sites.ts): one server for every host name.
const sites = fork(fileURLToPath(new URL('./bench-collect-sites.ts', import.meta.url)), [String(LATENCY_MS)], { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => sites.once('message', (m) => resolve((m as { port: number }).port)));

const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-bench-collect-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', COLLECTOR_ALLOW_HOSTS: names.join(',') });
config.runWorkers = false;
const app = await buildApp(config, { resolveHost: async (hostname) => (names.includes(hostname) ? [{ address: '127.0.0.1', family: 4 }] : []) });
const db = app.deps.database.db;

// Site i on host i % HOSTS: each host holds SITES / HOSTS shops, interleaved by id.
await db.insert(repairers).values(
  Array.from({ length: SITES }, (_, i) => ({
    businessName: `Bench Repairs ${i + 1}`,
    city: 'Leeds',
    postcode: 'LS1 4AP',
    website: `http://${hostName(i % HOSTS)}:${port}/shop-${Math.floor(i / HOSTS)}/`,
  })),
);

const perHost = 1 + (SITES / HOSTS) * 2;
const floorMs = (perHost - 1) * config.collector.hostIntervalMs;
console.log(`${SITES} sites on ${HOSTS} hosts, pages answer after ${LATENCY_MS} ms; ${perHost} requests per host (robots.txt + ${SITES / HOSTS} × home and contact), one per ${config.collector.hostIntervalMs / 1000} s per host, ${config.collector.hostsAtOnce} hosts at once, chunks of up to ${config.collector.chunkSize}`);

const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
let rssDuringMb = rssBeforeMb;
const sampler = setInterval(() => (rssDuringMb = Math.max(rssDuringMb, process.memoryUsage().rss / 1024 / 1024)), 100);
const started = performance.now();
const result = await startCollection({ db, jobs: app.deps.jobs }, { collectAll: true });
const drained = await app.deps.jobs.drain();
const elapsedMs = performance.now() - started;
clearInterval(sampler);
const run = (await findRun(db, result.runId!))!;

const arrivals = await new Promise<Record<string, number[]>>((resolve) => {
  sites.once('message', (m) => resolve((m as { arrivals: Record<string, number[]> }).arrivals));
  sites.send('arrivals');
});
let minGapMs = Infinity;
let requests = 0;
for (const times of Object.values(arrivals)) {
  requests += times.length;
  for (let i = 1; i < times.length; i++) minGapMs = Math.min(minGapMs, times[i]! - times[i - 1]!);
}
const ratio = elapsedMs / floorMs;
const rssMb = process.resourceUsage().maxRSS / 1024;
console.log(`run ${run.status}: ${run.processed} tried, ${run.succeeded} found, ${run.failed} not found; ${drained.completed['collect-emails'] ?? 0} chunk(s); ${requests} requests`);
console.log(`total ${(elapsedMs / 1000).toFixed(1)} s against a politeness floor of ${(floorMs / 1000).toFixed(1)} s: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`);
console.log(`shortest gap between two requests to one host: ${minGapMs.toFixed(0)} ms (rule: ≥ ${config.collector.hostIntervalMs} ms)`);
console.log(`memory (RSS): ${rssBeforeMb.toFixed(0)} MB before the run (app, PGlite, migrations, repairers), ${rssDuringMb.toFixed(0)} MB at most during it; the process's peak ${rssMb.toFixed(0)} MB (sites not included)`);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = run.status === 'done' && run.succeeded === SITES && ratio <= TARGET_RATIO && minGapMs >= config.collector.hostIntervalMs - 5;
process.exit(ok ? 0 : 1);
