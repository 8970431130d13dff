// The server that scripts/bench-intake.ts measures, run as a child process so its memory is
// measured alone. It is the real app (buildApp, settings from the environment) plus one route
// that exists only here: POST /bench/sink, which receives a request body into /dev/null, the
// yardstick for how long the same bytes take to arrive with no work done on them.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../src/server/app';
import { stopIdleTimeout } from '../src/server/plugins/timeouts';
import { loadConfig } from '../src/server/config/config';
import { DEFAULT_MAX_INPUT_PIXELS, DISPLAY_MAX_EDGE, FLATTEN_BACKGROUND, imageProcessingSlots, JPEG_OPTIONS, THUMB_MAX_EDGE } from '../src/server/modules/images';

const config = loadConfig();
const app = await buildApp(config);

await app.register(async (plain) => {
  const bench = plain.withTypeProvider<ZodTypeProvider>();
  // The app answers a multipart body 415 outside its upload routes (plugins/uploads.ts); the sink
  // leaves the body unparsed and reads the raw stream itself.
  bench.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  bench.post('/bench/sink', { schema: { response: { 200: z.object({ bytes: z.number() }) } } }, async (request) => {
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

  // The floor: the same photos through sharp alone, in this process with its settings, doing
  // what each photo costs at its least — decode with EXIF orientation, flatten, resize to the
  // display size once to raw pixels, then encode the display JPEG and the thumbnail from them —
  // two photos at a time, as the app's processing slots allow. No HTTP, no multipart, no
  // sniffing, no queue, no store, no database: what is above this is the app's.
  bench.post(
    '/bench/sharp-alone',
    { schema: { body: z.object({ paths: z.array(z.string()) }), response: { 200: z.object({ ms: z.number() }) } } },
    async (request) => {
      // Silent until done, like a submission after its upload: on a busy machine that can pass the
      // server's 30 s idle timeout, which the upload route lifts too (stopIdleTimeout).
      stopIdleTimeout(request);
      const photos = await Promise.all(request.body.paths.map((path) => readFile(path)));
      const started = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < photos.length) await sharpAlone(photos[next++]!);
      };
      await Promise.all(Array.from({ length: imageProcessingSlots.limit }, worker));
      return { ms: performance.now() - started };
    },
  );
});

async function sharpAlone(photo: Buffer): Promise<void> {
  const { data, info } = await sharp(photo, { limitInputPixels: DEFAULT_MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: FLATTEN_BACKGROUND })
    .resize({ width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([
    sharp(data, raw).jpeg(JPEG_OPTIONS).toBuffer(),
    sharp(data, raw).resize({ width: THUMB_MAX_EDGE, height: THUMB_MAX_EDGE, fit: 'inside', withoutEnlargement: true }).jpeg(JPEG_OPTIONS).toBuffer(),
  ]);
}

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
