// Issue 38 item 2 (docs/decisions/0037): texts to customers through the outbox, sent by Twilio's
// Messages API (a local stand-in here, speaking its protocol: basic auth, a form body, its JSON
// answers and error codes). Only with the consent ticked at booking and only to a UK mobile;
// a provider's 5xx is retried, its 4xx refusal fails the text at once, and the admin's outbox
// page shows it with Twilio's code. Without SMS_PROVIDER texts are kept in the outbox. On a
// PostgreSQL server, two instances running the same text's jobs send it once.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config/config';
import { createUser } from '../../src/server/db/factories';
import { appointments, assessments, outboxEmails, quotes } from '../../src/server/db/schema';
import { arrivalMessages } from '../../src/shared/arrival';
import { textConsentMessages } from '../../src/shared/api/appointments';
import { queueEmail, sendEmailJob } from '../../src/server/modules/email';
import type { JobContext } from '../../src/server/kernel/jobs';
import type { OutboxEmail } from '../../src/shared/api/email';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { customerWithQuote, deleteBookings, post, workingDay, payWithTestCard } from '../helpers/checkout';
import { startTwoInstances, type Instance, type TwoInstances } from '../helpers/instances';
import { startTwilioStandIn, TWILIO_SENDER, type TwilioStandIn } from '../helpers/twilio-server';

/** What the app's send-email worker would run for this outbox line, now. */
const sendNow = (app: FastifyInstance, id: number) =>
  sendEmailJob.handler({ id }, { ...app.deps, db: app.deps.database.db, log: app.log } as unknown as JobContext);

/** A customer books (ticking the texts box or not) with this phone on their enquiry, and pays with the test card. */
async function bookAndPay(t: TestApp, day: number, phone: string, textConsent: boolean) {
  const customer = await customerWithQuote(t);
  await t.database.db.update(assessments).set({ phone }).where(eq(assessments.id, customer.assessment.id));
  const held = await post(t, '/api/appointments', { quoteId: customer.quote.id, appointmentDate: workingDay(day), timeSlot: 'morning', textConsent }, customer.cookie);
  expect(held.statusCode, held.body).toBe(200);
  await payWithTestCard(t, customer.quote.id, customer.cookie);
  return { ...customer, appointmentId: (held.json() as { id: number }).id };
}

const textsOf = async (t: TestApp, assessmentId: number) =>
  (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.assessmentId, assessmentId))).filter((row) => row.channel === 'sms');

async function adminOutbox(t: TestApp): Promise<OutboxEmail[]> {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const cookie = await signInAs(t.app, admin.email, admin.password);
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/emails?limit=200', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as OutboxEmail[];
}

describe('texts through Twilio (a local stand-in)', () => {
  let twilio: TwilioStandIn;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    t = await createTestApp({ env: twilio.env });
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });
  afterEach(() => deleteBookings(t));

  it('texts the confirmation to the UK mobile the customer ticked the box for, once, from the sender, with basic auth', async () => {
    const booking = await bookAndPay(t, 1, '07700 900123', true);
    const texts = await textsOf(t, booking.assessment.id);
    expect(texts.map((row) => [row.kind, row.toAddress, row.status])).toEqual([['text-booking-confirmed', '+447700900123', 'pending']]);
    await sendNow(t.app, texts[0]!.id);
    await sendNow(t.app, texts[0]!.id); // a second job for the same line: nothing more is sent
    const received = twilio.received.filter((text) => text.to === '+447700900123');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: TWILIO_SENDER, messagingServiceSid: null });
    expect(received[0]!.body).toContain(booking.assessment.reference);
    expect((await textsOf(t, booking.assessment.id))[0]!.status).toBe('sent');
  });

  it('queues no text without the box ticked, nor to a number that is not a UK mobile, and the outbox shows none', async () => {
    const unticked = await bookAndPay(t, 2, '07700 900124', false);
    const landline = await bookAndPay(t, 3, '020 7946 0321', true);
    expect(await textsOf(t, unticked.assessment.id)).toEqual([]);
    expect(await textsOf(t, landline.assessment.id)).toEqual([]);
    // Their confirmation e-mails were queued all the same.
    const outbox = await adminOutbox(t);
    const mine = outbox.filter((line) => line.subject.includes(unticked.assessment.reference) || line.subject.includes(landline.assessment.reference));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(outbox.filter((line) => line.channel === 'sms' && ['+447700900124', '+442079460321'].includes(line.toAddress))).toEqual([]);
  });

  it('retries a provider error, fails at once on a permanent refusal, and shows it failed with Twilio’s code on the outbox page', async () => {
    const to = '+447700900321';
    const [text] = await t.database.db.transaction(async (tx) => [await queueEmail(tx, { kind: 'text-booking-reminder', channel: 'sms', toAddress: to, subject: '', textBody: 'AutoRevive: a reminder.' })]);
    twilio.answerNext(to, { status: 503, code: 20500, message: 'Service unavailable' }, { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    // The first attempt meets a 503: recorded, and thrown so the job queue retries it with backoff.
    await expect(sendNow(t.app, text!.id)).rejects.toThrow('Twilio error 20500: Service unavailable');
    let [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, text!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    // The retry meets a permanent refusal: failed at once, not retried again.
    await sendNow(t.app, text!.id);
    [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, text!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Twilio error 21610: Attempt to send to unsubscribed recipient' });
    await sendNow(t.app, text!.id);
    expect(twilio.received.filter((received) => received.to === to)).toEqual([]);
    const shown = (await adminOutbox(t)).find((line) => line.id === text!.id);
    expect(shown).toMatchObject({ channel: 'sms', status: 'failed', lastError: 'Twilio error 21610: Attempt to send to unsubscribed recipient' });
  });

  it('lets the assigned technician say they are on the way only on the day, update it once, and texts the customer each time', async () => {
    const db = t.database.db;
    const booking = await bookAndPay(t, 4, '07700 900126', true);
    const technician = await createUser(db, { role: 'repairer', name: 'Sam Carter' });
    const other = await createUser(db, { role: 'repairer' });
    await db.update(quotes).set({ assignedRepairerId: technician.repairerId, assignmentStatus: 'assigned' }).where(eq(quotes.id, booking.quote.id));
    await db.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, booking.appointmentId));
    const [row] = await db.select().from(appointments).where(eq(appointments.id, booking.appointmentId));
    let cookie = await signInAs(t.app, technician.email, technician.password);
    const announce = (arrivingAround: string, as = cookie) => post(t, `/api/repairer/appointments/${booking.appointmentId}/on-my-way`, { arrivingAround }, as);
    const customerView = async () => ((await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } })).json() as { onTheWay: unknown }).onTheWay;

    // The day before the job (now, in real time): not yet.
    const early = await announce('10:15');
    expect([early.statusCode, early.json().message]).toEqual([409, arrivalMessages.notToday]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 10:00 UTC on the job's day is 10:00 or 11:00 in London: the same day whatever the season.
      vi.setSystemTime(new Date(`${row!.appointmentDate}T10:00:00Z`));
      // Signed in on the day: over a holiday the job can be more than a session's life away.
      cookie = await signInAs(t.app, technician.email, technician.password);
      const otherCookie = await signInAs(t.app, other.email, other.password);
      expect((await announce('10:15', otherCookie)).statusCode).toBe(404);
      expect((await announce('13:30')).statusCode).toBe(400); // outside the morning's window
      expect((await announce('10:15')).statusCode).toBe(200);
      expect(await customerView()).toMatchObject({ name: 'Sam', arrivingAround: '10:15' });
      expect((await announce('11:00')).statusCode).toBe(200);
      expect(await customerView()).toMatchObject({ name: 'Sam', arrivingAround: '11:00' });
      const third = await announce('11:30');
      expect([third.statusCode, third.json().message]).toEqual([409, arrivalMessages.noMoreUpdates]);
      expect(await customerView()).toMatchObject({ arrivingAround: '11:00' });
    } finally {
      vi.useRealTimers();
    }
    const texts = (await textsOf(t, booking.assessment.id)).filter((text) => text.kind === 'text-on-my-way');
    expect(texts).toHaveLength(2);
    expect(texts.map((text) => text.textBody).join('\n')).toMatch(/10:15[\s\S]*11:00/);
  });
  it('lets the customer agree to texts after booking and withdraw at any time, and texts only while they agree', async () => {
    const db = t.database.db;
    const booking = await bookAndPay(t, 5, '07700 900127', false);
    const texts = (textConsent: unknown, cookie = booking.cookie) => t.app.inject({ method: 'PUT', url: `/api/appointments/${booking.appointmentId}/texts`, payload: { textConsent }, headers: { cookie } });
    const consented = async () => ((await t.app.inject({ url: `/api/appointments/${booking.appointmentId}`, headers: { cookie: booking.cookie } })).json() as { texts: { consented: boolean } }).texts.consented;
    expect(await consented()).toBe(false);
    // Not a yes or no: 400, nothing written. Another customer: the booking does not exist for them.
    expect((await texts('yes')).statusCode).toBe(400);
    const stranger = await customerWithQuote(t);
    expect((await texts(true, stranger.cookie)).statusCode).toBe(404);
    expect(await consented()).toBe(false);
    const agreed = await texts(true);
    expect([agreed.statusCode, agreed.json().texts]).toEqual([200, { consented: true }]);

    // Sam is on the way on the job's day: texted while the customer agrees, not after they withdraw.
    const technician = await createUser(db, { role: 'repairer', name: 'Sam Carter' });
    await db.update(quotes).set({ assignedRepairerId: technician.repairerId, assignmentStatus: 'assigned' }).where(eq(quotes.id, booking.quote.id));
    await db.update(appointments).set({ status: 'assigned' }).where(eq(appointments.id, booking.appointmentId));
    const [row] = await db.select().from(appointments).where(eq(appointments.id, booking.appointmentId));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(`${row!.appointmentDate}T10:00:00Z`));
      const cookie = await signInAs(t.app, technician.email, technician.password);
      expect((await post(t, `/api/repairer/appointments/${booking.appointmentId}/on-my-way`, { arrivingAround: '10:15' }, cookie)).statusCode).toBe(200);
      const withdrawn = await texts(false);
      expect([withdrawn.statusCode, withdrawn.json().texts]).toEqual([200, { consented: false }]);
      expect((await post(t, `/api/repairer/appointments/${booking.appointmentId}/on-my-way`, { arrivingAround: '11:00' }, cookie)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const onMyWay = (await textsOf(t, booking.assessment.id)).filter((text) => text.kind === 'text-on-my-way');
    expect(onMyWay.map((text) => text.textBody)).toEqual([expect.stringContaining('10:15')]);
  });

  it('refuses to agree to texts to a number that is not a UK mobile, or about a booking that has ended; withdrawing always works', async () => {
    const landline = await bookAndPay(t, 6, '020 7946 0321', false);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/appointments/${landline.appointmentId}/texts`, payload: { textConsent: true }, headers: { cookie: landline.cookie } });
    expect([refused.statusCode, refused.json().message]).toEqual([409, textConsentMessages.notMobile('020 7946 0321')]);
    const mobile = await bookAndPay(t, 7, '07700 900128', false);
    await t.database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, mobile.appointmentId));
    const ended = await t.app.inject({ method: 'PUT', url: `/api/appointments/${mobile.appointmentId}/texts`, payload: { textConsent: true }, headers: { cookie: mobile.cookie } });
    expect([ended.statusCode, ended.json().message]).toEqual([409, textConsentMessages.ended]);
    const withdrawn = await t.app.inject({ method: 'PUT', url: `/api/appointments/${mobile.appointmentId}/texts`, payload: { textConsent: false }, headers: { cookie: mobile.cookie } });
    expect([withdrawn.statusCode, withdrawn.json().texts]).toEqual([200, { consented: false }]);
  });
});

describe('texts without a provider (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  afterEach(() => deleteBookings(t));

  it('keeps the text in the outbox, where the admin reads it', async () => {
    const booking = await bookAndPay(t, 4, '07700 900125', true);
    const [text] = await textsOf(t, booking.assessment.id);
    await sendNow(t.app, text!.id);
    const shown = (await adminOutbox(t)).find((line) => line.id === text!.id);
    expect(shown).toMatchObject({ channel: 'sms', status: 'logged', toAddress: '+447700900125' });
    expect(shown!.textBody).toContain(booking.assessment.reference);
  });
});

describe('the text settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };
  it('stops start-up with a sentence for a half-set or malformed Twilio setting', () => {
    const sid = 'AC' + 'a'.repeat(32);
    expect(problems({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_FROM: '+447700900999' })).toEqual([expect.stringContaining('TWILIO_AUTH_TOKEN is not set')]);
    expect(problems({ TWILIO_ACCOUNT_SID: sid })).toEqual([expect.stringContaining('set but SMS_PROVIDER is not')]);
    expect(problems({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'x' })).toEqual([expect.stringContaining('exactly one sender')]);
    expect(problems({ SMS_PROVIDER: 'textmagic' })).toEqual([expect.stringContaining('SMS_PROVIDER must be twilio')]);
    expect(problems({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'abc', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+447700900999' })).toEqual([expect.stringContaining('TWILIO_ACCOUNT_SID must be AC followed by 32')]);
    expect(loadConfig({ ...base }).sms).toBeUndefined();
    expect(loadConfig({ ...base, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'x', TWILIO_MESSAGING_SERVICE_SID: 'MG' + 'b'.repeat(32) }).sms).toMatchObject({ baseUrl: 'https://api.twilio.com', from: undefined });
  });
});

describe.skipIf(!serverDatabaseAvailable())('texts across two instances on one PostgreSQL database', () => {
  let twilio: TwilioStandIn;
  let two: TwoInstances | undefined;
  let instances: Instance[] = [];

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    two = await startTwoInstances('texts', { AUTO_DISPATCH: 'false', ...twilio.env });
    instances = two.instances;
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await twilio?.close();
  });

  it('sends each text once when both instances run a job for it at the same moment', async () => {
    // Twilio takes half a second to answer, so the two instances' sends would overlap if nothing stopped the second.
    twilio.slowDown(500);
    const db = instances[0]!.database.db;
    const numbers = ['+447700900401', '+447700900402', '+447700900403', '+447700900404'];
    const texts = await db.transaction(async (tx) => Promise.all(numbers.map((to) => queueEmail(tx, { kind: 'text-booking-confirmed', channel: 'sms', toAddress: to, subject: '', textBody: `Once to ${to}.` }))));
    await Promise.all(texts.flatMap((text) => instances.map((instance) => instance.app.deps.jobs.enqueue('send-email', { id: text.id }))));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await db.select().from(outboxEmails);
      if (rows.filter((row) => row.channel === 'sms').every((row) => row.status === 'sent')) break;
      if (Date.now() > deadline) throw new Error('Timed out waiting for the texts to be sent');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Both instances' jobs have had their turn: wait a little longer for any second send.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(twilio.received.map((text) => text.to).sort()).toEqual(numbers);
    expect(twilio.requests).toBe(numbers.length);
  }, 60_000);
});
