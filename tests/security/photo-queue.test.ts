// Issue 7, finding 2: photo work is fair and bounded, counted in pixels; a submission whose
// client has gone away stops and leaves nothing behind.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageProcessingSlots, photoQueueBusyMessage, PhotoWorkQueue } from '../../src/server/modules/images';
import { createTestApp, type TestApp } from '../helpers/app';
import { heicPhoto, jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { countAssessments, listen, rawSocket } from './support';

describe('the photo queue', () => {
  it('serves visitors in turn: a flood delays a bystander by at most the photos already running', async () => {
    const queue = new PhotoWorkQueue({ slots: 2, maxPixelsPerVisitor: 1e12, maxPixelsTotal: 1e12 });
    // Each photo's work ends only when the test lets it, one at a time: the order is the queue's,
    // never the timers' (5 ms sleeps raced the bystander's admission on a busy machine).
    const order: string[] = [];
    const running: Array<() => void> = [];
    const work = (name: string) => () => new Promise<void>((resolve) => running.push(() => (order.push(name), resolve())));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const flood = queue.admit('flooder', Array(40).fill(1e6));
    const floodDone = Promise.all(Array.from({ length: 40 }, (_, i) => flood.run(i, work(`f${i}`))));
    await settle();
    expect(running).toHaveLength(2); // the flood fills both slots
    const bystander = queue.admit('bystander', [1e6]);
    const bystanderDone = bystander.run(0, work('b'));
    while (running.length > 0) {
      running.shift()!();
      await settle();
    }
    await Promise.all([floodDone, bystanderDone]);
    expect(order).toHaveLength(41);
    expect(order.indexOf('b')).toBeLessThanOrEqual(3);
  });

  it('counts pixels, not files, and refuses past a visitor’s share (429) or everyone’s (503)', () => {
    const queue = new PhotoWorkQueue({ slots: 2, maxPixelsPerVisitor: 30e6, maxPixelsTotal: 50e6 });
    queue.admit('a', [12e6, 12e6]);
    expect(() => queue.admit('a', [12e6])).toThrow(expect.objectContaining({ statusCode: 429, retryAfterSeconds: 60, message: photoQueueBusyMessage }));
    queue.admit('b', [24e6]);
    expect(() => queue.admit('c', [12e6])).toThrow(expect.objectContaining({ statusCode: 503, retryAfterSeconds: 60 }));
  });

  it('admits a submission photo by photo as it uploads, each photo judged as admit() judges the whole submission', () => {
    const queue = new PhotoWorkQueue({ slots: 2, maxPixelsPerVisitor: 30e6, maxPixelsTotal: 50e6 });
    const first = queue.open('a');
    // Alone, a visitor's submission is never refused by its own photos (admit('a', [12e6, 12e6, 12e6]) is not).
    expect([first.add([12e6]), first.add([12e6]), first.add([12e6])]).toEqual([0, 1, 2]);
    const second = queue.open('a');
    expect(() => second.add([1e6])).toThrow(expect.objectContaining({ statusCode: 429, retryAfterSeconds: 60 }));
    expect(queue.pixelsQueued).toBe(36e6); // a refused photo holds nothing
    first.release();
    second.add([1e6]);
    const other = queue.open('b');
    other.add([20e6]);
    other.add([20e6]);
    // Its photos so far (40 MP) and this one, beside everyone else's 1 MP, pass the 50 MP.
    expect(() => other.add([10e6])).toThrow(expect.objectContaining({ statusCode: 503 }));
    other.release();
    second.release();
    expect(queue.pixelsQueued).toBe(0);
  });
});

describe('submissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PHOTO_QUEUE_MEGAPIXELS_PER_VISITOR: '2', PHOTO_QUEUE_MEGAPIXELS: '1000' } });
  });
  afterAll(() => t.close());
  let listening: Promise<number> | undefined;
  const port = () => (listening ??= listen(t.app)); // one listening app for the tests that need a socket

  it('refuses a visitor’s second submission while the first is still queued: 429 with Retry-After', async () => {
    const photos = await Promise.all(Array.from({ length: 3 }, () => jpegPhoto(1600, 1200)));
    const { body, headers } = multipartBody(validDetails, photos.map((data, i) => ({ filename: `${i}.jpg`, contentType: 'image/jpeg', data })));
    const send = () => t.app.inject({ method: 'POST', url: '/api/assessments', payload: body, headers, remoteAddress: '192.0.2.77' });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toContain(201);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused).toBeDefined();
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().message).toBe(photoQueueBusyMessage);
  });

  it('processes each photo as soon as it has landed, while the rest are still uploading (issue 36 item 5)', async () => {
    const before = await countAssessments(t);
    const photos = await Promise.all([jpegPhoto(1200, 900), jpegPhoto(1200, 900)]);
    const { body, headers } = multipartBody(validDetails, photos.map((data, i) => ({ filename: `${i}.jpg`, contentType: 'image/jpeg', data })));
    // Everything up to a few bytes into the second photo: the first one's part has ended.
    const cut = body.indexOf('filename="1.jpg"') + 200;
    const { socket, closed } = rawSocket(await port());
    socket.write(`POST /api/assessments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    socket.write(body.subarray(0, cut));
    // A photo's temporary file is removed once it has been processed: the first one's goes while
    // the second is still arriving (and answering nothing yet).
    const uploads = () => readdirSync(join(t.config.dataDir, 'tmp')).filter((name) => name.startsWith('upload-'));
    await expect.poll(() => uploads().flatMap((dir) => readdirSync(join(t.config.dataDir, 'tmp', dir))), { timeout: 20_000 }).toEqual(['photo-1']);
    socket.write(body.subarray(cut));
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(await countAssessments(t)).toBe(before + 1);
  });

  it('stops a submission whose client has gone away, and stores nothing', async () => {
    const before = await countAssessments(t);
    const heic = heicPhoto();
    const { body, headers } = multipartBody(validDetails, Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.heic`, contentType: 'image/heic', data: heic })));
    // Occupy the decoding slots, so the submission is still waiting for them when its client
    // leaves, however fast this machine would have decoded it; free them once it has gone.
    let free!: () => void;
    const occupied = new Promise<void>((resolve) => (free = resolve));
    const holders = Array.from({ length: imageProcessingSlots.limit }, () => imageProcessingSlots.run(() => occupied));
    const { socket, closed } = rawSocket(await port());
    socket.write(`POST /api/assessments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body);
    await expect.poll(() => imageProcessingSlots.waiting, { timeout: 10_000 }).toBeGreaterThan(0);
    socket.destroy();
    await closed;
    free();
    await Promise.all(holders);
    // Until the request's work is over, whatever it does: its upload folder is removed only after
    // the submission has stored its photos and rows or given up (it was a fixed 8 s wait).
    await expect
      .poll(() => ({ uploads: readdirSync(join(t.config.dataDir, 'tmp')), decoding: imageProcessingSlots.active + imageProcessingSlots.waiting }), { timeout: 30_000 })
      .toEqual({ uploads: [], decoding: 0 });
    expect(await countAssessments(t)).toBe(before);
  });
});
