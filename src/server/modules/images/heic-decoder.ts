// D7: HEIC is converted so every browser can show it. heic-decode is WebAssembly that blocks
// its thread for seconds, so it runs in a small pool of worker threads (heic-worker.ts).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeicDecodeRequest, HeicDecodeResult, HeicWorkerMessage } from './heic-worker';
import { ImageRejectedError, tooLargeMessage } from './image-errors';

export interface DecodedHeic {
  width: number;
  height: number;
  /** Interleaved 8-bit RGBA, width * height * 4 bytes, orientation (irot/imir) applied. */
  rgba: Uint8Array;
}

export const HEIC_DECODE_TIMEOUT_MS = 60_000;
// A warm worker saves ~0.2–0.5 s of start-up per photo; an idle one still holds its
// WebAssembly memory (it never shrinks), so it is let go after a short while.
const IDLE_WORKER_MS = 30_000;
const MAX_IDLE_WORKERS = 2;

// Node 20 ignores loader flags such as `--import tsx` in a Worker's execArgv
// (nodejs/node#47747), and vitest's module runner never reaches worker threads. So the worker
// registers tsx's CommonJS hook itself, then requires the TypeScript file: the same bootstrap
// runs under `tsx`, under vitest and under plain node.
const requireHere = createRequire(import.meta.url);
const BOOTSTRAP = [
  `require(${JSON.stringify(requireHere.resolve('tsx/cjs/api'))}).register();`,
  `require(${JSON.stringify(fileURLToPath(new URL('./heic-worker.ts', import.meta.url)))});`,
].join('\n');

interface PooledWorker {
  worker: Worker;
  ready: boolean;
  idleTimer?: NodeJS.Timeout;
}

const idle: PooledWorker[] = [];
let nextRequestId = 1;

export async function decodeHeicOffThread(
  input: Uint8Array,
  options: { maxPixels: number; timeoutMs?: number },
): Promise<DecodedHeic> {
  const pooled = idle.pop() ?? spawn();
  clearTimeout(pooled.idleTimer);
  pooled.worker.ref();
  // Copy exactly the photo's bytes (a Buffer may view a larger pool) and hand them over.
  const request: HeicDecodeRequest = { id: nextRequestId++, input: new Uint8Array(input), maxPixels: options.maxPixels };
  let response: HeicDecodeResult;
  try {
    response = await send(pooled, request, options.timeoutMs ?? HEIC_DECODE_TIMEOUT_MS);
  } catch (error) {
    void pooled.worker.terminate();
    throw error;
  }
  release(pooled);
  if (response.ok) return { width: response.width, height: response.height, rgba: response.rgba };
  const cause = new Error(`heic-decode: ${response.detail}`);
  if (response.reason === 'too_large') {
    throw new ImageRejectedError('too_large', { cause, userMessage: tooLargeMessage(options.maxPixels) });
  }
  throw new ImageRejectedError('unreadable', { cause });
}

/** Ends idle workers now (shutdown, tests); busy ones end when their photo is done. */
export async function closeHeicWorkers(): Promise<void> {
  const closing = idle.splice(0).map((pooled) => {
    clearTimeout(pooled.idleTimer);
    return pooled.worker.terminate();
  });
  await Promise.all(closing);
}

function spawn(): PooledWorker {
  const worker = new Worker(BOOTSTRAP, { eval: true, execArgv: [], stdout: true });
  const pooled: PooledWorker = { worker, ready: false };
  // libheif-js console.logs every file it cannot parse; that is the customer's file, not news.
  worker.stdout.resume();
  worker.on('message', (message: HeicWorkerMessage) => {
    if (message.id === 'ready') pooled.ready = true;
  });
  // Failures are reported to the request in flight; this keeps an idle failure from crashing us.
  worker.on('error', () => {});
  worker.once('exit', () => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
  });
  return pooled;
}

function release(pooled: PooledWorker): void {
  if (idle.length >= MAX_IDLE_WORKERS) {
    void pooled.worker.terminate();
    return;
  }
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    void pooled.worker.terminate();
  }, IDLE_WORKER_MS).unref();
  idle.push(pooled);
}

function send(
  pooled: PooledWorker,
  request: HeicDecodeRequest,
  timeoutMs: number,
): Promise<HeicDecodeResult> {
  const { worker } = pooled;
  return new Promise((resolve, reject) => {
    // Once the worker has loaded, a crash or a hang is caused by the photo (say, a crafted file
    // that exhausts libheif's memory), so the customer is told it could not be read. A worker
    // that never loaded is our fault and stays an ordinary error (a 500).
    const failed = (cause: Error) =>
      pooled.ready ? new ImageRejectedError('unreadable', { cause }) : cause;
    const timer = setTimeout(
      () => finish(failed(new Error(`HEIC decode took longer than ${timeoutMs} ms`))),
      timeoutMs,
    );
    const onMessage = (message: HeicWorkerMessage) => {
      if (message.id === request.id) finish(undefined, message);
    };
    const onError = (error: Error) => finish(failed(error));
    const onExit = (code: number) => finish(failed(new Error(`HEIC worker exited with code ${code}`)));
    function finish(error?: Error, message?: HeicWorkerMessage) {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) reject(error);
      else if (message && message.id !== 'ready') resolve(message);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request, [request.input.buffer as ArrayBuffer]);
  });
}
