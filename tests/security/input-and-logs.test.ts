// Issue 7, findings 5 and 6: bad characters get a clear 400 before any photo is decoded, logs
// hold no personal data, and the smaller hardening points.
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerDetailsMessages } from '../../src/shared/customer-details';
import { signInEmailControlMessage } from '../../src/shared/text-rules';
import { createAssessmentRecord, createUser } from '../../src/server/db/factories';
import { loggerOptions } from '../../src/server/plugins/log-redaction';
import { lazyChildLogger } from '../../src/server/plugins/request-log';
import { dispatchEmails, MAX_EMAIL_ATTEMPTS, queueEmail } from '../../src/server/modules/email';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { startSmtpServer, switchableMailer } from '../helpers/smtp';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { countAssessments } from './support';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await jpegPhoto();
});
afterAll(() => t.close());

function submit(fields: Record<string, string | string[]>, headers: Record<string, string> = {}, extraParts = '') {
  const { body, headers: h } = multipartBody(fields, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const boundary = h['content-type']!.split('boundary=')[1]!;
  const payload = extraParts ? Buffer.concat([Buffer.from(`--${boundary}\r\n${extraParts}\r\n`), body]) : body;
  return t.app.inject({ method: 'POST', url: '/api/assessments', payload, headers: { ...h, ...headers } });
}

describe('control characters', () => {
  for (const field of ['name', 'email', 'phone', 'address', 'city', 'county', 'postcode', 'vehicleMake', 'vehicleModel', 'damageDescription'] as const) {
    it(`a NUL in ${field}: 400 with the shared message, nothing stored`, async () => {
      const before = await countAssessments(t);
      const response = await submit({ ...validDetails, [field]: `${String(validDetails[field]).slice(0, 3)}\u0000${String(validDetails[field]).slice(3)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(customerDetailsMessages[`${field}Control`]);
      expect(await countAssessments(t)).toBe(before);
    });
  }

  it('a NUL in the sign-in e-mail: 400 with the shared message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'a\u0000@example.com', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.email).toBe(signInEmailControlMessage);
  });
});

describe('logs', () => {
  it('never write a failed query’s parameters or personal fields', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino(loggerOptions('info'), sink);
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', detail: 'Key (email)=(jane.customer@example.com)' });
    const err = new DrizzleQueryError('insert into "assessments" ("name", "email", "phone") values ($1, $2, $3)', ['Jane Customer', 'jane.customer@example.com', '+447700900123'], cause);
    log.error({ err, email: 'jane.customer@example.com', customer: { name: 'Jane Customer', phone: '+447700900123', address: '221B Baker Street' } }, 'unhandled error');
    const written = lines.join('');
    for (const secret of ['Jane', 'jane.customer', '7700900123', 'Baker Street']) expect(written).not.toContain(secret);
    expect(written).toContain('insert into \\"assessments\\"');
    expect(written).toContain('22021');
  });

  it('write one line per request: its id, method, route pattern, status and time; never the URL, the query or a cookie', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink });
    try {
      const response = await logged.app.inject({
        method: 'GET',
        url: '/api/repairer-invitations/Secret-Invitation-Token-0123456789abcdef?email=jane.customer@example.com',
        headers: { 'x-request-id': 'req-12345678', cookie: 'ar_session=Secret-Session-Token-0123456789abcdef' },
      });
      await logged.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      const requestLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');
      expect(requestLines).toHaveLength(2);
      expect(requestLines[0]).toMatchObject({ level: 30, reqId: 'req-12345678', method: 'GET', route: '/api/repairer-invitations/:token', status: response.statusCode });
      expect(requestLines[0]!.ms).toEqual(expect.any(Number));
      expect(requestLines[1]).toMatchObject({ method: 'GET', route: '(no route)', status: 404 });
      expect(Object.keys(requestLines[0]!).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
      const written = lines.join('\n');
      for (const secret of ['Secret-Invitation-Token', 'Secret-Session-Token', 'jane.customer']) expect(written).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });

  it('make request.log on its first use only, bound to the request id and redacting as the app logger does', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const logger = pino(loggerOptions('info'), sink);
    const made = vi.spyOn(logger, 'child');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLogger, logController: new LogController({ disableRequestLogging: true }) });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (request) => {
      request.log.warn({ email: 'jane.customer@example.com', step: 'checked' }, 'something to look at');
      request.log.info('and again');
      return { ok: true };
    });
    try {
      await app.ready();
      made.mockClear();
      await app.inject({ method: 'GET', url: '/quiet' });
      expect(made).not.toHaveBeenCalled();
      await app.inject({ method: 'GET', url: '/loud' });
      expect(made).toHaveBeenCalledTimes(1);
      const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(written).toEqual([
        expect.objectContaining({ level: 40, reqId: expect.any(String), step: 'checked', email: '[redacted]', msg: 'something to look at' }),
        expect.objectContaining({ level: 30, msg: 'and again' }),
      ]);
      expect(written[1]!.reqId).toBe(written[0]!.reqId);
      expect(lines.join('')).not.toContain('jane.customer');
    } finally {
      await app.close();
    }
  });

  it('keep an e-mail without SMTP by its id and kind, never its recipient', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink });
    try {
      const email = await queueEmail(logged.database.db, { kind: 'quote-ready', toAddress: 'jane.customer@example.com', subject: 'Your quote is ready – reference AR-1', textBody: 'Hello Jane', htmlBody: null, headers: {} });
      await dispatchEmails(logged.app.deps.jobs, [email]);
      expect(await drainJobs(logged.app)).toEqual({ 'send-email': 1 });
      expect(lines.join('\n')).not.toContain('jane.customer');
      const kept = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'e-mail kept in the outbox (no SMTP_URL set)');
      expect(kept).toMatchObject({ emailId: email.id, kind: 'quote-ready' });
    } finally {
      await logged.close();
    }
  });

  it('write a mail server\'s refusal without the recipient it names', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const smtp = await startSmtpServer();
    const mailer = switchableMailer();
    mailer.use(smtp.url);
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: sink, mailer });
    try {
      // Greylisted every time: '450 <jane.customer@example.com>: Recipient address rejected', until the attempts run out.
      smtp.defer('jane.customer@example.com');
      const email = await queueEmail(logged.database.db, { kind: 'quote-ready', toAddress: 'jane.customer@example.com', subject: 'Your quote is ready – reference AR-1', textBody: 'Hello Jane', htmlBody: null, headers: {} });
      for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) await expect(logged.app.deps.jobs.run('send-email', { id: email.id })).rejects.toThrow(/Recipient address rejected/);
      await logged.app.deps.jobs.run('send-email', { id: email.id });
      expect(lines.join('\n')).not.toContain('jane.customer');
      const failed = lines.map((line) => JSON.parse(line) as { msg: string; emailId?: number; err?: { message: string; code: string } }).find((line) => line.msg === 'e-mail failed after retries');
      expect(failed).toMatchObject({ emailId: email.id, err: { code: 'EENVELOPE', message: expect.stringContaining('450 <[e-mail address]>: Recipient address rejected') } });
    } finally {
      await logged.close();
      await smtp.close();
    }
  });

  it('write no request line when the level is above info', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logged = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logDestination: sink });
    try {
      expect((await logged.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
      expect(lines.join('')).not.toContain('"msg":"request"');
    } finally {
      await logged.close();
    }
  });
});

describe('smaller points', () => {
  it('answers a multipart body sent to a route that takes no photos with 415, before any sign-in is tried', async () => {
    const { body, headers } = multipartBody({ email: 'admin@example.com', password: 'x' }, []);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: body, headers });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('That content type is not supported here: please send JSON (Content-Type: application/json).');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a text part sent as JSON instead of storing [object Object]', async () => {
    const response = await submit(validDetails, {}, 'Content-Disposition: form-data; name="vehicleMake"\r\nContent-Type: application/json\r\n\r\n{"a":1}');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The field "vehicleMake" must be sent as plain text.');
  });

  it('refuses an over-long text field with a message instead of cutting it', async () => {
    const response = await submit({ ...validDetails, damageDescription: 'x'.repeat(12_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The field "damageDescription" is too long.');
  });

  it('accepts only a UUID as Idempotency-Key', async () => {
    expect((await submit(validDetails, { 'idempotency-key': 'aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(400);
    expect((await submit(validDetails, { 'idempotency-key': '3f1c2a9e-7b4d-4e2a-9c1f-0a2b3c4d5e6f' })).statusCode).toBe(201);
  });

  it('a replay with the key and the details mints no grant once the retry window has passed', async () => {
    const key = '5a1c2a9e-7b4d-4e2a-9c1f-0a2b3c4d5e6f';
    await createAssessmentRecord(t.database.db, { idempotencyKey: key, email: 'jane.customer@example.com', phone: '+447700900123', postcode: 'NW1 6XE', createdAt: new Date(Date.now() - 2 * 3600_000) });
    const replay = await submit(validDetails, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(409);
    expect(replay.cookies).toHaveLength(0);
    expect(replay.body).not.toContain('Jane');
  });

  it('accepts x-request-id only when short and safe', async () => {
    expect((await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123-DEF_456' } })).headers['x-request-id']).toBe('abc-123-DEF_456');
    for (const bad of ['x'.repeat(200), 'abc\u00e9defgh', 'abcdefgh<script>', 'abc defgh', 'short']) {
      const id = (await t.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } })).headers['x-request-id'];
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends a Permissions-Policy header', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('answers a repairer who opens /admin with a 403 page from the server', async () => {
    const repairer = await createUser(t.database.db, { role: 'repairer' });
    const cookie = await signInAs(t.app, repairer.email, repairer.password);
    const response = await t.app.inject({ url: '/admin', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This page is not available to your account');
  });
});
