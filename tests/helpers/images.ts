// Test photos made at run time with sharp, plus the committed HEIC sample.
import { readFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

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
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(100))), chunk('IEND', Buffer.alloc(0))]);
}
