// npm run bench:abuse: issue 7's findings 2 and 3 against the real server, started as a child
// process on an ephemeral port and reached only on 127.0.0.1. Prints how long a bystander's
// one-photo submission and a bystander's page load take while one address floods photos, and
// while 30 sign-ins arrive at once. Targets: submission ≤ 5 s, page ≤ 500 ms. Every loop is
// bounded in count and time. TRUST_PROXY lets X-Forwarded-For stand for distinct addresses.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipartBody, validDetails } from '../tests/helpers/multipart';

const FLOOD_SUBMISSIONS = 30; // one address's whole hourly allowance, at once
const PHOTOS_PER_SUBMISSION = 10;
const SIGN_INS = 30;
const REQUEST_LIMIT_MS = 120_000;

const heic = readFileSync('tests/fixtures/images/sample-12mp.heic');
const jpeg = readFileSync('tests/fixtures/images/sample.jpg');
const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-bench-abuse-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  env: { ...process.env, NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
  let buffered = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]!);
    }
    if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
  });
  server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});

let addressCounter = 0;
const newAddress = () => `10.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}.${1 + (addressCounter % 200)}`;

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await run().catch(() => null);
  await response?.arrayBuffer().catch(() => {});
  return { ms: performance.now() - started, status: response?.status ?? 0 };
}

function submit(address: string, photos: Buffer[], type: string) {
  const { body, headers } = multipartBody(validDetails, photos.map((data, i) => ({ filename: `${i}.${type === 'image/heic' ? 'heic' : 'jpg'}`, contentType: type, data })));
  return fetch(`${base}/api/assessments`, { method: 'POST', body: new Uint8Array(body), headers: { ...headers, 'x-forwarded-for': address }, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
}

const bystanderSubmission = () => timed(() => submit(newAddress(), [jpeg], 'image/jpeg'));
const bystanderPage = () => timed(() => fetch(`${base}/`, { headers: { 'x-forwarded-for': newAddress() }, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label: string, load: () => Promise<{ status: number }[]>) {
  const loadDone = load();
  await pause(500); // let the load take hold
  const [submission, page] = await Promise.all([bystanderSubmission(), bystanderPage()]);
  const statuses = await loadDone;
  const counts = new Map<number, number>();
  for (const { status } of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const tally = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n}×${status}`).join(', ');
  const verdict = (ms: number, target: number) => (ms <= target ? 'PASS' : 'FAIL');
  console.log(`\n${label}`);
  console.log(`  attacker's requests:              ${tally}`);
  console.log(`  bystander one-photo submission:   ${(submission.ms / 1000).toFixed(2)} s (HTTP ${submission.status}) ${verdict(submission.ms, 5_000)} (target ≤ 5 s)`);
  console.log(`  bystander page load (GET /):      ${page.ms.toFixed(0)} ms (HTTP ${page.status}) ${verdict(page.ms, 500)} (target ≤ 500 ms)`);
  return submission.ms <= 5_000 && page.ms <= 500;
}

try {
  console.log(`AutoRevive bench:abuse against ${base} (child pid ${server.pid})`);
  await bystanderSubmission(); // warm up
  const idleSubmission = await bystanderSubmission();
  const idlePage = await bystanderPage();
  console.log(`\nIdle: one-photo submission ${(idleSubmission.ms / 1000).toFixed(2)} s (HTTP ${idleSubmission.status}); page ${idlePage.ms.toFixed(0)} ms (HTTP ${idlePage.status})`);

  const flooder = newAddress();
  const floodOk = await measure(`One address sends ${FLOOD_SUBMISSIONS} submissions of ${PHOTOS_PER_SUBMISSION} 12 MP HEIC photos at once`, () =>
    Promise.all(Array.from({ length: FLOOD_SUBMISSIONS }, () => timed(() => submit(flooder, Array(PHOTOS_PER_SUBMISSION).fill(heic), 'image/heic')))),
  );
  const signInOk = await measure(`${SIGN_INS} sign-ins arrive at once (unknown e-mails, distinct addresses)`, () =>
    Promise.all(
      Array.from({ length: SIGN_INS }, (_, i) =>
        timed(() =>
          fetch(`${base}/api/auth/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
            body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'a guess' }),
            signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
          }),
        ),
      ),
    ),
  );
  console.log(`\n${floodOk && signInOk ? 'PASS' : 'FAIL'}: bystanders ${floodOk && signInOk ? 'stay within' : 'miss'} the targets`);
  process.exitCode = floodOk && signInOk ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
