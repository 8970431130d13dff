// The collector's fetcher on its own (D18): the product's address policy refuses loopback,
// private, link-local and other non-public addresses, literal or resolved, IPv4-mapped too; a
// test policy allows loopback only for the hosts it names; redirects are checked and limited;
// robots.txt is read once per host per run; one request per host per interval, hosts in parallel.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config/config';
import { isPublicAddress, policyAllowingLoopbackFor, publicOnlyPolicy, SiteFetcher, type Resolver, type SiteFetcherOptions } from '../../src/server/modules/email-collection';
import { html, pages, startSite, type LocalSite } from '../helpers/local-sites';

const sites: LocalSite[] = [];
const fetchers: SiteFetcher[] = [];
afterAll(async () => {
  for (const f of fetchers) await f.close();
  for (const s of sites) await s.close();
});

const mapTo =
  (table: Record<string, string>): Resolver =>
  async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

function fetcher(options: Partial<SiteFetcherOptions> = {}): SiteFetcher {
  const f = new SiteFetcher({ policy: publicOnlyPolicy, resolve: mapTo({}), userAgent: 'AutoReviveBot/1.0 (test)', pageTimeoutMs: 1000, maxBytes: 1024 * 1024, maxRedirects: 3, hostIntervalMs: 20, ...options });
  fetchers.push(f);
  return f;
}

async function site(handler: Parameters<typeof startSite>[0]) {
  const s = await startSite(handler);
  sites.push(s);
  return s;
}

describe('the address policy', () => {
  it('counts only public unicast addresses as public', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '81.2.69.160', '2a00:1450:4009:81f::2004']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('judges every IPv6 form that carries an IPv4 address by the IPv4 address it carries (issue 33)', () => {
    // As written, and as the URL parser writes them ([::127.0.0.1] becomes [::7f00:1], which
    // ipaddr.js alone classes as public unicast).
    const carrying = (v4: string, hex: string) => [`::${v4}`, `::${hex}`, `::ffff:${v4}`, `::ffff:${hex}`, `::ffff:0:${v4}`, `64:ff9b::${v4}`, `64:ff9b::${hex}`];
    const refused = [
      ...carrying('127.0.0.1', '7f00:1'),
      ...carrying('10.0.0.1', 'a00:1'),
      ...carrying('192.168.1.1', 'c0a8:101'),
      ...carrying('169.254.169.254', 'a9fe:a9fe'),
      ...carrying('0.0.0.0', '0:0'),
      '::2',
      '64:ff9b:1::a00:1', // NAT64's local-use prefix: where it carries the address is the network's choice
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a00:1::', // 6to4 of 10.0.0.1
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1 (stored inverted)
      '2001:0:a00:1:8000:63bf:f7f6:f7f6', // Teredo, server 10.0.0.1
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of [...carrying('8.8.8.8', '808:808'), '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) expect(isPublicAddress(address), address).toBe(true);
    // Loopback carried in IPv6 is loopback, for the test policy's named hosts only.
    const policy = policyAllowingLoopbackFor(['site.test']);
    expect(policy.allows('::7f00:1', { hostname: 'site.test', port: 80 })).toBe(true);
    expect(policy.allows('::ffff:7f00:1', { hostname: 'other.test', port: 80 })).toBe(false);
    expect(policy.allows('::a00:1', { hostname: 'site.test', port: 80 })).toBe(false);
    expect(policy.allows('::1', { hostname: 'site.test', port: 80 })).toBe(true);
  });

  it('lets a test allow loopback for the hosts it names, and nothing private whatever it names', () => {
    const policy = policyAllowingLoopbackFor(['site.test', '127.0.0.1:8080']);
    expect(policy.allows('127.0.0.1', { hostname: 'site.test', port: 1234 })).toBe(true);
    expect(policy.allows('127.0.0.1', { hostname: '127.0.0.1', port: 8080 })).toBe(true);
    expect(policy.allows('127.0.0.1', { hostname: '127.0.0.1', port: 8081 })).toBe(false);
    expect(policy.allows('127.0.0.1', { hostname: 'other.test', port: 1234 })).toBe(false);
    expect(policy.allows('10.0.0.1', { hostname: 'site.test', port: 1234 })).toBe(false);
    expect(policy.allows('169.254.169.254', { hostname: 'site.test', port: 80 })).toBe(false);
  });
});

describe('the product fetcher', () => {
  it('refuses loopback, private and link-local literal addresses without connecting', async () => {
    const local = await site(pages({ '/': html('hello') }));
    const f = fetcher();
    const ipv6Spellings = ['::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::1'].map((host) => `http://[${host}]:${local.port}/`);
    for (const url of [`http://127.0.0.1:${local.port}/`, `http://[::1]:${local.port}/`, ...ipv6Spellings, 'http://[::10.0.0.1]/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://0x7f.1/', 'http://2130706433/']) {
      await expect(f.fetchPage(url, 'run'), url).rejects.toMatchObject({ reason: 'refused' });
    }
    await expect(f.fetchPage('file:///etc/passwd', 'run')).rejects.toMatchObject({ reason: 'refused', message: 'file:///etc/passwd is not an http or https address.' });
    expect(local.requests).toEqual([]);
  });

  it('refuses a name that resolves to a private or loopback address, checked on the address it connects to', async () => {
    const local = await site(pages({ '/': html('hello') }));
    const f = fetcher({ resolve: mapTo({ 'intranet.test': '10.20.30.40', 'sneaky.test': '127.0.0.1', 'mapped.test': '::ffff:192.168.0.1', 'compatible.test': '::7f00:1', 'nat64.test': '64:ff9b::a00:1' }) });
    for (const name of ['intranet.test', 'sneaky.test', 'mapped.test', 'compatible.test', 'nat64.test']) {
      await expect(f.fetchPage(`http://${name}:${local.port}/`, 'run'), name).rejects.toMatchObject({ reason: 'refused', message: expect.stringContaining(`${name} resolves to an address the collector may not visit`) });
    }
    expect(local.requests).toEqual([]);
  });

  it('checks every redirect again and follows at most 3', async () => {
    const target = await site(pages({ '/': html('secret') }));
    const hop = await site((request, response) => {
      const n = Number(/\/hop(\d+)/.exec(request.url ?? '')?.[1] ?? 0);
      if (request.url === '/robots.txt') return void response.writeHead(404).end();
      if (request.url === '/to-loopback') return void response.writeHead(301, { location: `http://127.0.0.1:${target.port}/` }).end();
      if (request.url === '/to-file') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      response.writeHead(302, { location: `/hop${n + 1}` }).end();
    });
    const f = fetcher({ policy: policyAllowingLoopbackFor(['hop.test']), resolve: mapTo({ 'hop.test': '127.0.0.1' }) });
    await expect(f.fetchPage(`http://hop.test:${hop.port}/to-loopback`, 'run')).rejects.toMatchObject({ reason: 'refused', message: `127.0.0.1:${target.port} is an address the collector may not visit.` });
    await expect(f.fetchPage(`http://hop.test:${hop.port}/to-file`, 'run')).rejects.toMatchObject({ reason: 'refused' });
    await expect(f.fetchPage(`http://hop.test:${hop.port}/hop0`, 'run')).rejects.toMatchObject({ reason: 'redirects' });
    expect(hop.requests.filter((p) => p.startsWith('/hop'))).toEqual(['/hop0', '/hop1', '/hop2', '/hop3']);
    expect(target.requests).toEqual([]);
  });
});

describe('politeness', () => {
  it('reads robots.txt once per host per run, and a missing one allows', async () => {
    const s = await site(pages({ '/': html('a'), '/b': html('b') }));
    const f = fetcher({ policy: policyAllowingLoopbackFor(['polite.test']), resolve: mapTo({ 'polite.test': '127.0.0.1' }) });
    await f.fetchPage(`http://polite.test:${s.port}/`, 'run-1');
    await f.fetchPage(`http://polite.test:${s.port}/b`, 'run-1');
    await f.fetchPage(`http://polite.test:${s.port}/`, 'run-2');
    expect(s.requests).toEqual(['/robots.txt', '/', '/b', '/robots.txt', '/']);
    expect(s.userAgents.every((ua) => ua === 'AutoReviveBot/1.0 (test)')).toBe(true);
  });

  it('waits the interval between requests to one host while other hosts go ahead', async () => {
    const one = await site(pages({ '/robots.txt': '', '/': html('a'), '/2': html('b'), '/3': html('c') }));
    const two = await site(pages({ '/robots.txt': '', '/': html('a'), '/2': html('b'), '/3': html('c') }));
    const f = fetcher({ hostIntervalMs: 300, policy: policyAllowingLoopbackFor(['one.test', 'two.test']), resolve: mapTo({ 'one.test': '127.0.0.1', 'two.test': '127.0.0.1' }) });
    const started = Date.now();
    await Promise.all(
      ['one.test', 'two.test'].flatMap((name) => {
        const port = name === 'one.test' ? one.port : two.port;
        return ['/', '/2', '/3'].map((path) => f.fetchPage(`http://${name}:${port}${path}`, 'run'));
      }),
    );
    const elapsed = Date.now() - started;
    for (const s of [one, two]) {
      expect(s.requests).toHaveLength(4);
      for (let i = 1; i < s.times.length; i++) expect(s.times[i]! - s.times[i - 1]!, `gap ${i}`).toBeGreaterThanOrEqual(290);
    }
    // Four requests a host, 300 ms apart: about 0.9 s, not 1.8 s as one host after the other would take.
    expect(elapsed).toBeLessThan(1500);
  });
});

describe('COLLECTOR_ALLOW_HOSTS', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', COLLECTOR_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/COLLECTOR_ALLOW_HOSTS is for tests only/);
    expect(loadConfig({ NODE_ENV: 'production' }).collector.allowLoopbackHosts).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', COLLECTOR_ALLOW_HOSTS: 'a.test, 127.0.0.1:8080' }).collector.allowLoopbackHosts).toEqual(['a.test', '127.0.0.1:8080']);
  });

  it('and the model needs all three LLM settings or none', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/LLM_API_KEY and LLM_MODEL are not set/);
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1/', LLM_API_KEY: 'k', LLM_MODEL: 'm' }).llm).toMatchObject({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' });
  });
});
