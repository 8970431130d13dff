// The server that scripts/bench-intake.ts measures, run as a child process so its memory is
// measured alone. It is the real app (buildApp, settings from the environment) plus one route
// that exists only here: POST /bench/sink, which receives a request body into /dev/null, the
// yardstick for how long the same bytes take to arrive with no work done on them.
import { createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { z } from 'zod';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/config';

const config = loadConfig();
const app = await buildApp(config);

app.post('/bench/sink', { schema: { response: { 200: z.object({ bytes: z.number() }) } } }, async (request) => {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(request.raw, counter, createWriteStream('/dev/null'));
  return { bytes };
});

await app.listen({ host: config.host, port: config.port });
const { port } = app.server.address() as AddressInfo;
const info = {
  sharpConcurrency: sharp.concurrency(),
  sharpCacheMb: sharp.cache().memory.max,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? 'unset',
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? 'unset',
};
process.send?.({ type: 'ready', pid: process.pid, port, info });

// Between measurements the bench asks for a full collection, so each baseline is the memory
// really in use rather than the last submission's garbage (a lower, stricter baseline).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'gc') return;
  collectGarbage();
  process.send?.({ type: 'gc-done' });
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The bench went away without stopping us: stop anyway rather than linger.
process.on('disconnect', () => void shutdown());
