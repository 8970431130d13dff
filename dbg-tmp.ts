import { SiteFetcher } from './src/server/modules/email-collection/site-fetcher';
import { policyAllowingLoopbackFor } from './src/server/modules/email-collection/address-policy';
import { startSite, html, pages } from './tests/helpers/local-sites';
let sent = 0;
const hb = setInterval(() => console.log('tick', sent), 200);
const huge = await startSite(async (request, response) => {
  if (request.url === '/robots.txt') return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/html' });
  response.write(html('<p>E-mail hello@huge.test for a quote.</p>'));
  const block = Buffer.alloc(64 * 1024, 'x');
  while (sent < 20 * 1024 * 1024 && !response.destroyed) {
    sent += block.length;
    if (!response.write(block)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
  }
  response.end();
});
const smart = await startSite(pages({ '/robots.txt': 'User-agent: *\nDisallow: /private/\n', '/': html('<a href="/contact-us">Contact us</a>'), '/contact-us': html('<a href="mailto:info@smart-repairs.test">E-mail us</a>') }));
const f = new SiteFetcher({ policy: policyAllowingLoopbackFor(['smart.test', 'huge.test']), resolve: async () => [{ address: '127.0.0.1', family: 4 }], userAgent: 'x', pageTimeoutMs: 400, maxBytes: 1024 * 1024, maxRedirects: 3, hostIntervalMs: 50 });
const a = (async () => { for (const path of ['/', '/contact-us']) { try { const p = await f.fetchPage(`http://smart.test:${smart.port}${path}`, 'r'); console.log('smart', path, p.html.length); } catch (e) { console.log('err', e); } } })();
const b = (async () => { try { const p = await f.fetchPage(`http://huge.test:${huge.port}/`, 'r'); console.log('huge', p.truncated); } catch (e) { console.log('err', e); } })();
await Promise.all([a, b]);
clearInterval(hb);
await f.close(); await smart.close(); await huge.close();
