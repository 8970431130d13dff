// The server under test for scripts/bench-intake.ts, as a child process: started the way
// scripts/start.mjs starts production, stopped for certain, and read from /proc while it works.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  port: number;
  /** What the server reports about itself: sharp's settings, allocator variables. */
  info: Record<string, unknown>;
}

/** Plain node with tsx and start.mjs's environment, on a free loopback port and a fresh folder. */
export function startServer(dataDir: string): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") is for looking closer.
  const extraArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extraArgs, '--import', 'tsx', 'scripts/bench-intake-server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...environmentFromStartScript(),
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`The server exited with code ${code} before it was ready`)));
    child.on('message', (message: { type?: string; pid?: number; port?: number; info?: Record<string, unknown> }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ child, pid: message.pid!, port: message.port!, info: message.info ?? {} });
    });
  });
}

/**
 * The variables scripts/start.mjs gives the server (its `env: { NAME: 'value', ... }`), read
 * from the file so the bench cannot drift from how production starts.
 */
function environmentFromStartScript(): Record<string, string> {
  const source = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
  const block = /env:\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const env: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/([A-Z_][A-Z0-9_]*):\s*'([^']*)'/g)) env[name!] = value!;
  if (env.NODE_ENV === undefined) throw new Error('scripts/start.mjs no longer reads as expected: update environmentFromStartScript.');
  return env;
}

export async function stopServer(server: BenchServer | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Lets the server finish background work (e-mail jobs) and collect its garbage, so a baseline
 * is memory really in use, not the last run's leftovers (a lower, so stricter, baseline).
 */
export async function settle(server: BenchServer): Promise<void> {
  await sleep(1000);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    server.child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.send({ type: 'gc' });
  });
  await sleep(500);
}

function status(pid: number): string {
  return readFileSync(`/proc/${pid}/status`, 'utf8');
}

export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(status(pid))?.[1] ?? 0);
}

/** The kernel's own peak RSS since the last resetPeak. */
export function peakKb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(status(pid))?.[1] ?? 0);
}

/** Resets VmHWM to the current RSS, so it also reports the coming peak; false if refused. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** User plus system CPU time of the whole process (all its threads). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
