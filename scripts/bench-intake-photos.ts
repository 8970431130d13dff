// Photos for scripts/bench-intake.ts: ten different 24-megapixel JPEGs (6000×4000, what a
// DSLR or a recent phone writes) of a car against sky and tarmac, with sensor-like grain so
// each really is 9.5–10 MiB, just under the 10 MiB limit (D7). Made once with sharp and kept
// in the system's temporary folder, so later runs start at once.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoRules } from '../src/shared/customer-details';

const WIDTH = 6000;
const HEIGHT = 4000;
const QUALITY = 93;
export const MIN_PHOTO_BYTES = Math.round(9.5 * 1024 * 1024);
export const MAX_PHOTO_BYTES = photoRules.maxBytes - 32 * 1024;
const CACHE_DIR = join(tmpdir(), `autorevive-bench-photos-${WIDTH}x${HEIGHT}-q${QUALITY}`);
const MAX_TRIES = 14;

/** Paths of `count` cached photos, making any that are missing. */
export async function benchPhotos(count: number): Promise<string[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const paths: string[] = [];
  let grain = 12;
  for (let index = 0; index < count; index++) {
    const path = join(CACHE_DIR, `photo-${index}.jpg`);
    if (!fits(path)) {
      const started = performance.now();
      const made = await makePhoto(index, grain);
      grain = made.grain;
      writeFileSync(`${path}.tmp`, made.jpeg);
      renameSync(`${path}.tmp`, path);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  made ${path} (${mb(made.jpeg.length)} MB, grain σ≈${grain.toFixed(1)}, ${seconds} s)`);
    }
    paths.push(path);
  }
  return paths;
}

function fits(path: string): boolean {
  if (!existsSync(path)) return false;
  const { size } = statSync(path);
  return size >= MIN_PHOTO_BYTES && size <= MAX_PHOTO_BYTES;
}

/** Bisects the grain strength until the JPEG lands inside the size window. */
async function makePhoto(index: number, firstGuess: number): Promise<{ jpeg: Buffer; grain: number }> {
  const scene = await sharp(Buffer.from(sceneSvg(index))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grainy = Buffer.allocUnsafe(scene.data.length);
  let low = 2;
  let high = 40;
  let grain = firstGuess;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    addGrain(scene.data, grainy, grain, index + 1);
    const jpeg = await sharp(grainy, { raw: scene.info })
      .jpeg({ quality: QUALITY })
      .withExif({ IFD0: { Make: 'AutoRevive', Model: 'Bench 24MP', Software: 'bench-intake' } })
      .toBuffer();
    if (jpeg.length >= MIN_PHOTO_BYTES && jpeg.length <= MAX_PHOTO_BYTES) return { jpeg, grain };
    if (jpeg.length < MIN_PHOTO_BYTES) low = grain;
    else high = grain;
    grain = (low + high) / 2;
  }
  throw new Error(`Could not make bench photo ${index} between ${MIN_PHOTO_BYTES} and ${MAX_PHOTO_BYTES} bytes`);
}

/** Roughly Gaussian noise (the sum of four uniform bytes) of standard deviation ≈ sigma. */
function addGrain(source: Buffer, target: Buffer, sigma: number, seed: number): void {
  let state = (seed * 2_654_435_761) >>> 0;
  const scale = sigma / 148;
  for (let i = 0; i < source.length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const noise = (state & 0xff) + ((state >>> 8) & 0xff) + ((state >>> 16) & 0xff) + (state >>> 24) - 510;
    const value = source[i]! + noise * scale;
    target[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
}

/** A car side-on: body colour, position and the scratch differ from photo to photo. */
function sceneSvg(index: number): string {
  const hue = (index * 37) % 360;
  const shift = ((index % 5) - 2) * 0.03;
  const w = WIDTH;
  const h = HEIGHT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f9fd8"/><stop offset="1" stop-color="#e4ecf2"/></linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b6f73"/><stop offset="1" stop-color="#3a3d40"/></linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="0.35" stop-color="hsl(${hue},60%,45%)"/>
      <stop offset="1" stop-color="hsl(${hue},65%,18%)"/>
    </linearGradient>
    <radialGradient id="dent" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <rect y="${h * 0.62}" width="100%" height="${h * 0.38}" fill="url(#road)"/>
  <path d="M ${w * (0.08 + shift)} ${h * 0.66} L ${w * (0.12 + shift)} ${h * 0.45} Q ${w * (0.3 + shift)} ${h * 0.22} ${w * (0.55 + shift)} ${h * 0.24}
    L ${w * (0.78 + shift)} ${h * 0.42} L ${w * (0.92 + shift)} ${h * 0.47} L ${w * (0.93 + shift)} ${h * 0.66} Z" fill="url(#paint)"/>
  <path d="M ${w * (0.3 + shift)} ${h * 0.3} L ${w * (0.52 + shift)} ${h * 0.28} L ${w * (0.68 + shift)} ${h * 0.41} L ${w * (0.26 + shift)} ${h * 0.42} Z" fill="#1d2a36" opacity="0.85"/>
  <circle cx="${w * (0.24 + shift)}" cy="${h * 0.66}" r="${h * 0.1}" fill="#141414"/><circle cx="${w * (0.24 + shift)}" cy="${h * 0.66}" r="${h * 0.05}" fill="#9aa0a6"/>
  <circle cx="${w * (0.78 + shift)}" cy="${h * 0.66}" r="${h * 0.1}" fill="#141414"/><circle cx="${w * (0.78 + shift)}" cy="${h * 0.66}" r="${h * 0.05}" fill="#9aa0a6"/>
  <ellipse cx="${w * (0.45 + shift)}" cy="${h * 0.52}" rx="${w * 0.05}" ry="${h * 0.04}" fill="url(#dent)"/>
  <path d="M ${w * (0.33 + shift)} ${h * (0.5 + index * 0.004)} Q ${w * (0.5 + shift)} ${h * 0.47} ${w * (0.7 + shift)} ${h * 0.53}" stroke="#e8e8e8" stroke-width="${6 + index}" fill="none"/>
</svg>`;
}

export function mb(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}
