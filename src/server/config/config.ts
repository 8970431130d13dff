// STYLE habit 3: configuration is parsed once, at start-up, and a bad setting stops the
// process with a sentence that says which one and how to fix it.
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { examplePlaceholderProblems, readCompanySettings, type CompanyDetails } from '../../shared/company';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An optional setting: an empty value counts as unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = (protocols: string[], example: string) =>
  optionalText.refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}, for example ${example}`,
    });

const optionalSecret = (prefixes: string[], example: string) =>
  optionalText.refine((value) => value === undefined || prefixes.some((prefix) => value.startsWith(prefix)), {
      message: `must start with ${prefixes.join(' or ')}, for example ${example}`,
    });

const count = (unit: string, min: number, max: number) =>
  z.coerce.number({ message: `must be a whole ${unit}` }).int({ message: `must be a whole ${unit}` }).min(min).max(max);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http', 'https'], 'https://www.autorevive.co.uk'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'postgres://user@127.0.0.1:5432/autorevive'),
  SEED_DEMO_DATA: booleanFlag.default(true),
  SESSION_TTL_HOURS: z.coerce.number({ message: 'must be a number of hours' }).int().min(1).max(24 * 90).default(24 * 7),
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtps://user:password@smtp.example.com:465'),
  MAIL_FROM: z.string().min(3).default('AutoRevive <no-reply@autorevive.co.uk>'),
  TEAM_EMAIL: z.email({ message: 'must be an e-mail address' }).default('team@autorevive.co.uk'),
  DVLA_API_KEY: optionalText,
  DVLA_BASE_URL: optionalUrl(['http', 'https'], 'https://driver-vehicle-licensing.api.gov.uk'),
  // Issue 11: Stripe takes card payments when all three keys are set; without them the
  // test-mode provider does (docs/decisions/0009-payments.md).
  STRIPE_SECRET_KEY: optionalSecret(['sk_', 'rk_'], 'sk_test_…'),
  STRIPE_PUBLISHABLE_KEY: optionalSecret(['pk_'], 'pk_test_…'),
  STRIPE_WEBHOOK_SECRET: optionalSecret(['whsec_'], 'whsec_…'),
  /** Tests only: Stripe's API at another address (a local stand-in). */
  STRIPE_API_BASE: optionalUrl(['http', 'https'], 'http://127.0.0.1:12111'),
  // Issue 7: limits and timeouts that keep one visitor from slowing everyone.
  PHOTO_QUEUE_MEGAPIXELS_PER_VISITOR: count('megapixels', 1, 10_000).default(150),
  PHOTO_QUEUE_MEGAPIXELS: count('megapixels', 1, 100_000).default(600),
  PASSWORD_HASH_CONCURRENCY: count('number of hashes', 1, 64).default(2),
  PASSWORD_HASH_QUEUE: count('number of sign-ins', 0, 10_000).default(20),
  SIGN_IN_FAILURES_PER_ACCOUNT: count('number of attempts', 1, 10_000).default(20),
  SIGN_IN_ATTEMPTS_PER_ADDRESS: count('number of attempts', 1, 100_000).default(30),
  REQUEST_TIMEOUT_SECONDS: count('number of seconds', 10, 3600).default(900),
  BODY_TIMEOUT_SECONDS: count('number of seconds', 1, 3600).default(30),
  HEADERS_TIMEOUT_SECONDS: count('number of seconds', 1, 600).default(20),
  IDLE_TIMEOUT_SECONDS: count('number of seconds', 1, 3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: count('number of seconds', 1, 600).default(10),
  // Issue 11 (D15): places in each booking slot unless an admin overrides a date's slot.
  SLOT_CAPACITY: count('number of places', 1, 50).default(3),
  // Issue 12 (D16): a paid booking is offered to every verified repairer nearby at once.
  AUTO_DISPATCH: booleanFlag.default(true),
  // Issue 12: a postcodes.io-compatible API for exact postcode positions; unset: district centres.
  POSTCODES_API_URL: optionalUrl(['http', 'https'], 'https://api.postcodes.io'),
  // Issue 14: GET /metrics answers only with this token (Authorization: Bearer …); unset: no metrics.
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 24, { message: 'must be at least 24 characters: make one with `openssl rand -hex 32`' }),
  // Issue 13 (D17): importing repairers from the Places API (New); unset key: "not configured".
  GOOGLE_PLACES_API_KEY: optionalText,
  GOOGLE_PLACES_BASE_URL: optionalUrl(['http', 'https'], 'https://places.googleapis.com'),
  GOOGLE_PLACES_PAGE_DELAY_MS: count('number of milliseconds', 0, 60_000).default(2000),
  // Issue 13 (D19): signs the unsubscribe links in introduction e-mails. Unset: a random one is
  // made once and kept in DATA_DIR/app-secret (several instances must share one: set it).
  APP_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters (for example the output of `openssl rand -hex 32`)' }),
  // Issue 13: introduction e-mails leave the outbox at this steady rate.
  INTRO_EMAILS_PER_MINUTE: count('number of e-mails', 1, 600).default(20),
  // Availability reads (a day or a month of the booking calendar) one address may make a minute.
  AVAILABILITY_READS_PER_MINUTE: count('number of reads', 10, 1_000_000).default(120),
  // Issue 14: photos in an S3-compatible bucket when S3_BUCKET is set; unset: DATA_DIR/uploads.
  S3_BUCKET: optionalText.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
    message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, for example autorevive-photos',
  }),
  S3_ENDPOINT: optionalUrl(['http', 'https'], 'https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000'),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // Issue 13 (D18): e-mail collection from repairers' own websites.
  COLLECTOR_CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  COLLECTOR_HOSTS_AT_ONCE: count('number of hosts', 1, 200).default(32),
  /** Tests only (refused in production): hosts whose loopback address the collector may visit. */
  COLLECTOR_ALLOW_HOSTS: z.string().trim().default(''),
  LLM_BASE_URL: optionalUrl(['http', 'https'], 'https://api.openai.com/v1'),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  // Issue 38 item 2 (docs/decisions/0037): texts to customers through Twilio; unset: kept in the outbox.
  SMS_PROVIDER: z.enum(['twilio', ''], { message: 'must be twilio, or empty to keep texts in the outbox' }).optional().transform((value) => (value === '' ? undefined : value)),
  TWILIO_ACCOUNT_SID: optionalText.refine((value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value), { message: 'must be AC followed by 32 hexadecimal characters, as Twilio’s console shows it' }),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText.refine((value) => value === undefined || /^\+[1-9]\d{6,14}$/.test(value) || /^[A-Za-z][A-Za-z0-9 ]{0,10}$/.test(value), { message: 'must be a phone number in international form (for example +447700900123) or an alphanumeric sender of up to 11 characters' }),
  TWILIO_MESSAGING_SERVICE_SID: optionalText.refine((value) => value === undefined || /^MG[0-9a-fA-F]{32}$/.test(value), { message: 'must be MG followed by 32 hexadecimal characters' }),
  /** Tests only: Twilio's API at another address (a local stand-in). */
  TWILIO_BASE_URL: optionalUrl(['http', 'https'], 'https://api.twilio.com'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/db`. */
  databaseUrl: string | undefined;
  /** ':memory:' keeps an embedded database in memory (tests). */
  pgliteDir: string;
  uploadsDir: string;
  seedDemoData: boolean;
  sessionTtlHours: number;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  teamEmail: string;
  /** Issue 14: the company's name, number, registered office, VAT number and support contacts (COMPANY_*, SUPPORT_*). */
  company: CompanyDetails;
  webDistDir: string;
  /** Run background workers (e-mail sending and the like) in this process. */
  runWorkers: boolean;
  /** Submissions one address may make in an hour (shared networks count as one address). */
  assessmentsPerHourPerAddress: number;
  /** DVLA Vehicle Enquiry Service key; unset: the registration lookup is hidden. */
  dvlaApiKey: string | undefined;
  dvlaBaseUrl: string;
  /** Stripe's keys when all three are set; unset: the test-mode provider takes payments. */
  stripe: StripeConfig | undefined;
  /** Registration look-ups one address may make in an hour. */
  vehicleLookupsPerHourPerAddress: number;
  /** Price-guide reads (GET /api/price-guide…) one address may make a minute: a wizard session makes a handful. */
  priceGuideReadsPerMinutePerAddress: number;
  /** Pixels one address may have waiting to be decoded; past it, 429 with Retry-After. */
  photoQueueMaxPixelsPerVisitor: number;
  /** Pixels everyone together may have waiting to be decoded; past it, 503 with Retry-After. */
  photoQueueMaxPixels: number;
  /** Password hashes computed at once; the rest wait in a queue of passwordHashQueue. */
  passwordHashConcurrency: number;
  /** Sign-ins that may wait for a hash; past it, 503 with Retry-After. */
  passwordHashQueue: number;
  /** Failed sign-ins per account in 15 minutes from all addresses together. */
  signInFailuresPerAccount: number;
  /** Sign-in attempts from one address in 15 minutes (SIGN_IN_ATTEMPTS_PER_ADDRESS, 30). */
  signInAttemptsPerAddress: number;
  /** Longest a whole request may take to arrive (a 10 × 10 MB upload on a slow connection). */
  requestTimeoutMs: number;
  /** Longest a request that is not a photo upload may take to send its body. */
  bodyTimeoutMs: number;
  headersTimeoutMs: number;
  /** A connection that sends or receives nothing for this long is closed. */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Places in each booking slot (morning, afternoon) unless an admin overrides that date's slot. */
  slotCapacity: number;
  /** Availability reads (day or month) one address may make a minute: a calendar session makes a handful. */
  availabilityReadsPerMinutePerAddress: number;
  /** Offer each paid booking to every verified repairer nearby at once (D16); off: admins send jobs by hand. */
  autoDispatch: boolean;
  /** A postcodes.io-compatible API; unset: the postcode district's centre from the outcode table. */
  postcodesApiUrl: string | undefined;
  /** Months after a job ends (or an enquiry goes quiet) before its photos and personal details are erased. */
  retentionMonths: number;
  /** The bearer token GET /metrics asks for; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** The Places API (New) import of repairers (D17); key unset: the import answers "not configured". */
  googlePlaces: GooglePlacesConfig;
  /** Signs unsubscribe links and known-device cookies; unset: kept in `${dataDir}/app-secret` (src/server/config/app-secret.ts). */
  appSecret: string | undefined;
  /** Introduction e-mails sent a minute, at most: each is scheduled after those already waiting. */
  introEmailsPerMinute: number;
  /** An S3-compatible bucket for photos; unset: photos are files under uploadsDir. */
  s3: S3Config | undefined;
  /** E-mail collection from repairers' websites (D18; docs/decisions/0016-email-collection.md). */
  collector: CollectorConfig;
  /** An OpenAI-compatible model that picks among the collected addresses; unset: rules do. */
  llm: LlmConfig | undefined;
  /** Issue 38: texts sent through Twilio; undefined: kept in the outbox (the embedded default). */
  sms: SmsConfig | undefined;
}

export interface CollectorConfig {
  /** Names the product and a contact address. */
  userAgent: string;
  pageTimeoutMs: number;
  /** At most one request per host this often. */
  hostIntervalMs: number;
  maxPageBytes: number;
  maxRedirects: number;
  /** Hosts worked on at the same time. */
  hostsAtOnce: number;
  /** Repairers one chunk of a run takes on, and the time after which it starts no more. */
  chunkSize: number;
  chunkMs: number;
  /** Tests only: hosts ("host" or "host:port") whose loopback address may be visited. */
  allowLoopbackHosts: string[];
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** All three LLM settings or none. */
function llmConfig(env: Env): LlmConfig | undefined {
  const keys = { LLM_BASE_URL: env.LLM_BASE_URL, LLM_API_KEY: env.LLM_API_KEY, LLM_MODEL: env.LLM_MODEL };
  const missing = Object.entries(keys).filter(([, value]) => value === undefined).map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    throw new ConfigError([`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to let a model choose collected addresses, or none to let plain rules choose`]);
  }
  return { baseUrl: env.LLM_BASE_URL!.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY!, model: env.LLM_MODEL!, timeoutMs: 20_000 };
}

function collectorConfig(env: Env, publicUrl: string): CollectorConfig {
  const allowLoopbackHosts = env.COLLECTOR_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean);
  if (allowLoopbackHosts.length > 0 && env.NODE_ENV === 'production') {
    throw new ConfigError(['COLLECTOR_ALLOW_HOSTS is for tests only and is refused in production: remove it (the collector never visits loopback, private or link-local addresses)']);
  }
  const contact = env.COLLECTOR_CONTACT_EMAIL ?? env.TEAM_EMAIL;
  return {
    userAgent: `AutoReviveBot/1.0 (+${publicUrl}; ${contact}; finds contact addresses of car repair businesses)`,
    pageTimeoutMs: 10_000,
    hostIntervalMs: 2_000,
    maxPageBytes: 1024 * 1024,
    maxRedirects: 3,
    hostsAtOnce: env.COLLECTOR_HOSTS_AT_ONCE,
    chunkSize: 200,
    chunkMs: 60_000,
    allowLoopbackHosts,
  };
}

export interface GooglePlacesConfig {
  apiKey: string | undefined;
  /** https://places.googleapis.com, or a local stand-in in tests. */
  baseUrl: string;
  /** Google needs a moment before a nextPageToken is valid. */
  pageDelayMs: number;
  /** Longest one search request may take. */
  timeoutMs: number;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as MinIO, Ceph and most non-AWS stores want. */
  forcePathStyle: boolean;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; unset: api.stripe.com. */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export interface SmsConfig {
  provider: 'twilio';
  accountSid: string;
  authToken: string;
  /** Exactly one of the two senders. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** Unset: https://api.twilio.com. */
  baseUrl: string;
}

/** SMS_PROVIDER=twilio needs the account, its token and one sender; a Twilio setting without it is a mistake too. */
function smsConfig(env: Env): SmsConfig | undefined {
  const named = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_MESSAGING_SERVICE_SID', 'TWILIO_BASE_URL'] as const).filter((name) => env[name] !== undefined);
  if (!env.SMS_PROVIDER) {
    if (named.length === 0) return undefined;
    throw new ConfigError([`${named.join(', ')} ${named.length > 1 ? 'are' : 'is'} set but SMS_PROVIDER is not: set SMS_PROVIDER=twilio to send texts through Twilio, or remove the TWILIO_ settings to keep texts in the outbox`]);
  }
  const problems: string[] = [];
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const).filter((name) => env[name] === undefined);
  if (missing.length > 0) problems.push(`SMS_PROVIDER is twilio but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: set the account SID and auth token from Twilio’s console`);
  if ((env.TWILIO_FROM === undefined) === (env.TWILIO_MESSAGING_SERVICE_SID === undefined)) {
    problems.push('SMS_PROVIDER is twilio: set exactly one sender, TWILIO_FROM (a number such as +447700900123) or TWILIO_MESSAGING_SERVICE_SID (MG…)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider: 'twilio',
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    from: env.TWILIO_FROM,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    baseUrl: (env.TWILIO_BASE_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
  };
}

/** All three Stripe keys or none: a partial set would take money that no webhook confirms. */
function stripeConfig(env: Env): StripeConfig | undefined {
  const keys = { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET };
  const missing = Object.entries(keys).filter(([, value]) => value === undefined).map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) {
    const set = Object.keys(keys).filter((name) => !missing.includes(name));
    throw new ConfigError([
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set, but ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'}: set all three Stripe keys to take payments with Stripe, or none to use the test-mode provider`,
    ]);
  }
  let apiBase: StripeConfig['apiBase'];
  if (env.STRIPE_API_BASE) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    apiBase = { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
  }
  return { secretKey: env.STRIPE_SECRET_KEY!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase };
}

/**
 * S3_BUCKET turns the bucket on; then both keys are needed, and a region unless an endpoint
 * names the store (non-AWS stores mostly ignore the region: us-east-1 is what they expect).
 * An S3_ setting without S3_BUCKET is a mistake too: photos would quietly stay on disk.
 */
function s3Config(env: Env): S3Config | undefined {
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET) {
    if (others.length === 0) return undefined;
    throw new ConfigError([`${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to keep photos in that bucket, or remove the S3_ settings to keep them in DATA_DIR/uploads`]);
  }
  const problems: string[] = [];
  const missingKeys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name] === undefined);
  if (missingKeys.length > 0) problems.push(`S3_BUCKET is set but ${missingKeys.join(' and ')} ${missingKeys.length > 1 ? 'are' : 'is'} not: set the access key id and secret of a key that may read, write, list and delete in the bucket`);
  if (!env.S3_REGION && !env.S3_ENDPOINT) problems.push('S3_BUCKET is set but S3_REGION is not: set the bucket’s region (for example eu-west-2), or S3_ENDPOINT for a store that is not AWS');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

/**
 * Issue 33: without PUBLIC_URL, the address the server was started on, so that e-mailed links and
 * the address printed at start-up open the origin the person is using (the cookie choice and the
 * access grant live there): HOST=127.0.0.1 gives http://127.0.0.1:3000, an IPv6 address goes in
 * brackets (http://[::1]:3000), a name stays a name. Listening on every address (0.0.0.0, ::, or
 * HOST unset) names none of them: http://localhost. A HOST no URL can hold (an IPv6 zone, as in
 * fe80::1%eth0) stops the server with a sentence asking for PUBLIC_URL.
 */
export function localUrl(host: string, port: number): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'unspecified') return new URL(`http://localhost:${port}`).origin;
  // Written as a browser writes it (WHATWG URL: '127.1' is 127.0.0.1, IPv6 compressed), so the
  // origin the same-origin rule expects is the one the browser sends.
  const candidate = `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
  if (bare === '' || !URL.canParse(candidate)) {
    throw new ConfigError([`HOST "${host}" cannot be written in a web address, so the links in e-mails would not open: set PUBLIC_URL to the address people open, for example http://localhost:${port}`]);
  }
  return new URL(candidate).origin;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`AutoRevive cannot start because of its settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example and the README's table of settings.`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  const company = readCompanySettings(source);
  if (!parsed.success || 'problems' in company) {
    throw new ConfigError([
      ...(parsed.success
        ? []
        : parsed.error.issues.map((issue) => {
            const name = issue.path.join('.');
            return `${name} ${issue.message}${source[name] !== undefined ? ` (it is "${source[name]}")` : ''}`;
          })),
      ...('problems' in company ? company.problems : []),
    ]);
  }
  const env = parsed.data;
  // Issue 37: live keys take real money, whose VAT invoices must carry the company's real numbers.
  if (/^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? '')) {
    const examples = examplePlaceholderProblems(company.details);
    if (examples.length > 0) throw new ConfigError(examples);
  }
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? localUrl(env.HOST, env.PORT)).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: resolve(dataDir, 'db'),
    uploadsDir: resolve(dataDir, 'uploads'),
    seedDemoData: env.SEED_DEMO_DATA,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    teamEmail: env.TEAM_EMAIL,
    company: company.details,
    webDistDir: resolve('dist/web'),
    runWorkers: true,
    assessmentsPerHourPerAddress: 30,
    dvlaApiKey: env.DVLA_API_KEY,
    dvlaBaseUrl: (env.DVLA_BASE_URL ?? 'https://driver-vehicle-licensing.api.gov.uk').replace(/\/+$/, ''),
    stripe: stripeConfig(env),
    vehicleLookupsPerHourPerAddress: 20,
    priceGuideReadsPerMinutePerAddress: 120,
    photoQueueMaxPixelsPerVisitor: env.PHOTO_QUEUE_MEGAPIXELS_PER_VISITOR * 1_000_000,
    photoQueueMaxPixels: env.PHOTO_QUEUE_MEGAPIXELS * 1_000_000,
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: env.PASSWORD_HASH_QUEUE,
    signInFailuresPerAccount: env.SIGN_IN_FAILURES_PER_ACCOUNT,
    signInAttemptsPerAddress: env.SIGN_IN_ATTEMPTS_PER_ADDRESS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    bodyTimeoutMs: env.BODY_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: env.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    slotCapacity: env.SLOT_CAPACITY,
    autoDispatch: env.AUTO_DISPATCH,
    postcodesApiUrl: env.POSTCODES_API_URL,
    googlePlaces: {
      apiKey: env.GOOGLE_PLACES_API_KEY,
      baseUrl: (env.GOOGLE_PLACES_BASE_URL ?? 'https://places.googleapis.com').replace(/\/+$/, ''),
      pageDelayMs: env.GOOGLE_PLACES_PAGE_DELAY_MS,
      timeoutMs: 15_000,
    },
    appSecret: env.APP_SECRET,
    introEmailsPerMinute: env.INTRO_EMAILS_PER_MINUTE,
    availabilityReadsPerMinutePerAddress: env.AVAILABILITY_READS_PER_MINUTE,
    metricsToken: env.METRICS_TOKEN,
    retentionMonths: company.details.retentionMonths,
    s3: s3Config(env),
    collector: collectorConfig(env, publicUrl),
    llm: llmConfig(env),
    sms: smsConfig(env),
  };
}
