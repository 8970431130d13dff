import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { closeHeicWorkers, decodeHeicOffThread } from './heic-decoder';
import { ImageRejectedError } from './image-errors';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/images/${name}`, import.meta.url));
const MAX = 50_000_000;

afterAll(closeHeicWorkers);

describe('decodeHeicOffThread', () => {
  it('decodes the HEIC fixture to RGBA pixels in a worker', async () => {
    const decoded = await decodeHeicOffThread(fixture('sample.heic'), { maxPixels: MAX });
    expect(decoded).toMatchObject({ width: 640, height: 480 });
    expect(decoded.rgba.byteLength).toBe(640 * 480 * 4);
    // The fixture is a blue car panel: blue dominates the middle of the picture.
    const middle = (240 * 640 + 320) * 4;
    expect(decoded.rgba[middle + 2]!).toBeGreaterThan(decoded.rgba[middle]!);
  });

  it('refuses a photo over the pixel limit before decoding it', async () => {
    const error = await decodeHeicOffThread(fixture('sample.heic'), { maxPixels: 100_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ reason: 'too_large' });
  });

  it('reports a damaged file as unreadable, and keeps working afterwards', async () => {
    const heic = fixture('sample.heic');
    const damaged = Buffer.concat([heic.subarray(0, 400), Buffer.alloc(2000, 0x5a)]);
    const error = await decodeHeicOffThread(damaged, { maxPixels: MAX }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ reason: 'unreadable' });
    const halfMissing = await decodeHeicOffThread(heic.subarray(0, heic.length / 2), { maxPixels: MAX }).catch(
      (e: unknown) => e,
    );
    expect(halfMissing).toMatchObject({ reason: 'unreadable' });
    await expect(decodeHeicOffThread(heic, { maxPixels: MAX })).resolves.toMatchObject({ width: 640 });
  });

  it('ends a decode that runs past its time limit, and starts a fresh worker next time', async () => {
    const error = await decodeHeicOffThread(fixture('sample-12mp.heic'), { maxPixels: MAX, timeoutMs: 20 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(String((error as Error).cause)).toMatch(/longer than 20 ms/);
    await expect(decodeHeicOffThread(fixture('sample.heic'), { maxPixels: MAX })).resolves.toMatchObject({
      width: 640,
    });
  });

  it('also works when the server runs under tsx rather than vitest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'autorevive-heic-'));
    try {
      const script = join(dir, 'decode.mts');
      const decoderUrl = new URL('./heic-decoder.ts', import.meta.url).href;
      const heicPath = fileURLToPath(new URL('../../../../tests/fixtures/images/sample.heic', import.meta.url));
      await writeFile(
        script,
        [
          `import { readFileSync } from 'node:fs';`,
          `const { decodeHeicOffThread, closeHeicWorkers } = await import(${JSON.stringify(decoderUrl)});`,
          `const out = await decodeHeicOffThread(readFileSync(${JSON.stringify(heicPath)}), { maxPixels: 5e7 });`,
          `console.log(JSON.stringify({ width: out.width, height: out.height, bytes: out.rgba.byteLength }));`,
          `await closeHeicWorkers();`,
        ].join('\n'),
      );
      const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsxLoader, script], {
        timeout: 30_000,
      });
      expect(JSON.parse(stdout)).toEqual({ width: 640, height: 480, bytes: 640 * 480 * 4 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
