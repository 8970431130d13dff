// D18: fetching a stranger's web page safely. Every connection resolves its host once, keeps only
// the addresses the policy allows and connects to one of those (undici's connect.lookup), so the
// address checked is the address used; literal IP hosts are checked here, because Node connects
// to them without a lookup. Redirects are followed by hand (at most 3), each hop checked again,
// robots.txt obeyed (read once per host per run), one request per host every 2 seconds at most,
// 1 MB and 10 seconds per page. ../shared/DEPENDENCY-NOTES.md records what was measured.
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import robotsParser from 'robots-parser';
import { Agent, buildConnector, fetch, type Response } from 'undici';
import type { AddressPolicy, Resolver } from './address-policy';
import { HostGate } from './host-gate';
import type { FetchedPage, PageFetcher } from '../../kernel/ports';

export type { FetchedPage };

export interface SiteFetcherOptions {
  policy: AddressPolicy;
  resolve: Resolver;
  /** Names the product and a contact address (D18). */
  userAgent: string;
  /** Per request, from sending it to the last byte of the body. */
  pageTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The least time between the starts of two requests to one host. */
  hostIntervalMs: number;
}


/** A page the collector may not or could not read, with a sentence for the admin. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'robots' | 'timeout' | 'http' | 'network' | 'content' | 'redirects',
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

const READABLE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i;
const MAX_CRAWL_DELAY_MS = 30_000;

interface RobotsRules {
  allows(url: string): boolean;
  delayMs: number;
  /** Set when robots.txt could not be read, which allows nothing (RFC 9309). */
  unreadable?: string;
}

export class SiteFetcher implements PageFetcher {
  private readonly agent: Agent;
  private readonly gate: HostGate;
  private readonly connectors = new Map<number, buildConnector.connector>();
  /** robots.txt per run and origin: read once per host per run. */
  private readonly robots = new Map<string, Promise<RobotsRules>>();

  constructor(readonly options: SiteFetcherOptions) {
    this.gate = new HostGate(options.hostIntervalMs);
    this.agent = new Agent({
      connect: (connectOptions, callback) => {
        const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
        return this.connectorFor(port)(connectOptions, callback);
      },
      keepAliveTimeout: 5_000,
      headersTimeout: options.pageTimeoutMs,
      bodyTimeout: options.pageTimeoutMs,
    });
  }

  /** Reads one page (following at most maxRedirects redirects); throws FetchError. */
  async fetchPage(url: string, runKey: string): Promise<FetchedPage> {
    let current = this.checkUrl(url);
    for (let hop = 0; ; hop++) {
      const rules = await this.robotsFor(current, runKey);
      if (!rules.allows(current.href)) {
        throw new FetchError(
          rules.unreadable
            ? `robots.txt on ${current.host} could not be read (${rules.unreadable}), so nothing there is read.`
            : `robots.txt on ${current.host} does not allow reading ${current.pathname}.`,
          'robots',
        );
      }
      const release = await this.gate.acquire(current.host, rules.delayMs);
      const { response, controller, timer } = await this.request(current).finally(release);
      try {
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel().catch(() => undefined);
          if (hop >= this.options.maxRedirects) throw new FetchError(`${url} redirected more than ${this.options.maxRedirects} times.`, 'redirects');
          current = this.checkUrl(new URL(response.headers.get('location')!, current).href);
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new FetchError(`${current.href} answered ${response.status}.`, 'http');
        }
        const type = response.headers.get('content-type') ?? 'text/html';
        if (!READABLE_TYPES.test(type)) {
          await response.body?.cancel().catch(() => undefined);
          throw new FetchError(`${current.href} is not a web page (${type.split(';')[0]}).`, 'content');
        }
        const { text, truncated } = await this.readCapped(response, type, controller);
        return { url: current.href, html: text, truncated };
      } catch (error) {
        throw this.explain(error, current);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** Forgets a run's robots.txt (its hosts are read afresh by the next run). */
  forgetRun(runKey: string): void {
    for (const key of this.robots.keys()) if (key.startsWith(`${runKey} `)) this.robots.delete(key);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private connectorFor(port: number): buildConnector.connector {
    let connector = this.connectors.get(port);
    if (!connector) {
      connector = buildConnector({ timeout: this.options.pageTimeoutMs, lookup: this.lookupFor(port) } as buildConnector.BuildOptions);
      this.connectors.set(port, connector);
    }
    return connector;
  }

  /** Resolves once, keeps the allowed addresses and hands them to the socket: the checked address is the one used. */
  private lookupFor(port: number): LookupFunction {
    return (hostname, options, callback) => {
      this.options
        .resolve(hostname)
        .then((addresses) => {
          const allowed = addresses.filter(({ address }) => this.options.policy.allows(address, { hostname, port }));
          if (allowed.length === 0) {
            const error = new FetchError(`${hostname} resolves to an address the collector may not visit (${addresses.map((a) => a.address).join(', ') || 'none'}).`, 'refused');
            (callback as (error: Error) => void)(error);
            return;
          }
          if ((options as { all?: boolean }).all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, allowed);
          else (callback as (error: null, address: string, family: number) => void)(null, allowed[0]!.address, allowed[0]!.family);
        })
        .catch((error: unknown) => (callback as (error: Error) => void)(error instanceof Error ? error : new Error(String(error))));
    };
  }

  /** http(s) only; a literal IP host is judged here (Node skips the lookup for it). */
  private checkUrl(href: string): URL {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw new FetchError(`${href} is not a web address.`, 'refused');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`${href} is not an http or https address.`, 'refused');
    url.username = '';
    url.password = '';
    url.hash = '';
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    if (isIP(hostname) && !this.options.policy.allows(hostname, { hostname, port })) {
      throw new FetchError(`${url.host} is an address the collector may not visit.`, 'refused');
    }
    return url;
  }

  private async request(url: URL): Promise<{ response: Response; controller: AbortController; timer: NodeJS.Timeout }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new FetchError(`${url.href} did not answer within ${this.options.pageTimeoutMs / 1000} seconds.`, 'timeout')), this.options.pageTimeoutMs);
    try {
      const response = await fetch(url.href, {
        dispatcher: this.agent,
        redirect: 'manual',
        signal: controller.signal,
        headers: { 'user-agent': this.options.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8', 'accept-language': 'en-GB,en;q=0.8' },
      });
      return { response, controller, timer };
    } catch (error) {
      clearTimeout(timer);
      throw this.explain(error, url, controller);
    }
  }

  /** Reads at most maxBytes of the body, then aborts the connection (the rest is never read). */
  private async readCapped(response: Response, type: string, controller: AbortController): Promise<{ text: string; truncated: boolean }> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let truncated = false;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (size + value.byteLength > this.options.maxBytes) {
          chunks.push(value.subarray(0, this.options.maxBytes - size));
          size = this.options.maxBytes;
          truncated = true;
          controller.abort(new FetchError('cut at the size limit', 'content'));
          await reader.cancel().catch(() => undefined);
          break;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    }
    const charset = /charset=["']?([\w-]+)/i.exec(type)?.[1] ?? 'utf-8';
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(charset);
    } catch {
      decoder = new TextDecoder('utf-8');
    }
    return { text: decoder.decode(Buffer.concat(chunks)), truncated };
  }

  private explain(error: unknown, url: URL, controller?: AbortController): FetchError {
    if (error instanceof FetchError) return error;
    const reason = controller?.signal.reason;
    if (reason instanceof FetchError) return reason;
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if (e instanceof FetchError) return e;
      const code = (e as { code?: unknown }).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchError(`${url.hostname} could not be found.`, 'network');
      if (code === 'ECONNREFUSED') return new FetchError(`${url.host} refused the connection.`, 'network');
      if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        return new FetchError(`${url.href} did not answer within ${this.options.pageTimeoutMs / 1000} seconds.`, 'timeout');
      }
    }
    return new FetchError(`${url.href} could not be read (${error instanceof Error ? error.message : String(error)}).`, 'network');
  }

  /** robots.txt for the URL's origin, read once per run with the same rules as any page. */
  private robotsFor(url: URL, runKey: string): Promise<RobotsRules> {
    const key = `${runKey} ${url.origin}`;
    let rules = this.robots.get(key);
    if (!rules) {
      rules = this.readRobots(url.origin);
      this.robots.set(key, rules);
    }
    return rules;
  }

  private async readRobots(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`;
    const ua = this.options.userAgent;
    const build = (text: string): RobotsRules => {
      const robot = robotsParser(robotsUrl, text);
      const delay = robot.getCrawlDelay(ua);
      // A URL on another host answers undefined: not allowed by these rules.
      return { allows: (href) => robot.isAllowed(href, ua) === true, delayMs: Math.min(MAX_CRAWL_DELAY_MS, (delay ?? 0) * 1000) };
    };
    const disallowAll = (why: string): RobotsRules => ({ allows: () => false, delayMs: 0, unreadable: why });
    let current = this.checkUrl(robotsUrl);
    for (let hop = 0; hop <= this.options.maxRedirects; hop++) {
      const release = await this.gate.acquire(current.host);
      let response: Response, controller: AbortController, timer: NodeJS.Timeout;
      try {
        ({ response, controller, timer } = await this.request(current).finally(release));
      } catch (error) {
        // Unreachable (RFC 9309: assume nothing is allowed); a refused address is refused for pages too.
        if (error instanceof FetchError && error.reason === 'refused') throw error;
        return disallowAll(error instanceof FetchError ? error.message : 'unreachable');
      }
      try {
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel().catch(() => undefined);
          current = this.checkUrl(new URL(response.headers.get('location')!, current).href);
          continue;
        }
        // A missing robots.txt (any 4xx) allows everything; a server error allows nothing (RFC 9309).
        if (response.status >= 400 && response.status < 500) {
          await response.body?.cancel().catch(() => undefined);
          return build('');
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          return disallowAll(`it answered ${response.status}`);
        }
        const { text } = await this.readCapped(response, response.headers.get('content-type') ?? 'text/plain', controller);
        return build(text);
      } catch (error) {
        if (error instanceof FetchError && error.reason === 'refused') throw error;
        return disallowAll(error instanceof Error ? error.message : 'unreadable');
      } finally {
        clearTimeout(timer);
      }
    }
    return disallowAll('too many redirects');
  }
}
