// Summarises a V8 .cpuprofile (node --cpu-prof, or bench:api's --profile=DIR): the frames with
// the most self time, and self time by package (node_modules/<name>, node: internals, the app).
//   npx tsx scripts/cpu-profile-top.ts FILE.cpuprofile [--top=30] [--window=10] [--skip=10]
// --window=S keeps only the S seconds with the least idle time (the load, not start-up or the
// bare Fastify run the product sat idle through); percentages are of the time not idle. --skip=S
// leaves out the first S seconds (start-up, busier than a load that shares the CPU with autocannon).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-profile-top.ts FILE.cpuprofile [--top=N]');
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const windowSeconds = Number(process.argv.find((a) => a.startsWith('--window='))?.slice(9) ?? 0);
const skipSeconds = Number(process.argv.find((a) => a.startsWith('--skip='))?.slice(7) ?? 0);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const idleId = profile.nodes.find((node) => node.callFrame.functionName === '(idle)')?.id;
// Sample times, then the window [from, to) with the least idle time.
const times: number[] = [];
let clock = 0;
for (const delta of profile.timeDeltas) times.push((clock += delta));
let [from, to] = [skipSeconds * 1e6, Infinity];
if (windowSeconds > 0) {
  const width = windowSeconds * 1e6;
  let best = Infinity;
  let idle = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    if (profile.samples[end] === idleId) idle += profile.timeDeltas[end] ?? 0;
    while (times[end]! - times[start]! > width) {
      if (profile.samples[start] === idleId) idle -= profile.timeDeltas[start] ?? 0;
      start++;
    }
    if (times[start]! >= skipSeconds * 1e6 && times[end]! - times[start]! >= width * 0.99 && idle < best) [best, from, to] = [idle, times[start]!, times[end]!];
  }
}
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (times[i]! < from || times[i]! > to) return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const idleMicros = idleId === undefined ? 0 : (selfMicros.get(idleId) ?? 0);
if (idleId !== undefined) selfMicros.delete(idleId);
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

const frames = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/').replace(process.cwd() + '/', '');
  const key = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  frames.set(key, (frames.get(key) ?? 0) + micros);
  packages.set(packageOf(url, functionName), (packages.get(packageOf(url, functionName)) ?? 0) + micros);
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  if (url.startsWith('node:')) return 'node: internals';
  if (url.includes('/src/')) return 'app: ' + url.replace(/^.*\/src\//, 'src/').replace(/\/[^/]*$/, '');
  return url;
}

const print = (title: string, rows: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  }
};
console.log(`${file}: ${((total + idleMicros) / 1e6).toFixed(1)} s sampled, ${(idleMicros / 1e6).toFixed(1)} s idle; shares below are of the ${(total / 1e6).toFixed(1)} s busy`);
print('Self time by package', packages, 25);
print(`Top ${top} frames by self time`, frames, top);

// --callers=NAME: the call paths (5 frames up) that lead to frames named NAME, by self time.
const callersOf = process.argv.find((a) => a.startsWith('--callers='))?.slice(10);
if (callersOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const paths = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    if (byId.get(id)!.callFrame.functionName !== callersOf) continue;
    const chain: string[] = [];
    for (let at: number | undefined = parent.get(id); at !== undefined && chain.length < 6; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      chain.push(`${frame.functionName || '(anonymous)'}@${frame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${frame.lineNumber + 1}`);
    }
    const key = chain.join(' < ');
    paths.set(key, (paths.get(key) ?? 0) + micros);
  }
  print(`Callers of ${callersOf}`, paths, 8);
}
