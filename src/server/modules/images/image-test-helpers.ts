// Test-only helpers for the image module's tests: small binary builders and readers.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** The IFD0 tag that points at the GPS block; its presence means the photo carries a location. */
export const GPS_IFD_POINTER = 0x8825;

/** Tag ids in IFD0 of an EXIF block as sharp returns it ("Exif\0\0" + a TIFF structure). */
export function exifTagIds(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  return Array.from({ length: u16(ifd0) }, (_, i) => u16(ifd0 + 2 + 12 * i));
}

/**
 * How many times a 5 ms timer ran while work ran. Work that blocks the event loop lets it run
 * at most once or twice; work done on another thread lets it run many times, however loaded
 * the machine is (a count, not a duration, so the test cannot flake on a busy CI machine).
 */
export async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 5);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return ticks;
}

/** The RGB values of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

/**
 * A PNG whose header claims width x height, with one tiny IDAT: enough for any decoder to read
 * the size, without anyone spending seconds and gigabytes making a real one.
 */
export function craftedPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
