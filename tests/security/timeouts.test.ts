// Issue 7, finding 4: a request that stops sending is ended; a slow one that keeps sending is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { listen, rawSocket, within } from './support';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_TIMEOUT_SECONDS: '1', IDLE_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '2' } });
  port = await listen(t.app);
});
afterAll(() => t.close());

const headers = (path: string, type: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

describe('timeouts', () => {
  it('ends 20 sign-ins that never finish their bodies, answering 408', async () => {
    const sockets = Array.from({ length: 20 }, () => rawSocket(port));
    for (const { socket } of sockets) socket.write(`${headers('/api/auth/sign-in', 'application/json', 200)}{"email":"a@example.com",`);
    const results = await Promise.all(sockets.map(({ closed }) => within(closed, 6_000)));
    for (const result of results) {
      expect(result).not.toBe('still open');
      if (result !== 'still open') expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    }
  });

  it('ends a request whose headers never finish', async () => {
    const { socket, closed } = rawSocket(port);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    expect(await within(closed, 8_000)).not.toBe('still open');
  });

  it('ends a half-sent upload that stalls', async () => {
    const { body, headers: h } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
    const { socket, closed } = rawSocket(port);
    socket.write(headers('/api/assessments', h['content-type']!, body.length));
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    expect(await within(closed, 6_000)).not.toBe('still open');
    expect(await t.app.inject({ url: '/healthz' }).then((r) => r.statusCode)).toBe(200);
  });

  it('lets a slow upload that keeps sending finish, past the body and idle timeouts, and waits for its processing', async () => {
    const { body, headers: h } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto() }]);
    const { socket, closed } = rawSocket(port);
    // Listen before sending: the answer may arrive while the last chunk's pause runs.
    const firstAnswer = new Promise<string>((resolve) => socket.on('data', (chunk) => resolve(chunk.toString('latin1'))));
    socket.write(headers('/api/assessments', h['content-type']!, body.length));
    const chunks = 8;
    const size = Math.ceil(body.length / chunks);
    for (let i = 0; i < chunks; i++) {
      socket.write(body.subarray(i * size, (i + 1) * size));
      await new Promise((resolve) => setTimeout(resolve, 450)); // 3.6 s in all: past both timeouts
    }
    const answer = await within(firstAnswer, 15_000);
    socket.destroy();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
  });
});
