// Issue 9's numbers: how many reads a second the API serves, against bare Fastify.
//   npm run bench:api                          5 s warm-up + 10 s measured per endpoint
//   npm run bench:api -- --warmup=1 --duration=3   a quick look (or BENCH_WARMUP, BENCH_DURATION)
//   npm run bench:api -- --rounds=5                turns bare Fastify and each endpoint take (BENCH_ROUNDS)
//   npm run bench:api -- --only=site,assessment    some endpoints only (names as in ENDPOINTS, and
//                                                  reference for the stack's own read, below)
//   npm run bench:api -- --engines=pglite          skip the PostgreSQL server
//   npm run bench:api -- --profile=DIR             the product runs with --cpu-prof into DIR
//                                                  (DIR/<engine>/; one file per thread, the largest is
//                                                  the main one: scripts/cpu-profile-top.ts summarises)
// Builds the web app when it is not current, then for each engine (PGlite always; a PostgreSQL
// server too when DATABASE_URL or TEST_DATABASE_URL is set, on a database made for the run and
// dropped after) seeds the demo data and an admin with the product's own CLIs, starts the
// server as `npm start` does (scripts/start.mjs's environment, default log level) in a child
// process on a free loopback port and a fresh DATA_DIR, and creates what the reads need
// through the real API: one assessment with a generated photo (its grant cookie) and an admin
// session. A bare Fastify hello-world in a separate process takes turns with each endpoint
// (--rounds, 3 by default, share the measured time), and each endpoint's throughput is given as
// the median of its rounds' shares of bare Fastify's in the same round. Beside each rate, the CPU
// time each answer cost the server's process (and the PostgreSQL server's), read from /proc: when
// bare Fastify's rate is held back by autocannon itself, that says what the product costs.
// Every endpoint is first checked to answer 200; any non-2xx answer during a run fails the bench.
// Exits 0 when every figure meets the issue's targets, 1 when one does not, 2 when the bench failed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { multipartBody, validDetails } from '../tests/helpers/multipart';
import { median } from './bench-stats';
import { buildWebIfStale } from './web-build.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 10;
const WARMUP_SECONDS = Number(option('warmup') ?? process.env.BENCH_WARMUP ?? 5);
const DURATION_SECONDS = Number(option('duration') ?? process.env.BENCH_DURATION ?? 10);
/** Turns bare Fastify and each endpoint take, sharing the measured time. */
const ROUNDS = Number(option('rounds') ?? process.env.BENCH_ROUNDS ?? 3);
const START_TIMEOUT_MS = 120_000;
const CLI_TIMEOUT_MS = 180_000;
const ADMIN_EMAIL = 'bench-admin@autorevive.example';
const ADMIN_PASSWORD = `bench-${randomBytes(12).toString('hex')}`;
/** Headers a browser sends with every request. */
/** Pending enquiries besides the customer's: a full page of the admin's quote desk (its default page size). */
const PENDING_ENQUIRIES = 20;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-GB,en;q=0.9' };

type Engine = 'pglite' | 'postgres';
interface Fixture {
  assessmentId: number;
  imageId: number;
  /** The customer's quote, approved by the admin so its customer may read it (D12). */
  quoteId: number;
  /** Cookie header with the customer's grant, as the browser that submitted holds it. */
  customer: string;
  /** Cookie header with an admin's session. */
  admin: string;
  /** The customer's appointment, held for the first free slot (the confirmation page polls it). */
  appointmentId: number;
  /** The month of that slot (YYYY-MM), as the booking page's calendar asks for it. */
  month: string;
  /** Cookie header with a demo repairer's session, and their repairer id. */
  repairer: string;
  repairerId: number;
}
interface Endpoint {
  name: string;
  label: string;
  request: (f: Fixture) => { path: string; cookie?: string };
  /** Share of bare Fastify's req/s the issue asks for, per engine. */
  target?: Partial<Record<Engine, number>>;
}

// One line per endpoint; new read endpoints join here.
const ENDPOINTS: Endpoint[] = [
  { name: 'site', label: 'GET /api/site', request: () => ({ path: '/api/site' }), target: { postgres: 0.5, pglite: 0.25 } },
  { name: 'assessment', label: 'GET /api/assessments/{id} (grant)', request: (f) => ({ path: `/api/assessments/${f.assessmentId}`, cookie: f.customer }), target: { postgres: 0.3, pglite: 0.1 } },
  { name: 'quote', label: 'GET /api/quotes/{id} (grant)', request: (f) => ({ path: `/api/quotes/${f.quoteId}`, cookie: f.customer }), target: { postgres: 0.3, pglite: 0.1 } },
  { name: 'admin-list', label: 'GET /api/assessments (admin)', request: (f) => ({ path: '/api/assessments', cookie: f.admin }) },
  { name: 'admin-stats', label: 'GET /api/admin/stats (admin, the dashboard\'s figures)', request: (f) => ({ path: '/api/admin/stats', cookie: f.admin }) },
  { name: 'pending', label: `GET /api/admin/quotes?status=pending (admin, ${PENDING_ENQUIRIES} cards)`, request: (f) => ({ path: '/api/admin/quotes?status=pending', cookie: f.admin }) },
  { name: 'appointment', label: 'GET /api/appointments/{id} (grant, held)', request: (f) => ({ path: `/api/appointments/${f.appointmentId}`, cookie: f.customer }) },
  { name: 'month', label: 'GET /api/appointments/available-month (the booking calendar)', request: (f) => ({ path: `/api/appointments/available-month?month=${f.month}` }) },
  { name: 'held', label: 'GET /api/quotes/{id}/held-appointment (grant)', request: (f) => ({ path: `/api/quotes/${f.quoteId}/held-appointment`, cookie: f.customer }) },
  { name: 'repairer-jobs', label: 'GET /api/repairer/{id}/jobs (repairer, their own list)', request: (f) => ({ path: `/api/repairer/${f.repairerId}/jobs`, cookie: f.repairer }) },
  { name: 'me', label: 'GET /api/auth/me (repairer, on every staff page)', request: (f) => ({ path: '/api/auth/me', cookie: f.repairer }) },
  { name: 'dispatch', label: 'GET /api/admin/jobs-to-dispatch (admin, polled)', request: (f) => ({ path: '/api/admin/jobs-to-dispatch', cookie: f.admin }) },
  { name: 'upcoming', label: 'GET /api/admin/upcoming-jobs (admin, polled)', request: (f) => ({ path: '/api/admin/upcoming-jobs', cookie: f.admin }) },
  { name: 'admin-health', label: 'GET /api/admin/health (admin, polled)', request: (f) => ({ path: '/api/admin/health', cookie: f.admin }) },
  { name: 'enquiries', label: 'GET /api/admin/enquiries (admin, the all-enquiries table)', request: (f) => ({ path: '/api/admin/enquiries', cookie: f.admin }) },
  { name: 'network', label: 'GET /api/repairers (admin, the repairer network tab)', request: (f) => ({ path: '/api/repairers', cookie: f.admin }) },
  { name: 'audit', label: 'GET /api/admin/audit-log (admin)', request: (f) => ({ path: '/api/admin/audit-log', cookie: f.admin }) },
  { name: 'emails', label: 'GET /api/admin/emails (admin, the outbox)', request: (f) => ({ path: '/api/admin/emails', cookie: f.admin }) },
  { name: 'email-stats', label: 'GET /api/admin/email-stats (admin, the outreach figures)', request: (f) => ({ path: '/api/admin/email-stats', cookie: f.admin }) },
  { name: 'price-list', label: 'GET /api/admin/price-list (admin)', request: (f) => ({ path: '/api/admin/price-list', cookie: f.admin }) },
  { name: 'profile', label: 'GET /api/repairer/profile (repairer, their profile)', request: (f) => ({ path: '/api/repairer/profile', cookie: f.repairer }) },
  { name: 'page', label: 'GET / (prerendered)', request: () => ({ path: '/' }) },
  { name: 'thumb', label: 'GET /api/images/{id}?size=thumb (grant)', request: (f) => ({ path: `/api/images/${f.imageId}?size=thumb`, cookie: f.customer }) },
];
const P99_TARGET_MS = 25;

interface Measured extends Figures {
  engine: Engine | 'bare';
  label: string;
  ratio: number | null;
  target: number | null;
  ok: boolean;
}

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

async function main(): Promise<number> {
  if (!(WARMUP_SECONDS >= 0 && DURATION_SECONDS >= 1 && Number.isInteger(ROUNDS) && ROUNDS >= 1 && DURATION_SECONDS / ROUNDS >= 1)) {
    throw new Error('--warmup must be ≥ 0, --rounds a whole number ≥ 1, and --duration ≥ 1 second per round.');
  }
  const only = option('only')?.split(',');
  const endpoints = ENDPOINTS.filter((e) => !only || only.includes(e.name));
  if (endpoints.length === 0 && !only?.includes('reference')) throw new Error(`--only names none of: ${[...ENDPOINTS.map((e) => e.name), 'reference'].join(', ')}`);
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const wanted = option('engines')?.split(',') ?? ['pglite', 'postgres'];
  const engines = (['pglite', 'postgres'] as const).filter((e) => wanted.includes(e) && (e === 'pglite' || serverUrl));

  console.log(buildWebIfStale() === 'built' ? 'Built the web app.' : 'The web app build is current.');
  console.log(`${availableParallelism()} cores, load average ${loadAverage()}; ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s measured per endpoint in ${ROUNDS} rounds.`);
  if (!serverUrl) console.log('DATABASE_URL and TEST_DATABASE_URL are unset: PGlite only.');

  const hello = await startHello();
  if (!cpuTime) console.log('No /proc here: the CPU time per request is not measured.');
  const results: Measured[] = [];
  for (const engine of engines) {
    const product = await startProduct(engine, serverUrl);
    const fixture = await createFixture(product.origin, product.repairer);
    for (const endpoint of endpoints) await expectOk(product.origin, endpoint.request(fixture), endpoint.label);

    // Bare Fastify and each endpoint take turns in ROUNDS short runs, so a burst of other work
    // on the machine falls on both; the figures are the medians of the rounds.
    await drive(hello, { path: '/' }, 'bare Fastify (warm-up)', { measure: false });
    const bareRuns: Figures[] = [];
    const firstOfEngine = results.length;
    /** Bare Fastify and one read take turns; the read's figures and its share of bare Fastify. */
    const measure = async (served: Served, request: { path: string; cookie?: string }, label: string, target: number | null) => {
      await drive(served, request, `${label} (warm-up)`, { measure: false });
      const rounds: { bare: Figures; product: Figures }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bare = await drive(hello, { path: '/' }, 'bare Fastify', { seconds: DURATION_SECONDS / ROUNDS });
        const measured = await drive(served, request, label, { seconds: DURATION_SECONDS / ROUNDS });
        rounds.push({ bare, product: measured });
        bareRuns.push(bare);
      }
      const ratios = rounds.map((r) => r.product.rps / r.bare.rps);
      const ratio = median(ratios);
      const figures = medians(rounds.map((r) => r.product));
      console.log(`    rounds' shares of bare: ${ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}; p99 ${rounds.map((r) => r.product.p99).join(', ')} ms`);
      results.push({ engine, label, ...figures, ratio, target, ok: (target === null || ratio >= target) && figures.p99 <= P99_TARGET_MS });
    };
    for (const endpoint of endpoints) await measure(product, endpoint.request(fixture), endpoint.label, endpoint.target?.[engine] ?? null);
    // What the stack itself keeps of bare Fastify on this machine today: the same engine's
    // simplest read of the same record, with none of the product around it (see startReference).
    if (engine === 'postgres' && product.databaseUrl && (!only || only.includes('reference'))) {
      const reference = await startReference(product.databaseUrl);
      await measure(reference, { path: `/read/${fixture.assessmentId}` }, REFERENCE_LABEL, null);
      await reference.stop();
    }
    const bare = medians(bareRuns);
    results.splice(firstOfEngine, 0, { engine: 'bare', label: `bare Fastify hello-world (with ${engine}; median of its runs)`, ...bare, ratio: 1, target: null, ok: true });
    await product.stop();
  }
  printTable(results);
  const misses = results.filter((r) => !r.ok);
  console.log(`load average ${loadAverage()} after the runs`);
  console.log(misses.length === 0 ? '\n✓ Every figure meets the issue\'s targets.' : `\n✗ ${misses.length} figure(s) miss the issue's targets (ratio or p99 ≤ ${P99_TARGET_MS} ms).`);
  return misses.length === 0 ? 0 : 1;
}

/** The product as scripts/start.mjs runs it, after the demo seed and an admin made by the CLIs. */
async function startProduct(
  engine: Engine,
  serverUrl: string | undefined,
): Promise<Served & { databaseUrl: string | undefined; repairer: { email: string; password: string }; stop: () => Promise<void> }> {
  const dataDir = temp('autorevive-bench-api-');
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const name = `autorevive_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(serverUrl!, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...environmentFromStartScript(),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_PASSWORD,
    // The calendar is limited to 120 reads a minute an address, and autocannon is one address: the
    // limit is still counted on every read (its write is part of the read's cost), never reached.
    AVAILABILITY_READS_PER_MINUTE: '1000000',
  };
  delete env.TEST_DATABASE_URL;
  const repairer = demoRepairerOf(runCli('demo seed', ['src/server/db/seed-cli.ts'], env));
  runCli('admin:create', ['src/server/modules/auth/admin-create-cli.ts', '--email', ADMIN_EMAIL, '--name', 'Bench Admin'], env);

  console.log(`\nStarting the product on ${engine === 'pglite' ? 'PGlite' : 'the PostgreSQL server'} at ${origin}…`);
  const profileDir = option('profile');
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, engine)}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'src/server/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.stdout!.resume(); // the request log goes somewhere, as it would in production
  // A product that ends before the bench stops it is a finding, not noise: say how it ended.
  child.on('exit', (code, signal) => {
    if (!stoppedByBench.has(child)) console.error(`\nThe product on ${engine} exited by itself during the bench (${signal ?? `exit code ${code}`}).`);
  });
  await waitFor(`${origin}/readyz`, START_TIMEOUT_MS, 'the product', child);
  return { origin, pid: child.pid!, onServer: engine === 'postgres', databaseUrl, repairer, stop: () => stop(child) };
}

const REFERENCE_LABEL = 'reference: bare Fastify + node-postgres, one-row read';

/**
 * The yardstick for a database read: bare Fastify answering with one row that node-postgres
 * reads by primary key with a prepared statement from a pool of 10, as the product's pool is,
 * on the product's own database and record. No access check, cookies, security headers, log
 * line or view: what the stack keeps of bare Fastify before the product adds anything.
 */
async function startReference(databaseUrl: string): Promise<Served & { stop: () => Promise<void> }> {
  const { origin, child } = await startInlineServer(
    (port) => `
    import Fastify from 'fastify';
    import pg from 'pg';
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const app = Fastify();
    app.get('/read/:id', async (request, reply) => {
      const { rows } = await pool.query({ name: 'read', text: 'SELECT id, reference, status, created_at FROM assessments WHERE id = $1', values: [Number(request.params.id)] });
      return rows[0] ?? reply.code(404).send({ message: 'not found' });
    });
    app.get('/ready', async () => (await pool.query('SELECT 1 AS ready')).rows[0]);
    await app.listen({ host: '127.0.0.1', port: ${port} });
    process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));`,
    '/ready',
    'the reference read',
  );
  return { origin, pid: child.pid!, onServer: true, stop: () => stop(child) };
}

/** A bare Fastify hello-world in a process of its own, the yardstick. */
async function startHello(): Promise<Served> {
  const { origin, child } = await startInlineServer(
    (port) => `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`,
    '/',
    'bare Fastify',
  );
  return { origin, pid: child.pid!, onServer: false };
}

/** A server written inline (`code` for a free port), in a process of its own, once `readyPath` answers. */
async function startInlineServer(code: (port: number) => string, readyPath: string, what: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', code(port)], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}${readyPath}`, 30_000, what, child);
  return { origin, child };
}

/**
 * Through the API: the customer's assessment with a photo (its grant cookie), an admin's
 * sign-in, the admin's approval of the customer's quote (so the customer may read it), and
 * PENDING_ENQUIRIES more submissions whose quotes await review, for the admin's pending list.
 */
async function createFixture(origin: string, repairer: { email: string; password: string }): Promise<Fixture> {
  const submit = async (photo: Buffer) => {
    const { body, headers } = multipartBody(validDetails, [{ filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data: photo }]);
    const submitted = await fetch(`${origin}/api/assessments`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: new Uint8Array(body),
    });
    if (submitted.status !== 201) throw new Error(`POST /api/assessments answered ${submitted.status}: ${await submitted.text()}`);
    return { assessment: (await submitted.json()) as { id: number; images: number[] }, cookie: cookies(submitted) };
  };
  const { assessment, cookie: customer } = await submit(await generatedPhoto(1600, 1200));
  if (!customer || assessment.images.length !== 1) throw new Error('The submission gave no grant cookie or no photo.');
  const smallPhoto = await generatedPhoto(400, 300);
  for (let i = 0; i < PENDING_ENQUIRIES; i++) await submit(smallPhoto);

  const signIn = async (who: string, email: string, password: string) => {
    const answer = await fetch(`${origin}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (answer.status !== 200) throw new Error(`The ${who}'s sign-in answered ${answer.status}: ${await answer.text()}`);
    return cookies(answer);
  };
  const admin = await signIn('admin', ADMIN_EMAIL, ADMIN_PASSWORD);
  const repairerCookie = await signIn('demo repairer', repairer.email, repairer.password);
  const me = (await (await fetch(`${origin}/api/auth/me`, { headers: { cookie: repairerCookie } })).json()) as { user: { repairerId: number | null } };
  if (me.user.repairerId === null) throw new Error('The demo repairer has no repairer record.');

  const desk = await fetch(`${origin}/api/admin/quotes?status=pending&pageSize=50`, { headers: { cookie: admin } });
  if (desk.status !== 200) throw new Error(`The admin's pending list answered ${desk.status}: ${await desk.text()}`);
  const cards = ((await desk.json()) as { items: { quote: { id: number; assessmentId: number } }[] }).items;
  const quoteId = cards.find((card) => card.quote.assessmentId === assessment.id)?.quote.id;
  if (quoteId === undefined) throw new Error("The customer's quote is not on the admin's pending list.");
  const approved = await fetch(`${origin}/api/admin/quotes/${quoteId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin },
    body: JSON.stringify({}),
  });
  if (approved.status !== 200) throw new Error(`The approval answered ${approved.status}: ${await approved.text()}`);
  const { appointmentId, month } = await holdFirstFreeSlot(origin, quoteId, customer);
  return { assessmentId: assessment.id, imageId: assessment.images[0]!, quoteId, customer, admin, appointmentId, month, repairer: repairerCookie, repairerId: me.user.repairerId };
}

/** The customer holds the first free slot of this month or the next, as the booking page does; answers the appointment and its month. */
async function holdFirstFreeSlot(origin: string, quoteId: number, customer: string): Promise<{ appointmentId: number; month: string }> {
  const today = new Date();
  for (const offset of [0, 1]) {
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
    const month = first.toISOString().slice(0, 7);
    const answer = await fetch(`${origin}/api/appointments/available-month?month=${month}`);
    if (answer.status !== 200) throw new Error(`The month's availability answered ${answer.status}: ${await answer.text()}`);
    const { days } = (await answer.json()) as { days: { date: string; available: { morning: boolean; afternoon: boolean } }[] };
    const day = days.find((d) => d.available.morning || d.available.afternoon);
    if (!day) continue;
    const held = await fetch(`${origin}/api/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer },
      body: JSON.stringify({ quoteId, appointmentDate: day.date, timeSlot: day.available.morning ? 'morning' : 'afternoon' }),
    });
    if (held.status !== 200) throw new Error(`Holding a slot answered ${held.status}: ${await held.text()}`);
    return { appointmentId: ((await held.json()) as { id: number }).id, month };
  }
  throw new Error('No free slot this month or the next.');
}

/** A JPEG with a gradient and some noise, so it compresses like a photo. */
async function generatedPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const noise = randomBytes(pixels.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + (noise[i]! & 31)) & 255;
      pixels[i + 1] = ((y * 255) / height + (noise[i + 1]! & 31)) & 255;
      pixels[i + 2] = (128 + (noise[i + 2]! & 63)) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

function cookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}

async function expectOk(origin: string, { path, cookie }: { path: string; cookie?: string }, label: string): Promise<void> {
  const response = await fetch(`${origin}${path}`, { headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${label} answered ${response.status}, not 200: the bench would measure an error.`);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of the HTTP server's process per answer, µs (null without /proc). */
  cpuUs: number | null;
  /** CPU time of the PostgreSQL server's processes per answer, µs (null when it has no part). */
  databaseCpuUs: number | null;
}

/** A server the bench drives: its origin, its process, and whether it reads from the PostgreSQL server. */
interface Served {
  origin: string;
  pid: number;
  onServer: boolean;
}

/** One run (a warm-up when `measure` is false); fails on any error or non-2xx answer. */
async function drive(served: Served, { path, cookie }: { path: string; cookie?: string }, label: string, run: { measure?: boolean; seconds?: number } = {}): Promise<Figures> {
  const options = { url: `${served.origin}${path}`, connections: CONNECTIONS, headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) } };
  const seconds = run.measure === false ? WARMUP_SECONDS : (run.seconds ?? DURATION_SECONDS);
  if (seconds <= 0) return { rps: 0, p50: 0, p99: 0, cpuUs: null, databaseCpuUs: null };
  process.stdout.write(`  ${label}…`);
  // Failed requests by their error code (ECONNREFUSED, ECONNRESET, a timeout…), so a failed run
  // says what failed: a product that stopped listening and one too slow to answer look alike
  // in a bare count.
  const errorCodes = new Map<string, number>();
  const before = cpuTime?.(served);
  const result = await autocannon({ ...options, duration: seconds }).on('reqError', (error) => {
    const code = error.code ?? error.message;
    errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    const kinds = [...errorCodes].map(([code, count]) => `${count} × ${code}`).join(', ');
    throw new Error(`${label}: ${result.errors} errors${kinds ? ` (${kinds})` : ''}, ${result.timeouts} timeouts and ${result.non2xx} non-2xx answers during the run.`);
  }
  const after = cpuTime?.(served);
  const perAnswer = (usedMs: number) => (usedMs * 1000) / Math.max(1, result.requests.total);
  const cpuUs = before && after ? perAnswer(after.server - before.server) : null;
  const databaseCpuUs = before && after && served.onServer ? perAnswer(databaseUsed(before.database, after.database)) : null;
  process.stdout.write(` ${Math.round(result.requests.average)} req/s${cpuUs === null ? '' : `, ${cpuUs.toFixed(0)} µs of CPU each`}${databaseCpuUs === null ? '' : ` + ${databaseCpuUs.toFixed(0)} µs in PostgreSQL`}\n`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs, databaseCpuUs };
}

/**
 * How much CPU a server uses per answer, beside how many answers a second it gives: when the
 * machine is fast, bare Fastify's rate is bounded by autocannon (one thread, sharing the two
 * cores), so a ratio of rates understates what the product keeps. The CPU time is read from
 * /proc before and after a run: the server's process (every thread), and each process named
 * postgres (the PostgreSQL server's backends, when it is used), in milliseconds. Null where
 * there is no /proc.
 */
function cpuClock(): ((served: Served) => { server: number; database: Map<string, number> }) | null {
  if (!existsSync('/proc/self/stat')) return null;
  const ticksPerMs = 100 / 1000; // USER_HZ, 100 on Linux
  const ticksOf = (stat: string) => {
    // The fields after the command, which is in parentheses and may hold spaces: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const read = (pid: number | string) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return null; // the process ended between the listing and the read
    }
  };
  return (served) => {
    const own = read(served.pid);
    const database = new Map<string, number>();
    if (served.onServer) {
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        const stat = read(pid);
        if (stat?.includes('(postgres)')) database.set(pid, ticksOf(stat) / ticksPerMs);
      }
    }
    return { server: own ? ticksOf(own) / ticksPerMs : 0, database };
  };
}

/**
 * The PostgreSQL server's CPU during a run, ms: each backend's growth, one that started during
 * the run counted from nothing. One that ended during it (a pooled connection closed when idle)
 * takes its time with it, so this may fall short, never below nothing.
 */
function databaseUsed(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return Math.max(0, used);
}

const cpuTime = cpuClock();

/** The medians of some runs' figures. */
function medians(runs: Figures[]): Figures {
  const of = (values: (number | null)[]) => (values.some((v) => v === null) ? null : median(values as number[]));
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuUs: of(runs.map((r) => r.cpuUs)),
    databaseCpuUs: of(runs.map((r) => r.databaseCpuUs)),
  };
}

function printTable(rows: Measured[]) {
  const head = ['engine', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'of bare', 'target', 'meets', 'CPU µs', 'PG µs'];
  const cells = rows.map((r) => [
    r.engine,
    r.label,
    Math.round(r.rps).toLocaleString('en-GB'),
    r.p50.toFixed(0),
    r.p99.toFixed(0),
    r.engine === 'bare' ? '' : `${((r.ratio ?? 0) * 100).toFixed(1)}%`,
    r.engine === 'bare' ? '' : `${r.target === null ? '' : `≥ ${(r.target * 100).toFixed(0)}%, `}p99 ≤ ${P99_TARGET_MS}`,
    r.engine === 'bare' ? '' : r.ok ? 'yes' : 'NO',
    r.cpuUs === null ? '' : r.cpuUs.toFixed(0),
    r.databaseCpuUs === null ? '' : r.databaseCpuUs.toFixed(0),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${cells.map(line).join('\n')}\n`);
  console.log(
    `${CONNECTIONS} connections (autocannon), ${WARMUP_SECONDS} s of warm-up, then ${ROUNDS} rounds of ${Number((DURATION_SECONDS / ROUNDS).toFixed(2))} s in which bare Fastify and the endpoint take turns;` +
      ` req/s, p50 and p99 are the medians of the rounds, "of bare" the median of each round's req/s ÷ bare Fastify's in the same round.`,
  );
  console.log(
    'CPU µs: the CPU time the HTTP server\'s process used per answer (median of the rounds); PG µs: the PostgreSQL server\'s, for the endpoints that read from it.' +
      ' Neither is a target: where bare Fastify is held back by autocannon (one thread on a 2-core machine), they show what each answer costs the server.',
  );
}

/** scripts/start.mjs's `env: { NAME: 'value' }` for the server, read so the bench cannot drift. */
function environmentFromStartScript(): Record<string, string> {
  const source = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
  const block = /env:\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const env: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/([A-Z_][A-Z0-9_]*):\s*'([^']*)'/g)) env[name!] = value!;
  if (env.NODE_ENV === undefined) throw new Error('scripts/start.mjs no longer reads as expected: update environmentFromStartScript.');
  return env;
}

/** Runs one of the product's CLIs; its standard output. */
function runCli(what: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, env, encoding: 'utf8', timeout: CLI_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** A demo repairer's sign-in, from the lines the demo seed prints once ("  Repairer (City)  email  password"). */
function demoRepairerOf(seedOutput: string): { email: string; password: string } {
  const found = /^\s+Repairer \([^)]*\)\s+(\S+@\S+)\s+(\S+)\s*$/m.exec(seedOutput);
  if (!found) throw new Error(`The demo seed printed no repairer sign-in:\n${seedOutput}`);
  return { email: found[1]!, password: found[2]! };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, timeoutMs: number, what: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Children the bench has stopped (any other exit is reported as the product's own). */
const stoppedByBench = new WeakSet<ChildProcess>();

async function stop(child: ChildProcess): Promise<void> {
  stoppedByBench.add(child);
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`process ${child.pid} did not exit 15 s after SIGTERM: killed`);
    child.kill('SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function option(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

async function cleanUp() {
  await Promise.all([...children].map(stop));
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error(`Clean-up: ${String(error)}`));
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(`\nThe bench failed: ${error instanceof Error ? error.message : String(error)}`);
    await cleanUp();
    process.exit(2);
  });
