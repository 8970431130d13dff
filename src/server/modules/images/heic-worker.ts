// D7: HEIC is decoded by heic-decode (libheif compiled to WebAssembly), which holds its thread
// for 0.5–3 s on a 12 MP photo, so it runs here, in a worker thread, never on the event loop.
import { parentPort } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

export interface HeicDecodeRequest {
  id: number;
  input: Uint8Array;
  maxPixels: number;
}

export type HeicDecodeResult =
  | { id: number; ok: true; width: number; height: number; rgba: Uint8Array }
  | { id: number; ok: false; reason: 'too_large' | 'unreadable'; detail: string };

export type HeicWorkerMessage = { id: 'ready' } | HeicDecodeResult;

async function decode({ id, input, maxPixels }: HeicDecodeRequest): Promise<HeicDecodeResult> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    // all() parses the container and reads each image's size without decoding pixels yet.
    images = await decodeHeic.all({ buffer: input });
  } catch (error) {
    return { id, ok: false, reason: 'unreadable', detail: String(error) };
  }
  try {
    // The first top-level image, as heic-decode's own single-image decode chooses.
    const image = images[0];
    if (!image) return { id, ok: false, reason: 'unreadable', detail: 'no image in file' };
    if (image.width * image.height > maxPixels) {
      return { id, ok: false, reason: 'too_large', detail: `${image.width}x${image.height}` };
    }
    const { width, height, data } = await image.decode();
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return { id, ok: true, width, height, rgba };
  } catch (error) {
    return { id, ok: false, reason: 'unreadable', detail: String(error) };
  } finally {
    images.dispose();
  }
}

parentPort?.on('message', (request: HeicDecodeRequest) => {
  void decode(request).then((response) => {
    // Transfer, not copy, the decoded pixels (48 MB for 12 MP) back to the main thread.
    parentPort?.postMessage(response, response.ok ? [response.rgba.buffer as ArrayBuffer] : []);
  });
});

// Tells the host this file and heic-decode loaded, so a later crash is the photo's fault.
parentPort?.postMessage({ id: 'ready' } satisfies HeicWorkerMessage);
