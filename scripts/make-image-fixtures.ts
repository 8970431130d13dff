// Regenerates the committed photo fixtures in tests/fixtures/images/ (D7):
//   sample.jpg  - an 800x600 car-panel-with-a-scratch picture for browser tests
//   sample.heic - the same scene at 640x480, HEVC-coded, so HEIC tests need no libheif on CI
//   sample-12mp.heic - the scene at 4032x3024 (an iPhone's 12 MP), for the event-loop test:
//                 only a decode that takes seconds shows whether it really runs off-thread
// Needs Debian's libheif-examples (heif-enc) on this machine only. Run: npx tsx scripts/make-image-fixtures.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const outDir = new URL('../tests/fixtures/images/', import.meta.url);
const MAX_FIXTURE_BYTES = 100 * 1024;

/** A blue car door in daylight: sky reflection, a body line, a dent and a long scratch. */
function sceneSvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600">
  <defs>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c9d6e3"/><stop offset="0.28" stop-color="#5d7fa6"/>
      <stop offset="0.55" stop-color="#2a4f82"/><stop offset="1" stop-color="#17345c"/>
    </linearGradient>
    <radialGradient id="dent" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#0a1830" stop-opacity="0.75"/>
      <stop offset="0.7" stop-color="#2b4f7f" stop-opacity="0.3"/>
      <stop offset="1" stop-color="#2b4f7f" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft" x="-50%" y="-300%" width="200%" height="700%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="800" height="600" fill="url(#paint)"/>
  <path d="M0 250 C 200 235, 600 235, 800 250 L 800 262 C 600 247, 200 247, 0 262 Z" fill="#dfe8f2" opacity="0.55"/>
  <ellipse cx="330" cy="110" rx="300" ry="38" fill="#fff" opacity="0.35" filter="url(#soft)"/>
  <ellipse cx="470" cy="390" rx="120" ry="80" fill="url(#dent)"/>
  <path d="M170 330 C 260 350, 340 372, 420 380 S 560 400, 640 430" stroke="#e9eef2" stroke-width="5"
        fill="none" stroke-linecap="round" opacity="0.9"/>
  <path d="M176 334 C 262 354, 342 376, 424 384" stroke="#8a99a8" stroke-width="2" fill="none" opacity="0.8"/>
  <path d="M0 560 Q 400 520 800 560 L 800 600 L 0 600 Z" fill="#111"/>
</svg>`;
}

async function scene(width: number, height: number, grainSigma = 24): Promise<Buffer> {
  const drawn = await sharp(Buffer.from(sceneSvg(width, height))).removeAlpha().raw().toBuffer();
  // Light sensor noise, so the picture compresses like a photo rather than a drawing.
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 0, sigma: grainSigma } },
  }).raw().toBuffer();
  return sharp(drawn, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

async function main() {
  const jpegPath = new URL('sample.jpg', outDir);
  writeFileSync(jpegPath, await scene(800, 600));

  const work = mkdtempSync(join(tmpdir(), 'autorevive-fixtures-'));
  try {
    const heics = [
      { name: 'sample.heic', width: 640, height: 480, grain: 24, quality: 50 },
      // Less grain and a lower quality keep twelve megapixels under 100 KB.
      { name: 'sample-12mp.heic', width: 4032, height: 3024, grain: 14, quality: 30 },
    ];
    for (const { name, width, height, grain, quality } of heics) {
      const source = join(work, `${name}.jpg`);
      writeFileSync(source, await scene(width, height, grain));
      execFileSync('heif-enc', ['--quality', String(quality), '--output', new URL(name, outDir).pathname, source]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  for (const name of ['sample.jpg', 'sample.heic', 'sample-12mp.heic']) {
    const bytes = statSync(new URL(name, outDir)).size;
    if (bytes > MAX_FIXTURE_BYTES) throw new Error(`${name} is ${bytes} bytes; keep fixtures under 100 KB`);
    console.log(`${name}: ${bytes} bytes`);
  }
}

await main();
