// Issue 14 item 2: several instances behave as one. Two app instances, each with its own
// connection pool, job queue, running workers and DATA_DIR (no shared disk), on one PostgreSQL
// database and one s3rver bucket, with a local SMTP server counting what is really sent.
// Every request of the whole journey goes alternately to each instance: the customer submits
// photos and opens the link in their e-mail; the admin approves; the customer books and pays
// with the test provider; the admin dispatches; the repairer accepts and marks it done with
// after photos; the customer confirms. The results are those of one instance: sessions and
// grants work on both, a rate limit counted on one is seen on the other, a slot's capacity
// holds, a start-up sweep both instances asked for runs once, and every e-mail is sent once,
// even one whose job both instances run at the same moment.
// Runs with TEST_DATABASE_URL (CI sets it); skipped, loudly, without.
import { readdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuote, createRepairer, createUser } from '../../src/server/db/factories';
import { appointments, assessmentImages, outboxEmails, payments, payouts } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { setSlotCapacity } from '../../src/server/modules/booking';
import { queueEmail } from '../../src/server/modules/email';
import { S3FileStore } from '../../src/server/modules/images';
import { isSlotBookable } from '../../src/shared/calendar';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { cookieHeader, serverDatabaseAvailable } from '../helpers/app';
import { startTwoInstances, type Instance, type TwoInstances } from '../helpers/instances';
import { jpegPhoto } from '../helpers/images';
import { multipartBody, validDetails } from '../helpers/multipart';
import { startLocalS3, type LocalS3 } from '../helpers/s3';
import { startSmtpServer } from '../helpers/smtp';
import { coveredAssessmentRecord } from '../helpers/coverage';

if (!serverDatabaseAvailable()) {
  console.warn(
    '\n*** two-instances: TEST_DATABASE_URL is not set, so the two-instance journey on one PostgreSQL database and one bucket is SKIPPED. ' +
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it. ***\n',
  );
}

const TAKEN = 'That slot has just been taken. Please choose another.';
const CUSTOMER = 'two.instances@example.com';

/** The first working day from a week ahead whose morning can be booked now. */
function bookableDay(): string {
  const now = new Date();
  let date = addDays(londonDateOf(now), 7);
  while (!isSlotBookable(date, 'morning', now)) date = addDays(date, 1);
  return date;
}

/** A quoted-printable body read back as text (soft line breaks joined, =XX decoded). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!serverDatabaseAvailable())('two app instances on one PostgreSQL database and one bucket', () => {
  let s3: LocalS3;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let two: TwoInstances | undefined;
  let instances: Instance[] = [];
  /** Which instance served each request, in order. */
  const served: string[] = [];
  let turn = 0;

  /** The next request goes to the other instance. */
  function request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const instance = instances[turn++ % 2]!;
    served.push(instance.name);
    return instance.app.inject(options);
  }
  const get = (url: string, cookie?: string) => request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: object, cookie?: string) => request({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const db = () => instances[0]!.database.db;

  beforeAll(async () => {
    s3 = await startLocalS3();
    smtp = await startSmtpServer();
    two = await startTwoInstances('instance', { AUTO_DISPATCH: 'false', SESSION_TTL_HOURS: '2160', SMTP_URL: smtp.url, ...s3.env }, {
      // Three submissions an hour from one address, counted wherever they arrive.
      configure: (config) => (config.assessmentsPerHourPerAddress = 3),
    });
    instances = two.instances;
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await smtp?.close();
    await s3?.close();
  });

  it('runs the whole journey with each request on the other instance, as one instance would', async () => {
    const adminUser = await createUser(db(), { role: 'admin' });
    const business = await createRepairer(db(), { latitude: 51.51, longitude: -0.13 });
    const repairerUser = await createUser(db(), { role: 'repairer', repairerId: business.id });
    const day = bookableDay();
    await setSlotCapacity(db(), { date: day, slot: 'morning' }, 1, instances[0]!.config.slotCapacity);

    // Sessions: signed in on one instance, recognised on the other.
    const signIn = async (email: string, password: string) => {
      const response = await post('/api/auth/sign-in', { email, password });
      expect(response.statusCode, response.body).toBe(200);
      return cookieHeader(response);
    };
    const admin = await signIn(adminUser.email, adminUser.password); // A
    const repairer = await signIn(repairerUser.email, repairerUser.password); // B

    // The customer submits two photos (multipart) and gets a grant cookie.
    const jpeg = await jpegPhoto(1200, 900);
    const photos = multipartBody({ ...validDetails, email: CUSTOMER }, [
      { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg },
      { filename: 'side.jpg', contentType: 'image/jpeg', data: await jpegPhoto(800, 600) },
    ]);
    const submitted = await request({ method: 'POST', url: '/api/assessments', payload: photos.body, headers: photos.headers }); // A
    expect(submitted.statusCode, submitted.body).toBe(201);
    const assessmentId = submitted.json().id as number;
    const [firstImage] = submitted.json().images as number[];
    const submitCookie = cookieHeader(submitted);
    // The grant set by one instance opens the photo, stored in the bucket, on the other.
    const thumb = await get(`/api/images/${firstImage}?size=thumb`, submitCookie); // B
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/jpeg']);

    // The receipt really sent by SMTP carries the quote link; it works on either instance.
    const receipt = await until('the receipt e-mail', async () => smtp.received.find((mail) => mail.to.includes(CUSTOMER)));
    const link = /\/access\/[A-Za-z0-9_-]+\?next=[^\s"<>]+/.exec(decodeQuotedPrintable(receipt.raw))?.[0];
    expect(link).toBeDefined();
    const opened = await get(link!); // A
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/quote/${assessmentId}`);
    const customer = cookieHeader(opened);

    // The admin approves the draft quote made from the price list.
    const quote = await get(`/api/quotes/assessment/${assessmentId}`, admin); // B
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json().id as number;
    const approved = await post(`/api/admin/quotes/${quoteId}/approve`, {}, admin); // A
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await get(`/api/quotes/${quoteId}`, customer)).json().status).toBe('approved'); // B

    // The customer books the slot (capacity 1); another customer's try on the other instance is refused.
    const booked = await post('/api/appointments', { quoteId, appointmentDate: day, timeSlot: 'morning' }, customer); // A
    expect(booked.statusCode, booked.body).toBe(200);
    const appointmentId = booked.json().id as number;
    const other = await coveredAssessmentRecord(db());
    const otherQuote = await createQuote(db(), { assessmentId: other.id, status: 'approved' });
    const otherGrant = await createGrant(db(), other.id);
    const refused = await post('/api/appointments', { quoteId: otherQuote.id, appointmentDate: day, timeSlot: 'morning' }, `ar_access=${otherGrant.token}`); // B
    expect([refused.statusCode, refused.json().message]).toEqual([409, TAKEN]);

    // Pays with the test provider: the intent from one instance is confirmed on the other.
    const intent = await post('/api/create-payment-intent', { quoteId, startWithinCancellationPeriod: true }, customer); // A
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await post('/api/test-payments/confirm', { clientSecret: intent.json().clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, customer); // B
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(`/api/appointments/${appointmentId}`, customer)).json().status).toBe('confirmed'); // A

    // The admin dispatches; the repairer accepts.
    const sent = await post(`/api/admin/quotes/${quoteId}/send-to-repairer`, { repairerId: business.id }, admin); // B
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = await post(`/api/repairer/notifications/${sent.json().notification.id}/accept`, {}, repairer); // A
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The days until the appointment pass: its date becomes today. (Not a faked clock: the
    // bucket is another process on the real clock, and S3 refuses requests signed 15 minutes
    // or more away from its own time.) The repairer marks it done with an after photo; the
    // customer confirms.
    await db().update(appointments).set({ appointmentDate: londonDateOf(new Date()) }).where(eq(appointments.id, appointmentId));
    const after = multipartBody({}, [{ filename: 'after.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const done = await request({ method: 'POST', url: `/api/repairer/appointments/${appointmentId}/complete`, payload: after.body, headers: { ...after.headers, cookie: repairer } }); // B
    expect(done.statusCode, done.body).toBe(200);
    const confirmed = await post(`/api/appointments/${appointmentId}/confirm-completion`, {}, customer); // A
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The same records as one instance makes.
    const [appointment] = await db().select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(appointment).toMatchObject({ status: 'completed' });
    const [payment] = await db().select().from(payments).where(eq(payments.appointmentId, appointmentId));
    expect(payment).toMatchObject({ status: 'succeeded' });
    const [payout] = await db().select().from(payouts).where(eq(payouts.paymentId, payment!.id));
    expect(payout?.repairerId).toBe(business.id);
    // Before and after photos are in the bucket, read through either instance.
    const images = await db().select().from(assessmentImages).where(eq(assessmentImages.assessmentId, assessmentId));
    expect(images.map((image) => image.kind).sort()).toEqual(['after', 'damage', 'damage']);
    const bucket = new S3FileStore(s3.config());
    try {
      const keys = new Set((await bucket.list('photos/')).map((file) => file.key));
      expect(images.every((image) => keys.has(image.displayKey) && keys.has(image.thumbKey))).toBe(true);
    } finally {
      bucket.close();
    }
    const afterImage = images.find((image) => image.kind === 'after')!;
    expect((await get(`/api/images/${afterImage.id}?size=thumb`, customer)).statusCode).toBe(200);
    // No instance wrote a photo to its own disk.
    for (const instance of instances) expect(await listFiles(instance.config.uploadsDir)).toEqual([]);
    // Every request of the journey alternated.
    expect(served.every((name, i) => name === (i % 2 === 0 ? 'A' : 'B'))).toBe(true);
  }, 60_000);

  it('counts a rate limit across instances: submissions on one are seen by the other', async () => {
    // The journey made one submission from this address; the limit is three an hour.
    const submit = async () => {
      const { body, headers } = multipartBody(validDetails, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegPhoto(400, 300) }]);
      return request({ method: 'POST', url: '/api/assessments', payload: body, headers });
    };
    const first = await submit();
    expect(first.statusCode, first.body).toBe(201);
    expect((await submit()).statusCode).toBe(201);
    const third = await submit(); // whichever instance: it has seen the other's count
    expect(third.statusCode).toBe(429);
    const fourth = await submit();
    expect(fourth.statusCode).toBe(429);
  });

  it('runs a start-up sweep that both instances asked for once', async () => {
    // Both instances enqueued sweep-orphan-photos when their workers started (runOnStart).
    const jobs = await until('the start-up sweep to finish', async () => {
      const { rows } = await instances[0]!.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'sweep-orphan-photos'`);
      return rows.length > 0 && rows.every((row) => row.state === 'completed') && rows;
    });
    expect(jobs).toHaveLength(1);
  });

  it('sends each e-mail once, even when both instances run a job for it at the same moment', async () => {
    // Everything the journey queued is sent, and each exactly once.
    const outbox = await until(
      'the outbox to empty',
      async () => {
        const rows = await db().select().from(outboxEmails);
        return rows.every((row) => row.status === 'sent') && rows;
      },
      30_000,
    );
    expect(outbox.length).toBeGreaterThan(5);
    const received = (to: string) => smtp.received.filter((mail) => mail.to.includes(to)).length;
    for (const to of new Set(outbox.map((row) => row.toAddress))) expect(received(to), to).toBe(outbox.filter((row) => row.toAddress === to).length);
    expect(smtp.received).toHaveLength(outbox.length);

    // Two jobs for one e-mail (the outbox sweep re-queues one whose first job waits to retry),
    // run by both instances' workers together: one message. The SMTP server now takes a second
    // to accept a message, so the two sends would overlap if nothing stopped the second.
    smtp.slowDown(1000);
    const [email] = await db().transaction(async (tx) => [await queueEmail(tx, { kind: 'test', toAddress: 'once@example.com', subject: 'Once', textBody: 'Sent once.' })]);
    await Promise.all(instances.map((instance) => instance.app.deps.jobs.enqueue('send-email', { id: email!.id })));
    await until('the e-mail to be sent', async () => (await db().select().from(outboxEmails).where(and(eq(outboxEmails.id, email!.id), eq(outboxEmails.status, 'sent')))).length === 1);
    // Both jobs have run (however each ended): one message, and neither job failed.
    const states = await until('both jobs to run', async () => {
      const { rows } = await instances[0]!.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'send-email' AND data->>'id' = $1`, [String(email!.id)]);
      return rows.length === 2 && rows.every((row) => row.state !== 'created' && row.state !== 'active') && rows.map((row) => row.state);
    });
    expect(received('once@example.com')).toBe(1);
    expect(states).toEqual(['completed', 'completed']);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}
