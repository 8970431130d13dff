// E-mail collection (issue 13 item 4, D18) against local web servers standing in for repairers'
// websites, through the admin's routes and the background run: a site with a contact page, one
// whose robots.txt forbids it, one that redirects to 127.0.0.1, one whose name resolves to a
// private address, one that never answers, one that sends 20 MB, one with no address and one
// with an obfuscated address; each ends as it should and the run's figures add up. Then the
// model's path against a local chat-completions server, including answers that cannot be used.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { emailCollectionResults, jobRuns, repairers } from '../../src/server/db/schema';
import { findRun, startRun } from '../../src/server/modules/job-runs';
import type { Resolver } from '../../src/server/modules/email-collection';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { drainJobs } from '../helpers/jobs';
import { html, pages, startSite, type LocalSite } from '../helpers/local-sites';

// Host names the tests' resolver maps to addresses: the sites' names go to 127.0.0.1 (which the
// policy allows for these names only), private-yard.test to a private address.
const NAMES: Record<string, string> = {
  'smart-repairs.test': '127.0.0.1',
  'robots-no.test': '127.0.0.1',
  'redirector.test': '127.0.0.1',
  'silent.test': '127.0.0.1',
  'huge.test': '127.0.0.1',
  'nobody-home.test': '127.0.0.1',
  'dentfix.co.uk': '127.0.0.1',
  'model-choice.test': '127.0.0.1',
  'slow.test': '127.0.0.1',
  'private-yard.test': '10.0.0.7',
};
const resolveHost: Resolver = async (hostname) => {
  const address = NAMES[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const ALLOWED = Object.keys(NAMES).filter((name) => NAMES[name] === '127.0.0.1');

let t: TestApp;
let cookie: string;
const sites: LocalSite[] = [];
let hugeBytesSent = 0;
const ids = { smart: 0, hasAddress: 0 };
let chat: Server | undefined;
const chatAnswers: unknown[] = [];
const chatRequests: { authorization: string | undefined; body: { model: string; response_format: unknown; messages: { content: string }[] } }[] = [];

async function site(handler: Parameters<typeof startSite>[0]): Promise<LocalSite> {
  const started = await startSite(handler);
  sites.push(started);
  return started;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { COLLECTOR_ALLOW_HOSTS: ALLOWED.join(',') },
    resolveHost,
    configure: (config) => {
      // Fast, but the same rules: tests wait 50 ms between requests to a host, and 1.5 s for a page (400 ms failed a site that answers when 2 cores were shared by twenty processes).
      config.collector.hostIntervalMs = 50;
      config.collector.pageTimeoutMs = 1500;
    },
  });
  const admin = await createUser(t.database.db, { role: 'admin' });
  cookie = await signInAs(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
  for (const s of sites) await s.close();
  await new Promise((resolve) => (chat ? chat.close(resolve) : resolve(undefined)));
});

const collect = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/collect-emails', headers: { cookie }, payload });
const latestRun = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/job-runs/email_collection', headers: { cookie } })).json().run;
const status = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/email-collection-status', headers: { cookie } })).json();
const repairer = async (id: number) => (await t.database.db.select().from(repairers).where(eq(repairers.id, id)))[0]!;
const resultsFor = (id: number) => t.database.db.select().from(emailCollectionResults).where(eq(emailCollectionResults.repairerId, id));
const waiting = (website: string, name = 'Waiting Repairs') => createRepairer(t.database.db, { businessName: name, website, email: null, emailSource: null, isVerified: false });

describe('e-mail collection', () => {
  it('refuses bad batch requests and answers when nobody is waiting', async () => {
    // limit outside 1–100, not whole, of the wrong type, or given with collectAll: 400 with a sentence.
    for (const payload of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { limit: '10' }, { limit: 5, collectAll: true }, { force: 'yes' }, { other: 1 }]) {
      const response = await collect(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(JSON.stringify((await collect({ limit: 0 })).json())).toContain('The batch size must be a whole number from 1 to 100.');
    // A run that stopped reporting (its worker lost) does not block a new one for ever.
    const lost = await startRun(t.database.db, 'email_collection', { total: 5 });
    await t.database.db.update(jobRuns).set({ updatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(jobRuns.id, lost.id));
    const nothing = await collect({});
    expect((await findRun(t.database.db, lost.id))!).toMatchObject({ status: 'failed', error: 'The run stopped reporting progress (its worker was lost). Start a new one.' });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ success: false, error: 'No repairer with a website is waiting for an e-mail address.', processed: 0, runId: null });
  });

  it('reads each site as it should and adds up the figures', async () => {
    const smart = await site(
      pages({
        '/robots.txt': 'User-agent: *\nDisallow: /private/\n',
        '/': html('<h1>Smart Repairs</h1><a href="/services">Services</a> <a href="/contact-us">Contact us</a> <a href="https://elsewhere.test/contact">Partner</a>'),
        '/contact-us': html('<p>Site by webdesign@agency.test</p><p>Bookings: bookings@smart-repairs.test</p><a href="mailto:info@smart-repairs.test?subject=Repair">E-mail us</a>'),
        '/services': html('<a href="mailto:services@smart-repairs.test">never read</a>'),
      }),
    );
    const robotsNo = await site(pages({ '/robots.txt': 'User-agent: AutoReviveBot\nDisallow: /\n', '/': html('<a href="mailto:info@robots-no.test">x</a>') }));
    const loopback = await site(pages({ '/': html('<a href="mailto:secret@internal.test">internal</a>') }));
    const redirector = await site(pages({ '/': { status: 302, location: `http://127.0.0.1:${loopback.port}/` } }));
    const silent = await site((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(404).end();
      // Every page: headers never come.
    });
    const huge = await site(async (request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(html('<p>E-mail hello@huge.test for a quote.</p>'));
      const block = Buffer.alloc(64 * 1024, 'x');
      while (hugeBytesSent < 20 * 1024 * 1024 && !response.destroyed) {
        hugeBytesSent += block.length;
        if (!response.write(block)) {
          await new Promise<void>((resolve) => {
            const done = () => (response.off('drain', done).off('close', done), resolve());
            response.on('drain', done).on('close', done);
          });
        }
      }
      response.end();
    });
    const nobody = await site(pages({ '/': html('<p>Call us on 020 7946 0000.</p><a href="/about">About us</a>'), '/about': html('<p>Family run since 1998.</p>') }));
    const dentfix = await site(
      pages({
        '/': html(
          '<img src="logo@2x.png" alt="DentFix"><p>Write to enquiries [at] dentfix [dot] co [dot] uk or jo(at)dentfix.co.uk</p><p>noreply@dentfix.co.uk name@example.com</p><script>var x = "tracker@analytics.test";</script>',
        ),
      }),
    );

    const r = {
      smart: await waiting(`http://smart-repairs.test:${smart.port}/`, 'Smart Repairs'),
      robotsNo: await waiting(`http://robots-no.test:${robotsNo.port}/`),
      redirector: await waiting(`http://redirector.test:${redirector.port}/`),
      privateYard: await waiting(`http://private-yard.test:${smart.port}/`),
      silent: await waiting(`http://silent.test:${silent.port}/`),
      huge: await waiting(`http://huge.test:${huge.port}/`),
      nobody: await waiting(`http://nobody-home.test:${nobody.port}/`),
      dentfix: await waiting(`http://dentfix.co.uk:${dentfix.port}/`, 'DentFix'),
    };
    // Someone with an address already is not tried; nor is someone without a website.
    const hasAddress = await createRepairer(t.database.db, { website: `http://smart-repairs.test:${smart.port}/`, email: 'given@by-them.test' });
    await createRepairer(t.database.db, { website: null, email: null });
    ids.smart = r.smart.id;
    ids.hasAddress = hasAddress.id;

    const before = await status();
    expect(before.needsCollection).toBe(8);
    // No model and no mail server are set up here: the figures say so, for the screens to tell the operator.
    expect(before.model).toBe(false);
    expect((await t.app.inject({ url: '/api/admin/email-stats', headers: { cookie } })).json().mailServer).toBe(false);

    const started = await collect({ limit: 50 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ success: true, error: null, processed: 0, collected: 0, queued: 8, stats: { successRate: 0 } });
    // One run at a time.
    const again = await collect({ limit: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An e-mail collection is already running. Wait for it to finish or stop it first.');

    await drainJobs(t.app);
    const run = await latestRun();
    expect(run).toMatchObject({ id: started.json().runId, status: 'done', total: 8, processed: 8, succeeded: 3, failed: 5, percent: 100 });
    expect(run.processed).toBe(run.succeeded + run.failed);

    const smartRow = await repairer(r.smart.id);
    expect(smartRow).toMatchObject({ email: 'info@smart-repairs.test', emailSource: 'website', emailSourceUrl: `http://smart-repairs.test:${smart.port}/contact-us` });
    expect(smartRow.emailCollectedAt).toBeInstanceOf(Date);
    // robots.txt once, the home page and the one contact page; never the services page.
    expect(smart.requests).toEqual(['/robots.txt', '/', '/contact-us']);
    expect(smart.userAgents[1]).toMatch(/^AutoReviveBot\/1\.0 \(\+http.*; team@autorevive\.co\.uk;/);

    const error = async (id: number) => (await resultsFor(id))[0]!;
    expect(await error(r.robotsNo.id)).toMatchObject({ success: false, error: expect.stringContaining('robots.txt on robots-no.test') });
    expect(robotsNo.requests).toEqual(['/robots.txt']);
    expect(await error(r.redirector.id)).toMatchObject({ success: false, error: `127.0.0.1:${loopback.port} is an address the collector may not visit.` });
    expect(loopback.requests).toEqual([]);
    expect(await error(r.privateYard.id)).toMatchObject({ success: false, error: expect.stringContaining('private-yard.test resolves to an address the collector may not visit (10.0.0.7)') });
    expect(await error(r.silent.id)).toMatchObject({ success: false, error: expect.stringContaining('did not answer within 1.5 seconds') });
    // The 20 MB page is cut at 1 MB: its address is found, and far less than 20 MB was ever sent.
    expect((await repairer(r.huge.id)).email).toBe('hello@huge.test');
    expect(hugeBytesSent).toBeLessThan(8 * 1024 * 1024);
    expect(await error(r.nobody.id)).toMatchObject({ success: false, error: 'No e-mail address was found on the home page or its contact page.' });
    expect(nobody.requests).toEqual(['/robots.txt', '/', '/about']);
    // The obfuscated address, not the image name, the no-reply address or the placeholder.
    expect(await repairer(r.dentfix.id)).toMatchObject({ email: 'enquiries@dentfix.co.uk', emailSource: 'website' });

    expect((await repairer(hasAddress.id)).email).toBe('given@by-them.test');
    expect(await resultsFor(hasAddress.id)).toEqual([]);
    for (const row of Object.values(r)) expect(await resultsFor(row.id), `one result for ${row.website}`).toHaveLength(1);

    const after = await status();
    expect(after).toMatchObject({ withEmails: before.withEmails + 3, needsCollection: 5, totalRepairers: before.totalRepairers, collectedByAI: 0 });
    expect(after.completionRate).toBe(Math.round((after.withEmails / after.totalRepairers) * 1000) / 10);

    const recent = await t.app.inject({ method: 'GET', url: '/api/admin/email-collection-results?limit=5', headers: { cookie } });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().results).toHaveLength(5);
  });

  it('lets the model choose among the candidates, and falls back to the rules on an unusable answer', async () => {
    chat = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        chatRequests.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
        const answer = chatAnswers.shift();
        if (answer === 500) return void response.writeHead(500).end('{"error":{"message":"overloaded"}}');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }] }));
      });
    });
    await new Promise<void>((resolve) => chat!.listen(0, '127.0.0.1', resolve));
    t.config.llm = { baseUrl: `http://127.0.0.1:${(chat.address() as AddressInfo).port}/v1`, apiKey: 'sk-test-local', model: 'local-model', timeoutMs: 2000 };

    const modelSite = await site(pages({ '/': html('<a href="mailto:info@model-choice.test">Info</a> <p>Owner: sam.jones@model-choice.test</p>') }));
    const website = `http://model-choice.test:${modelSite.port}/`;
    const cases = [
      { answer: JSON.stringify({ email: 'Sam.Jones@model-choice.test', reason: 'The owner answers enquiries himself.' }), email: 'sam.jones@model-choice.test', source: 'ai_collected' },
      { answer: 'Sure! The address is sam.jones@model-choice.test', email: 'info@model-choice.test', source: 'website' },
      { answer: JSON.stringify({ email: 'someone@else.test', reason: 'made up' }), email: 'info@model-choice.test', source: 'website' },
      { answer: JSON.stringify({ address: 'sam.jones@model-choice.test' }), email: 'info@model-choice.test', source: 'website' },
      { answer: 500, email: 'info@model-choice.test', source: 'website' },
    ];
    for (const c of cases) {
      const row = await waiting(website, 'Model Choice Repairs');
      chatAnswers.push(c.answer);
      expect((await collect({ limit: 1 })).json()).toMatchObject({ success: true, queued: 1 });
      await drainJobs(t.app);
      expect(await repairer(row.id), String(c.answer)).toMatchObject({ email: c.email, emailSource: c.source });
      expect(await latestRun()).toMatchObject({ status: 'done', processed: 1, succeeded: 1 });
    }
    expect(chatRequests).toHaveLength(cases.length);
    expect(chatRequests[0]!.authorization).toBe('Bearer sk-test-local');
    expect(chatRequests[0]!.body).toMatchObject({ model: 'local-model', response_format: { type: 'json_object' } });
    expect(chatRequests[0]!.body.messages[1]!.content).toContain('sam.jones@model-choice.test');
    expect((await status()).collectedByAI).toBe(1);
    t.config.llm = undefined;
  });

  it('stops when the admin asks; force tries collected addresses again but never one a person gave', async () => {
    const shop = await site(pages({ '/': html('<a href="mailto:info@slow.test">x</a>') }));
    for (let i = 0; i < 3; i++) await waiting(`http://slow.test:${shop.port}/shop-${i}`);
    const started = (await collect({ collectAll: true })).json();
    expect(started).toMatchObject({ success: true, queued: (await status()).needsCollection });
    const stop = await t.app.inject({ method: 'POST', url: '/api/admin/job-runs/email_collection/stop', headers: { cookie } });
    expect(stop.statusCode).toBe(200);
    await drainJobs(t.app);
    // Asked before its first repairer: the run ends stopped, having visited nobody.
    expect(await latestRun()).toMatchObject({ id: started.runId, status: 'stopped', processed: 0, percent: 100 });
    expect(shop.requests).toEqual([]);

    // A business whose collected address became its account's sign-in (made before the migration
    // that marks it so): force leaves it alone too (an attack review: it replaced it).
    const withAccount = await createRepairer(t.database.db, { businessName: 'Account Repairs', website: `http://slow.test:${shop.port}/account`, email: 'first@account.test', emailSource: 'ai_collected' });
    await createUser(t.database.db, { role: 'repairer', repairerId: withAccount.id, email: 'first@account.test' });
    // Dated back, so that "collected again" shows even when both land in one millisecond.
    await t.database.db.update(repairers).set({ emailCollectedAt: new Date(Date.now() - 60_000) }).where(eq(repairers.id, ids.smart));
    const smartBefore = await repairer(ids.smart);
    const forced = (await collect({ limit: 100, force: true })).json();
    expect(forced.success).toBe(true);
    await drainJobs(t.app);
    const run = await latestRun();
    expect(run).toMatchObject({ status: 'done', processed: forced.queued });
    expect(run.succeeded + run.failed).toBe(run.processed);
    // Collected before: tried again. Given by the business: never replaced or tried.
    expect(await resultsFor(ids.smart)).toHaveLength(2);
    expect((await repairer(ids.smart)).emailCollectedAt!.getTime()).toBeGreaterThan(smartBefore.emailCollectedAt!.getTime());
    expect(await resultsFor(ids.hasAddress)).toEqual([]);
    expect((await repairer(ids.hasAddress)).email).toBe('given@by-them.test');
    expect(await resultsFor(withAccount.id)).toEqual([]);
    expect((await repairer(withAccount.id)).email).toBe('first@account.test');
  });
});
