// Issue 33 item 8: without PUBLIC_URL, e-mailed links, the same-origin rule and the address printed
// at start-up use the address the server was started on (HOST), so a link followed from the outbox
// opens the origin the person is using, where their cookie choice and access grant are.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, localUrl } from '../../src/server/config/config';
import { quoteModificationRequests } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { customerWithQuote, emailsTo } from '../helpers/checkout';

describe('the local address without PUBLIC_URL', () => {
  it('is the address HOST names, a browser’s way, and localhost for every address', () => {
    const publicUrl = (env: Record<string, string>) => loadConfig(env).publicUrl;
    expect(publicUrl({ HOST: '127.0.0.1' })).toBe('http://127.0.0.1:3000');
    expect(publicUrl({ HOST: '127.0.0.1', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(publicUrl({ HOST: '192.168.1.20', PORT: '3000' })).toBe('http://192.168.1.20:3000');
    // IPv6 in brackets, compressed as the browser's Origin header writes it.
    expect(publicUrl({ HOST: '::1' })).toBe('http://[::1]:3000');
    expect(publicUrl({ HOST: '[::1]' })).toBe('http://[::1]:3000');
    expect(publicUrl({ HOST: '0:0:0:0:0:0:0:1' })).toBe('http://[::1]:3000');
    expect(publicUrl({ HOST: 'localhost' })).toBe('http://localhost:3000');
    expect(publicUrl({ HOST: 'Workshop.Local' })).toBe('http://workshop.local:3000');
    // Listening on every address names none of them.
    expect(publicUrl({})).toBe('http://localhost:3000');
    expect(publicUrl({ HOST: '0.0.0.0', PORT: '4000' })).toBe('http://localhost:4000');
    expect(publicUrl({ HOST: '::' })).toBe('http://localhost:3000');
    // Port 80 is the address without a port, as the browser sends it.
    expect(publicUrl({ HOST: '127.0.0.1', PORT: '80' })).toBe('http://127.0.0.1');
  });

  it('leaves PUBLIC_URL as it is set, whatever HOST is', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://www.autorevive.co.uk/' }).publicUrl).toBe('https://www.autorevive.co.uk');
    // A HOST that no URL can hold is fine once PUBLIC_URL says where people go.
    expect(loadConfig({ HOST: 'fe80::1%eth0', PUBLIC_URL: 'http://[fe80::1]:3000' }).publicUrl).toBe('http://[fe80::1]:3000');
  });

  it('stops with a sentence asking for PUBLIC_URL when HOST cannot be written in a web address', () => {
    expect(() => loadConfig({ HOST: 'fe80::1%eth0' })).toThrow(ConfigError);
    expect(() => localUrl('fe80::1%eth0', 3000)).toThrow(/HOST "fe80::1%eth0" cannot be written in a web address, so the links in e-mails would not open: set PUBLIC_URL/);
  });
});

describe('started with HOST=127.0.0.1 and no PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOST: '127.0.0.1', PORT: '3100' } });
  });
  afterAll(() => t.close());

  const requestChange = (cookie: string, quoteId: number, origin: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quoteId}/modification-requests`,
      // Behind no proxy the Host header would match too; another one shows the origin itself is allowed.
      headers: { cookie, origin, 'sec-fetch-site': 'same-origin', host: 'autorevive.internal:3100' },
      payload: { message: 'Could the quote include the rear bumper as well, please?' },
    });

  it('accepts a browser request from http://127.0.0.1:3100 and e-mails links to that address', async () => {
    const customer = await customerWithQuote(t);
    const response = await requestChange(customer.cookie, customer.quote.id, 'http://127.0.0.1:3100');
    expect(response.statusCode).toBe(201);
    const [email] = await emailsTo(t, t.config.teamEmail);
    expect(email!.textBody).toContain('http://127.0.0.1:3100/admin');
    expect(email!.textBody).not.toContain('localhost');
  });

  it('refuses one from http://localhost:3100, another origin now, and records nothing', async () => {
    const customer = await customerWithQuote(t);
    const response = await requestChange(customer.cookie, customer.quote.id, 'http://localhost:3100');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This request came from another website and was refused.');
    expect(await t.database.db.select().from(quoteModificationRequests).where(eq(quoteModificationRequests.quoteId, customer.quote.id))).toEqual([]);
  });
});
