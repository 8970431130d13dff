// Test photos made at run time with sharp, plus the committed HEIC sample.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { craftedPngHeader } from '../../src/server/modules/images';

export async function jpegPhoto(width = 1200, height = 800, options: { gps?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="10%" y="40%" width="80%" height="8" fill="#ddd"/></svg>`) }])
    .jpeg({ quality: 85 });
  if (options.gps) {
    image = image.withExif({ IFD0: { Make: 'TestPhone', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } });
  }
  return image.toBuffer();
}

export async function pngPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
}

export function heicPhoto(): Buffer {
  return readFileSync(new URL('../fixtures/images/sample.heic', import.meta.url));
}

/** A small, valid PNG whose header claims 20,000 × 20,000 pixels: it must be refused unread. */
export function hugePng(): Buffer {
  return craftedPngHeader(20_000, 20_000);
}
