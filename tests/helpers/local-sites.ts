// Local web servers on 127.0.0.1 standing in for repairers' websites (e-mail collection tests and
// the bench): each answers as a small business's site would, and records what it was asked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSite {
  port: number;
  /** Paths requested, in order. */
  requests: string[];
  userAgents: string[];
  /** When each request arrived (ms since the epoch). */
  times: number[];
  close(): Promise<void>;
}

export type SiteHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export async function startSite(handler: SiteHandler): Promise<LocalSite> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const times: number[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '/');
    userAgents.push(request.headers['user-agent'] ?? '');
    times.push(Date.now());
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    userAgents,
    times,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A site from a table of paths: HTML pages, robots.txt and redirects; anything else is a 404. */
export function pages(table: Record<string, string | { status: number; location?: string; body?: string; type?: string }>): SiteHandler {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const entry = table[path];
    if (entry === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (typeof entry === 'string') {
      response.writeHead(200, { 'content-type': path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8' }).end(entry);
      return;
    }
    response.writeHead(entry.status, { 'content-type': entry.type ?? 'text/html', ...(entry.location ? { location: entry.location } : {}) }).end(entry.body ?? '');
  };
}

export const html = (body: string) => `<!doctype html><html lang="en-GB"><head><title>Site</title></head><body>${body}</body></html>`;
