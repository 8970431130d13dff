import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImageType } from './image-sniff';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/images/${name}`, import.meta.url));
const tiny = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });

/** An ISO-BMFF file start: an ftyp box with the given major and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  box.write('\0\0\0\0meta', size, 'latin1');
  return box;
}

describe('sniffImageType', () => {
  it('recognises real JPEG, PNG and WebP files by their bytes', async () => {
    expect(sniffImageType(await tiny().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await tiny().png().toBuffer())).toBe('png');
    expect(sniffImageType(await tiny().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await tiny().webp({ lossless: true }).toBuffer())).toBe('webp');
  });

  it('recognises the committed HEIC fixtures from their first bytes alone', () => {
    expect(sniffImageType(fixture('sample.heic').subarray(0, SNIFF_BYTES))).toBe('heic');
    expect(sniffImageType(fixture('sample-12mp.heic').subarray(0, 32))).toBe('heic');
    expect(sniffImageType(fixture('sample.jpg'))).toBe('jpeg');
  });

  it.each([
    ['heic', ['mif1', 'heic']],
    ['heix', ['mif1', 'heix']],
    ['hevc', ['msf1', 'hevc']],
    ['hevx', ['msf1', 'hevx']],
    ['heim', ['mif1']],
    ['heis', ['mif1']],
    ['mif1', ['mif1', 'heic', 'miaf']],
    ['mif1', ['MiHE', 'heix']],
    ['msf1', ['msf1', 'hevc']],
  ])('accepts HEVC HEIF with major brand %s and compatible %j', (major, compatible) => {
    expect(sniffImageType(ftyp(major, ...compatible))).toBe('heic');
  });

  it.each([
    ['avif', ['mif1', 'miaf']],
    ['avis', ['msf1', 'avif']],
    ['mif1', ['mif1', 'avif', 'miaf']],
    ['mif1', ['mif1', 'miaf']], // codec unknown: not provably HEVC
    ['mif1', ['avif', 'heic']], // mixed: refuse rather than guess
    ['isom', ['isom', 'mp41']], // an MP4 video
    ['qt  ', ['qt  ']], // a QuickTime movie
    ['jxl ', []],
  ])('refuses major brand %s with compatible %j', (major, compatible) => {
    expect(sniffImageType(ftyp(major, ...compatible))).toBeNull();
  });

  it('refuses a real AVIF encoded by sharp', async () => {
    const avif = await tiny().avif().toBuffer();
    expect(Buffer.from(avif.subarray(4, 8)).toString('latin1')).toBe('ftyp');
    expect(sniffImageType(avif)).toBeNull();
  });

  it('refuses an ftyp box whose size field is nonsense', () => {
    const box = Buffer.from(ftyp('heic', 'mif1'));
    box.writeUInt32BE(7, 0);
    expect(sniffImageType(box)).toBeNull();
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['SVG with XML prolog', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'],
    ['text named .jpg', 'This is not a photo of my car, honest.\n'],
    ['PDF', '%PDF-1.7\n%âãÏÓ\n'],
    ['a RIFF that is not WebP', 'RIFF\x24\x00\x00\x00WAVEfmt '],
    ['JPEG magic cut short', '\xff\xd8'],
    ['PNG signature cut short', '\x89PNG\r\n'],
    ['empty input', ''],
  ])('refuses %s', (_name, content) => {
    expect(sniffImageType(Buffer.from(content, 'latin1'))).toBeNull();
  });

  it('refuses GIF, even a real one', async () => {
    expect(sniffImageType(await tiny().gif().toBuffer())).toBeNull();
  });

  it('refuses an SVG even with leading whitespace or a byte-order mark', () => {
    expect(sniffImageType(Buffer.from('\ufeff  <svg/>', 'utf8'))).toBeNull();
  });
});
