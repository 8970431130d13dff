// Issue 9: what the request log line costs the event loop, the product's destination against
// pino's own block-gathering destination (sonic-boom with minLength 4096, which the product used
// until 2026-11-26), measured in the same run.
//   npm run bench:log
// Each destination writes the request line of a busy server to a file in a temporary folder:
// rounds of 1,000 lines, each round a turn of the event loop (so sonic-boom's writes complete
// between rounds, as they do between a server's requests). Prints the event loop's time per line
// and the process's CPU per line (writes included, which run on libuv's thread pool), and the
// product's figures as ratios of the baseline's. Exits 1 when the product's line is not cheaper
// on the event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { gatheredDestination } from '../src/server/plugins/log-destination';
import { median } from './bench-stats';

const LINES_PER_ROUND = 1000;
const ROUNDS = 300;
const PASSES = 3;

interface Destination {
  write(line: string): unknown;
}

const folder = mkdtempSync(join(tmpdir(), 'bench-log-'));
const line = (n: number) =>
  `{"level":30,"time":${1_795_672_083_109 + n},"pid":1234,"hostname":"vm","reqId":"455e4231-e81f-4ad4-bde1-91f568b74bbb","method":"GET","route":"/api/assessments/:id","status":200,"ms":${(n % 50) / 10},"msg":"request"}\n`;

async function measure(destination: Destination): Promise<{ loopNs: number; cpuNs: number }> {
  let loop = 0n;
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < LINES_PER_ROUND; i++) destination.write(line(i));
    loop += process.hrtime.bigint() - started;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // the last writes
  const cpu = process.cpuUsage(cpuBefore);
  const lines = ROUNDS * LINES_PER_ROUND;
  return { loopNs: Number(loop) / lines, cpuNs: ((cpu.user + cpu.system) * 1000) / lines };
}

const baseline = pino.destination({ dest: join(folder, 'baseline.log'), sync: false, minLength: 4096 });
const product = gatheredDestination(pino.destination({ dest: join(folder, 'product.log'), sync: false }));
const figures = { baseline: [] as { loopNs: number; cpuNs: number }[], product: [] as { loopNs: number; cpuNs: number }[] };
await measure(baseline); // warm-up
await measure(product);
for (let pass = 0; pass < PASSES; pass++) {
  figures.baseline.push(await measure(baseline));
  figures.product.push(await measure(product));
}
product.flushSync();
baseline.flushSync();
rmSync(folder, { recursive: true, force: true });

const loop = { baseline: median(figures.baseline.map((f) => f.loopNs)), product: median(figures.product.map((f) => f.loopNs)) };
const cpu = { baseline: median(figures.baseline.map((f) => f.cpuNs)), product: median(figures.product.map((f) => f.cpuNs)) };
console.log(`${ROUNDS} rounds of ${LINES_PER_ROUND} lines, ${PASSES} passes each, medians:`);
console.log(`  sonic-boom, minLength 4096 (baseline)   ${loop.baseline.toFixed(0).padStart(6)} ns a line on the event loop, ${cpu.baseline.toFixed(0).padStart(6)} ns of CPU`);
console.log(`  gathered blocks (the product)           ${loop.product.toFixed(0).padStart(6)} ns a line on the event loop, ${cpu.product.toFixed(0).padStart(6)} ns of CPU`);
console.log(`  the product's line costs ${((100 * loop.product) / loop.baseline).toFixed(1)}% of the baseline's on the event loop, ${((100 * cpu.product) / cpu.baseline).toFixed(1)}% of its CPU`);
process.exitCode = loop.product < loop.baseline ? 0 : 1;
