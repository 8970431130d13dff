// Issue 4's numbers: what a 10-photo assessment (10 × 10 MB JPEG) costs the server.
//   npm run bench:intake
// Starts the real server in a child process, as scripts/start.mjs starts it, on a fresh data
// folder; warms it up with a 1-photo submission; then, three times, sends the same multipart
// body first to POST /bench/sink (a bench-only route that reads it into /dev/null) and then
// to POST /api/assessments, measuring the submission against the sink, the server's peak RSS
// growth over its RSS just before, its CPU time, and GET /healthz latency meanwhile.
// Each run also times the same photos through sharp alone inside the server process
// (POST /bench/sharp-alone: decode, resize and re-encode, two at a time, nothing else), the
// floor the submission is judged against (issue 36, item 5), with the same /healthz probes
// running beside it as beside the submission.
// Targets: RSS growth ≤ 150 MB, submission ≤ 2 × sink time and ≤ 1.2 × sharp alone, /healthz
// ≤ 100 ms throughout.
// Exits 0 when every target is met, 1 when one is not, 2 when the bench itself failed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipartBody, validDetails, type FilePart } from '../tests/helpers/multipart';
import { cpuSeconds, peakKb, resetPeak, rssKb, settle, sleep, startServer, stopServer, type BenchServer } from './bench-intake-child';
import { benchPhotos, mb } from './bench-intake-photos';

const RUNS = 3;
const PHOTOS = 10;
const TARGET_RSS_GROWTH_MB = 150;
const TARGET_RATIO = 2;
const TARGET_FLOOR_RATIO = 1.2;
const TARGET_HEALTH_MS = 100;
const HEALTH_EVERY_MS = 20;
const RSS_EVERY_MS = 10;
const REQUEST_TIMEOUT_MS = 180_000;

interface Reply {
  status: number;
  body: string;
  ms: number;
}

interface Run {
  bodyBytes: number;
  sinkSeconds: number;
  /** The same photos through sharp alone, in the server process. */
  floorSeconds: number;
  /** The server's CPU time for sharp alone: beside serverCpuSeconds, a comparison the machine's load moves less. */
  floorCpuSeconds: number;
  submitSeconds: number;
  serverCpuSeconds: number;
  status: number;
  rssBeforeMb: number;
  /** max(VmRSS sampled every 10 ms, VmHWM when the kernel lets us reset it). */
  rssPeakMb: number;
  healthCount: number;
  healthFailures: number;
  healthP95: number;
  healthMax: number;
}

const uploads = new http.Agent({ keepAlive: false });
const probes = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function main(): Promise<number> {
  console.log(`Preparing ${PHOTOS} photos…`);
  const paths = await benchPhotos(PHOTOS);
  const photos = paths.map((path, index): FilePart => ({
    filename: `IMG_${1000 + index}.jpg`,
    contentType: 'image/jpeg',
    data: readFileSync(path),
  }));
  const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-bench-data-'));
  let server: BenchServer | undefined;
  const interrupted = () => {
    void stopServer(server).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once('SIGINT', interrupted);
  try {
    server = await startServer(dataDir);
    console.log(`Server pid ${server.pid} on 127.0.0.1:${server.port}; ${JSON.stringify(server.info)}`);
    console.log(`${availableParallelism()} cores; load average ${loadAverage()} before the runs`);

    const warmUp = submission(0, photos.slice(0, 1));
    const warm = await send(server.port, uploads, 'POST', '/api/assessments', warmUp.body, warmUp.headers);
    if (warm.status !== 201) throw new Error(`The warm-up submission answered ${warm.status}: ${warm.body}`);
    await send(server.port, uploads, 'POST', '/bench/sink', warmUp.body, warmUp.headers);
    await send(server.port, probes, 'GET', '/healthz');
    await sharpAlone(server, paths.slice(0, 1));

    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await measure(server, submission(run, photos), paths));
    return report(runs);
  } finally {
    process.off('SIGINT', interrupted);
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new assessment each time: a new idempotency key and a description that differs. */
function submission(run: number, photos: FilePart[]) {
  const fields = { ...validDetails, damageDescription: `${validDetails.damageDescription} Bench run ${run}, ${new Date().toISOString()}.` };
  const { body, headers } = multipartBody(fields, photos);
  return { body, headers: { ...headers, 'idempotency-key': randomUUID() } };
}

/** The same photos through sharp alone in the server process: its time in seconds. */
async function sharpAlone(server: BenchServer, paths: string[]): Promise<number> {
  const reply = await send(server.port, uploads, 'POST', '/bench/sharp-alone', Buffer.from(JSON.stringify({ paths })), { 'content-type': 'application/json' });
  if (reply.status !== 200) throw new Error(`Sharp alone answered ${reply.status}: ${reply.body}`);
  return (JSON.parse(reply.body) as { ms: number }).ms / 1000;
}

async function measure(server: BenchServer, { body, headers }: { body: Buffer; headers: Record<string, string> }, paths: string[]): Promise<Run> {
  const sink = await send(server.port, uploads, 'POST', '/bench/sink', body, headers);
  if (sink.status !== 200 || JSON.parse(sink.body).bytes !== body.length) throw new Error(`The sink answered ${sink.status}: ${sink.body}`);
  await settle(server);
  // The same /healthz probes run during both arms, so the server answers the same observer in each.
  let floorFinished = false;
  const floorHealth = pollHealth(server.port, () => floorFinished);
  const floorCpuBefore = cpuSeconds(server.pid);
  const floorSeconds = await sharpAlone(server, paths).finally(() => (floorFinished = true));
  const floorCpuSeconds = cpuSeconds(server.pid) - floorCpuBefore;
  await floorHealth;
  await settle(server);

  const { pid } = server;
  const kernelPeak = resetPeak(pid);
  const cpuBefore = cpuSeconds(pid);
  const rssBefore = rssKb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), RSS_EVERY_MS);
  let finished = false;
  const health = pollHealth(server.port, () => finished);
  const submit = await send(server.port, uploads, 'POST', '/api/assessments', body, headers).finally(() => {
    finished = true;
    clearInterval(sampler);
  });
  rssPeak = Math.max(rssPeak, rssKb(pid), kernelPeak ? peakKb(pid) : 0);
  const serverCpuSeconds = cpuSeconds(pid) - cpuBefore;
  const latencies = await health;
  if (submit.status !== 201) console.log(`  expected 201 Created, got ${submit.status}: ${submit.body.slice(0, 300)}`);
  const answered = latencies.filter((l) => l.status === 200).map((l) => l.ms);
  return {
    bodyBytes: body.length,
    sinkSeconds: sink.ms / 1000,
    floorSeconds,
    floorCpuSeconds,
    submitSeconds: submit.ms / 1000,
    serverCpuSeconds,
    status: submit.status,
    rssBeforeMb: (rssBefore * 1024) / 1e6,
    rssPeakMb: (rssPeak * 1024) / 1e6,
    healthCount: latencies.length,
    healthFailures: latencies.length - answered.length,
    healthP95: percentile(answered, 0.95),
    healthMax: Math.max(0, ...latencies.map((l) => l.ms)),
  };
}

function send(port: number, agent: http.Agent, method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const options = { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } };
    const request = http.request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`${method} ${path} took longer than ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** GET /healthz every ~20 ms, one at a time, until `finished`; a bounded number of times. */
async function pollHealth(port: number, finished: () => boolean): Promise<{ status: number; ms: number }[]> {
  const results: { status: number; ms: number }[] = [];
  const maxPolls = REQUEST_TIMEOUT_MS / HEALTH_EVERY_MS;
  while (!finished() && results.length < maxPolls) {
    const started = performance.now();
    const reply = await send(port, probes, 'GET', '/healthz').catch(() => ({ status: 0, ms: performance.now() - started }));
    results.push({ status: reply.status, ms: reply.ms });
    await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - started)));
  }
  return results;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function report(runs: Run[]): number {
  const head = ['run', 'body MB', 'sink s', 'sharp alone s', 'submit s', 'ratio', 'vs sharp', 'sharp CPU s', 'server CPU s', 'status', 'RSS before MB', 'RSS peak MB', 'growth MB', '/healthz n', 'p95 ms', 'max ms'];
  const rows = runs.map((r, i) => [
    String(i + 1),
    mb(r.bodyBytes),
    r.sinkSeconds.toFixed(2),
    r.floorSeconds.toFixed(2),
    r.submitSeconds.toFixed(2),
    `${(r.submitSeconds / r.sinkSeconds).toFixed(1)}×`,
    `${(r.submitSeconds / r.floorSeconds).toFixed(2)}×`,
    r.floorCpuSeconds.toFixed(1),
    r.serverCpuSeconds.toFixed(1),
    String(r.status),
    r.rssBeforeMb.toFixed(0),
    r.rssPeakMb.toFixed(0),
    (r.rssPeakMb - r.rssBeforeMb).toFixed(0),
    `${r.healthCount}${r.healthFailures ? ` (${r.healthFailures} failed)` : ''}`,
    r.healthP95.toFixed(1),
    r.healthMax.toFixed(1),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
  console.log('MB = 1,000,000 bytes. RSS peak = max(VmRSS every 10 ms, VmHWM); growth = peak − VmRSS just before the submission.');
  console.log(`server CPU s = CPU time of all the server's threads during the submission (${availableParallelism()} cores); sharp CPU s = the same during sharp alone.`);
  console.log(`load average ${loadAverage()} after the runs\n`);

  const growth = Math.max(...runs.map((r) => r.rssPeakMb - r.rssBeforeMb));
  const ratios = runs.map((r) => r.submitSeconds / r.sinkSeconds);
  const floorRatios = runs.map((r) => r.submitSeconds / r.floorSeconds);
  const healthMax = Math.max(...runs.map((r) => r.healthMax));
  const healthP95 = Math.max(...runs.map((r) => r.healthP95));
  const healthFailures = runs.reduce((sum, r) => sum + r.healthFailures, 0);
  const verdicts: [boolean, string][] = [
    [runs.every((r) => r.status === 201), 'every submission answered 201 Created'],
    [growth <= TARGET_RSS_GROWTH_MB, `(a) peak RSS growth ≤ ${TARGET_RSS_GROWTH_MB} MB: worst ${growth.toFixed(0)} MB`],
    [Math.max(...ratios) <= TARGET_RATIO, `(a) submission ≤ ${TARGET_RATIO}× sink time: worst ${Math.max(...ratios).toFixed(1)}×, median ${percentile(ratios, 0.5).toFixed(1)}×`],
    [
      percentile(floorRatios, 0.5) <= TARGET_FLOOR_RATIO,
      `(c) submission ≤ ${TARGET_FLOOR_RATIO}× sharp alone (median of ${runs.length}): median ${percentile(floorRatios, 0.5).toFixed(2)}×, worst ${Math.max(...floorRatios).toFixed(2)}×`,
    ],
    [
      healthMax <= TARGET_HEALTH_MS && healthFailures === 0,
      `(b) /healthz during a submission ≤ ${TARGET_HEALTH_MS} ms: worst max ${healthMax.toFixed(1)} ms, worst p95 ${healthP95.toFixed(1)} ms${healthFailures ? `, ${healthFailures} failed` : ''}`,
    ],
  ];
  for (const [pass, label] of verdicts) console.log(`${pass ? 'PASS' : 'FAIL'}  ${label}`);
  return verdicts.every(([pass]) => pass) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
