import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeHeicWorkers } from './heic-decoder';
import { ImageRejectedError } from './image-errors';
import { type ProcessedImage, imageProcessingSlots, processImage, processImageFile } from './image-process';
import { craftedPngHeader, exifTagIds, GPS_IFD_POINTER, pixelAt, timerTicksDuring } from './image-test-helpers';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/images/${name}`, import.meta.url));
const solid = (width: number, height: number, background = '#b03030') =>
  sharp({ create: { width, height, channels: 3, background } });

afterAll(closeHeicWorkers);

/** Both outputs are metadata-free JPEGs of the stated size. */
async function expectCleanJpegs(result: ProcessedImage) {
  for (const variant of [result.display, result.thumb]) {
    expect(variant.contentType).toBe('image/jpeg');
    const meta = await sharp(variant.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: variant.width, height: variant.height, channels: 3 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  }
}

describe('processImage: accepted photos', () => {
  it('applies EXIF orientation to the pixels and strips EXIF, GPS and XMP', async () => {
    // 200x100, red left half and blue right half, to be shown rotated 90° clockwise.
    const pixels = await solid(200, 100, '#ff0000')
      .composite([{ input: await solid(100, 100, '#0000ff').png().toBuffer(), left: 100, top: 0 }])
      .png()
      .toBuffer();
    const input = await sharp(pixels)
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15', Orientation: '6' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 200, height: 100, orientation: 6 });
    expect(exifTagIds(before.exif!)).toContain(GPS_IFD_POINTER); // the fixture really has GPS
    expect(before.xmp).toBeDefined();

    const result = await processImage(input);
    expect(result.sourceType).toBe('jpeg');
    expect(result.display).toMatchObject({ width: 100, height: 200 });
    expect(result.thumb).toMatchObject({ width: 100, height: 200 }); // never enlarged
    await expectCleanJpegs(result);
    // Rotated clockwise, the red left half is now on top.
    const top = await pixelAt(result.display.data, 50, 20);
    const bottom = await pixelAt(result.display.data, 50, 180);
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);
  });

  it('fits a large JPEG within 2048 px for display and 400 px for the thumbnail', async () => {
    const result = await processImage(await solid(4000, 3000).jpeg().toBuffer());
    expect(result.display).toMatchObject({ width: 2048, height: 1536 });
    expect(result.thumb).toMatchObject({ width: 400, height: 300 });
    await expectCleanJpegs(result);
  });

  it('converts a PNG, turning transparency white', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const result = await processImage(png);
    expect(result.sourceType).toBe('png');
    expect(result.display).toMatchObject({ width: 300, height: 200 });
    expect(result.thumb).toMatchObject({ width: 300, height: 200 });
    await expectCleanJpegs(result);
    expect(Math.min(...(await pixelAt(result.display.data, 150, 100)))).toBeGreaterThan(245);
  });

  it('converts a WebP', async () => {
    const result = await processImage(await solid(1200, 2400).webp().toBuffer());
    expect(result.sourceType).toBe('webp');
    expect(result.display).toMatchObject({ width: 1024, height: 2048 });
    expect(result.thumb).toMatchObject({ width: 200, height: 400 });
    await expectCleanJpegs(result);
  });

  it('converts greyscale and 16-bit PNGs to 8-bit sRGB JPEG', async () => {
    const grey = await solid(64, 48, '#777').greyscale().png().toBuffer();
    const deep = await solid(64, 48).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    for (const input of [grey, deep]) await expectCleanJpegs(await processImage(input));
  });

  it('converts colours from an embedded profile (Display P3) to sRGB and drops the profile', async () => {
    const p3 = await solid(64, 64, '#c86432').withIccProfile('p3').jpeg({ quality: 100 }).toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const result = await processImage(p3);
    await expectCleanJpegs(result);
    const [r, g, b] = await pixelAt(result.display.data, 32, 32);
    expect(Math.abs(r! - 0xc8) + Math.abs(g! - 0x64) + Math.abs(b! - 0x32)).toBeLessThan(12);
  });

  it('converts HEIC to JPEG that looks like the same picture', async () => {
    const result = await processImage(fixture('sample.heic'));
    expect(result.sourceType).toBe('heic');
    expect(result.display).toMatchObject({ width: 640, height: 480 });
    expect(result.thumb).toMatchObject({ width: 400, height: 300 });
    await expectCleanJpegs(result);
    // sample.jpg is the same scene (at 800x600): the average colours agree.
    const [heicStats, jpegStats] = await Promise.all([sharp(result.display.data).stats(), sharp(fixture('sample.jpg')).stats()]);
    heicStats.channels.forEach((channel, i) => expect(Math.abs(channel.mean - jpegStats.channels[i]!.mean)).toBeLessThan(8));
  });

  it('keeps the event loop responsive while a 12 MP HEIC decodes', async () => {
    const heic = fixture('sample-12mp.heic');
    const offThread = await timerTicksDuring(async () => {
      const result = await processImage(heic);
      expect(result.display).toMatchObject({ width: 2048, height: 1536 });
    });
    expect(offThread).toBeGreaterThanOrEqual(5);
    // Control: the same decode on this thread lets the timer run at most once or twice, so
    // the check above would catch a decode that slipped back onto the event loop.
    const { default: decodeOnThisThread } = await import('heic-decode');
    await decodeOnThisThread({ buffer: fixture('sample.heic') }); // load the WebAssembly first
    const onThread = await timerTicksDuring(() => decodeOnThisThread({ buffer: heic }));
    expect(onThread).toBeLessThanOrEqual(2);
  }, 30_000);

  it('processes at most two photos at a time', async () => {
    const inputs = await Promise.all(Array.from({ length: 6 }, () => solid(2400, 1800).jpeg().toBuffer()));
    let peak = 0;
    const watcher = setInterval(() => (peak = Math.max(peak, imageProcessingSlots.active)), 1);
    try {
      const pending = inputs.map((input) => processImage(input));
      expect(imageProcessingSlots.waiting).toBe(4);
      await Promise.all(pending);
    } finally {
      clearInterval(watcher);
    }
    expect(peak).toBe(2);
    expect(imageProcessingSlots.active).toBe(0);
  }, 30_000);
});

describe('processImage: refused photos', () => {
  const unreadable = 'This photo could not be read. It may be damaged or incomplete.';
  const wrongType = 'File type must be JPEG, PNG, WebP or HEIC';

  async function rejection(input: Buffer, options?: Parameters<typeof processImage>[1]) {
    const error = await processImage(input, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    return error as ImageRejectedError;
  }

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'],
    ['a text file named .jpg', 'Not a photo\n'],
    ['an HTML page', '<!doctype html><title>x</title>'],
  ])('refuses %s by type', async (_name, text) => {
    const error = await rejection(Buffer.from(text));
    expect(error).toMatchObject({ reason: 'unsupported_type', userMessage: wrongType, statusCode: 422 });
  });

  it('refuses a GIF by type', async () => {
    expect(await rejection(await solid(10, 10).gif().toBuffer())).toMatchObject({ userMessage: wrongType });
  });

  it('refuses a truncated JPEG, PNG, WebP or HEIC as unreadable', async () => {
    const photo = sharp(fixture('sample.jpg'));
    const truncated = async (data: Buffer) => data.subarray(0, Math.floor(data.length * 0.6));
    const inputs = [
      await truncated(fixture('sample.jpg')),
      await truncated(await photo.clone().png().toBuffer()),
      await truncated(await photo.clone().webp().toBuffer()),
      await truncated(fixture('sample.heic')),
    ];
    for (const input of inputs) {
      expect(await rejection(input)).toMatchObject({ reason: 'unreadable', userMessage: unreadable });
    }
  });

  it('refuses bytes that start like a JPEG but are not one', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]);
    expect(await rejection(fake)).toMatchObject({ reason: 'unreadable', userMessage: unreadable });
  });

  it('refuses a 20,000 x 20,000 PNG without decoding it', async () => {
    const started = performance.now();
    const error = await rejection(craftedPngHeader(20_000, 20_000));
    expect(error).toMatchObject({
      reason: 'too_large',
      userMessage: 'This photo is too large to process (maximum 50 megapixels)',
    });
    // Decoding 400 megapixels would take tens of seconds and over a gigabyte; reading the
    // header takes milliseconds. The bound is loose so that a busy machine cannot fail it.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('applies a lower pixel limit when given one, to JPEG and HEIC alike', async () => {
    const jpeg = await solid(3000, 2000).jpeg().toBuffer();
    const message = 'This photo is too large to process (maximum 5 megapixels)';
    expect(await rejection(jpeg, { maxInputPixels: 5_000_000 })).toMatchObject({ reason: 'too_large', userMessage: message });
    const heic = fixture('sample-12mp.heic');
    expect(await rejection(heic, { maxInputPixels: 5_000_000 })).toMatchObject({ reason: 'too_large', userMessage: message });
  });
});

describe('processImageFile: a photo received into a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'image-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const saved = (data: Buffer) => {
    const path = join(dir, `photo-${count++}`);
    writeFileSync(path, data);
    return path;
  };
  const outcome = (result: Promise<ProcessedImage>) =>
    result.then(
      ({ display, thumb, sourceType }) => ({ sourceType, display: [display.width, display.height], thumb: [thumb.width, thumb.height] }),
      (error: unknown) => (error instanceof ImageRejectedError ? { reason: error.reason, userMessage: error.userMessage } : error),
    );

  it('gives the same photos and the same refusals as processImage', async () => {
    const jpeg = await solid(4000, 3000).jpeg().toBuffer();
    const inputs = [
      jpeg,
      await solid(300, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
      await solid(1200, 2400).webp().toBuffer(),
      await solid(640, 480).png().toBuffer(),
      fixture('sample.heic'),
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      craftedPngHeader(20_000, 20_000),
    ];
    for (const input of inputs) {
      expect(await outcome(processImageFile(saved(input)))).toEqual(await outcome(processImage(input)));
    }
  }, 30_000);

  it('shares the two processing slots with every other photo', async () => {
    const path = saved(await solid(2400, 1800).jpeg().toBuffer());
    let peak = 0;
    const watcher = setInterval(() => (peak = Math.max(peak, imageProcessingSlots.active)), 1);
    try {
      await Promise.all(Array.from({ length: 5 }, () => processImageFile(path)));
    } finally {
      clearInterval(watcher);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(imageProcessingSlots.active).toBe(0);
  }, 30_000);
});
