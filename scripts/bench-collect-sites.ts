// The bench's repairer websites (scripts/bench-collect.ts), in a process of their own so that
// their arrival times are not skewed by the collector's event loop and their memory is not
// counted with it. One server answers every host name by its Host header, each page after the
// given latency; the parent is sent the port, and on request the arrival times per host.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const latencyMs = Number(process.argv[2] ?? 100);
const arrivals: Record<string, number[]> = {};
const server = createServer((request, response) => {
  const host = (request.headers.host ?? '').split(':')[0]!;
  (arrivals[host] ??= []).push(performance.now());
  const path = request.url ?? '/';
  setTimeout(() => {
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
    const shop = /^\/shop-(\d+)\/(contact)?$/.exec(path);
    if (!shop) return void response.writeHead(404).end();
    const body = shop[2]
      ? `<!doctype html><html><body><p>Bookings and quotes:</p><a href="mailto:info@shop${shop[1]}.${host}">E-mail us</a><p>${'Family-run mobile repairs. '.repeat(200)}</p></body></html>`
      : `<!doctype html><html><body><h1>Shop ${shop[1]}</h1><a href="/shop-${shop[1]}/contact">Contact us</a><p>${'Scratches, dents, alloys. '.repeat(400)}</p></body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  }, latencyMs);
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (message) => {
  if (message === 'arrivals') process.send!({ arrivals }, () => server.close(() => process.exit(0)));
});
