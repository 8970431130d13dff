import { readFileSync } from 'node:fs';
import { processImage } from './image-process';
import { closeHeicWorkers, decodeHeicOffThread } from './heic-decoder';
const files = ['/tmp/imgexp/real.jpg', '/tmp/imgexp/big.jpg', '/tmp/imgexp/real.heic', '/tmp/imgexp/big.heic', '/work/main/tests/fixtures/images/sample-12mp.heic'];
for (const f of files) {
  const input = readFileSync(f);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) { const t = performance.now(); await processImage(input); times.push(Math.round(performance.now() - t)); }
  let dec = '';
  if (f.endsWith('.heic')) { const d: number[] = []; for (let i = 0; i < 3; i++) { const t = performance.now(); await decodeHeicOffThread(input, { maxPixels: 5e7 }); d.push(Math.round(performance.now() - t)); } dec = ' decode-only ' + d.join('/'); }
  console.log(f.split('/').pop(), (input.length / 1e6).toFixed(2) + 'MB', 'processImage ms', times.join('/') + dec);
}
// 10 at once
const real = readFileSync('/tmp/imgexp/real.jpg');
let t = performance.now(); await Promise.all(Array.from({ length: 10 }, () => processImage(real))); console.log('10 JPEG at once', Math.round(performance.now() - t));
const rh = readFileSync('/tmp/imgexp/real.heic');
t = performance.now(); await Promise.all(Array.from({ length: 10 }, () => processImage(rh))); console.log('10 HEIC at once', Math.round(performance.now() - t));
console.log('rss MB', Math.round(process.memoryUsage().rss / 1e6));
await closeHeicWorkers();
