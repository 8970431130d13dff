// D7: every photo is re-encoded from its pixels alone, so nothing the customer's camera or
// phone wrote (EXIF, GPS, maker notes, XMP, ICC) survives; only a display size and a thumbnail
// are kept, as JPEG, which every browser shows.
import { open, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { decodeHeicOffThread } from './heic-decoder';
import { ImageRejectedError, tooLargeMessage } from './image-errors';
import { SNIFF_BYTES, sniffImageType, type SniffedImageType } from './image-sniff';
import { Semaphore } from './semaphore';

export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
export const DISPLAY_MAX_EDGE = 2048;
export const THUMB_MAX_EDGE = 400;
export const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;
// JPEG has no transparency: see-through areas of a PNG or WebP become white, not black.
export const FLATTEN_BACKGROUND = '#ffffff';

export interface ProcessedVariant {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
}

export interface ProcessedImage {
  display: ProcessedVariant;
  thumb: ProcessedVariant;
  sourceType: SniffedImageType;
}

export interface ProcessImageOptions {
  /** Width × height above which a photo is refused before its pixels are decoded. */
  maxInputPixels?: number;
  /** Longest a HEIC decode may take before the worker is ended. */
  heicTimeoutMs?: number;
}

/**
 * Photos processed at once, process-wide. Each holds tens of megabytes of pixels (a 12 MP HEIC
 * is 48 MB of RGBA) and gets its share of the cores (below), so more would mostly add memory.
 * Exposed read-only so a route can refuse work when the queue is long.
 */
export const imageProcessingSlots = new Semaphore(2);

// Set once for the process (docs/decisions/0002-photo-processing-memory.md). Every photo is
// seen once, so libvips' operation cache would only hold memory. Threads: the slots share the
// cores, and never more than sharp's own choice, which is 1 on glibc unless MALLOC_ARENA_MAX is
// set (scripts/start.mjs sets it), so two photos on two cores leave the event loop its share.
sharp.cache(false);
sharp.concurrency(Math.min(sharp.concurrency(), Math.max(1, Math.floor(availableParallelism() / imageProcessingSlots.limit))));

export async function processImage(input: Buffer, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const sourceType = sniffImageType(input.subarray(0, SNIFF_BYTES));
  if (!sourceType) throw new ImageRejectedError('unsupported_type');
  return imageProcessingSlots.run(() => processSniffed(input, sourceType, options));
}

/**
 * processImage for a photo in a file. libvips reads JPEG, PNG and WebP from the file itself, and
 * a HEIC is read only once its turn comes, so photos waiting for a slot cost no memory.
 */
export async function processImageFile(path: string, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const sourceType = sniffImageType(await readHead(path));
  if (!sourceType) throw new ImageRejectedError('unsupported_type');
  return imageProcessingSlots.run(() => processSniffed(path, sourceType, options));
}

/** input is the photo's bytes or its file's path; a HEIC file is read whole, for its worker. */
async function processSniffed(input: Buffer | string, sourceType: SniffedImageType, options: ProcessImageOptions): Promise<ProcessedImage> {
  const maxPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const pixels =
    sourceType === 'heic'
      ? await heicPipeline(typeof input === 'string' ? await readFile(input) : input, maxPixels, options.heicTimeoutMs)
      : await rasterPipeline(input, sourceType, maxPixels);
  const { data, info } = await toDisplayPixels(pixels, maxPixels);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [display, thumb] = await Promise.all([
    encodeJpeg(sharp(data, raw)),
    encodeJpeg(
      sharp(data, raw).resize({
        width: THUMB_MAX_EDGE,
        height: THUMB_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ),
  ]);
  return { display, thumb, sourceType };
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function rasterPipeline(input: Buffer | string, sourceType: SniffedImageType, maxPixels: number): Promise<Sharp> {
  const options: SharpOptions = {
    limitInputPixels: maxPixels,
    // 'error' also fails on truncated data, but lets through the harmless libjpeg warnings
    // (extraneous bytes before a marker) that some phone cameras produce.
    failOn: 'error',
  };
  const meta = await sharp(input, options)
    .metadata()
    .catch((cause: unknown) => {
      throw rejectionFor(cause, maxPixels);
    });
  // libvips chooses its own loader; make sure it agrees with the magic bytes we accepted.
  if (meta.format !== sourceType) {
    throw new ImageRejectedError('unreadable', { cause: new Error(`sniffed ${sourceType}, sharp saw ${meta.format}`) });
  }
  checkPixelLimit(meta.width, meta.height, maxPixels);
  // rotate(): apply EXIF orientation to the pixels, since the tag itself is about to go.
  return sharp(input, options).rotate();
}

async function heicPipeline(input: Buffer, maxPixels: number, timeoutMs?: number): Promise<Sharp> {
  // sharp's prebuilt libheif has no HEVC decoder but parses the container, so an oversized
  // photo is refused here without starting a worker; the worker checks again before decoding.
  const meta = await sharp(input).metadata().catch(() => null);
  if (meta) checkPixelLimit(meta.width, meta.height, maxPixels);
  const decoded = await decodeHeicOffThread(input, { maxPixels, ...(timeoutMs ? { timeoutMs } : {}) });
  // libheif has already applied the HEIF rotation and mirror properties; raw pixels carry no
  // EXIF, so there is nothing more to orient.
  return sharp(decoded.rgba, {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
    limitInputPixels: maxPixels,
  });
}

function checkPixelLimit(width: number | undefined, height: number | undefined, maxPixels: number): void {
  if (width === undefined || height === undefined) return;
  if (width * height > maxPixels) {
    throw new ImageRejectedError('too_large', {
      cause: new Error(`${width}x${height}`),
      userMessage: tooLargeMessage(maxPixels),
    });
  }
}

/**
 * Decodes once to sRGB 8-bit pixels at display size. Raw pixels carry no metadata at all, so
 * both JPEGs are built from pixels alone; the thumbnail is resized from these, not re-decoded.
 */
async function toDisplayPixels(pipeline: Sharp, maxPixels: number) {
  try {
    return await pipeline
      .flatten({ background: FLATTEN_BACKGROUND })
      .resize({ width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw rejectionFor(cause, maxPixels);
  }
}

/** sharp reports an oversized header as "Input image exceeds pixel limit"; all else is damage. */
function rejectionFor(cause: unknown, maxPixels: number): ImageRejectedError {
  if (cause instanceof Error && /pixel limit/i.test(cause.message)) {
    return new ImageRejectedError('too_large', { cause, userMessage: tooLargeMessage(maxPixels) });
  }
  return new ImageRejectedError('unreadable', { cause });
}

async function encodeJpeg(pipeline: Sharp): Promise<ProcessedVariant> {
  const { data, info } = await pipeline.jpeg(JPEG_OPTIONS).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: 'image/jpeg' };
}
