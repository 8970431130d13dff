// Issue 12 (D11, D16): what a repairer reads of a job offered to them, and answering it. Before
// accepting, nothing that identifies the customer; after, everything. The first to accept wins;
// every other open offer is withdrawn; declining needs a reason.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageRecord, createRepairer, createUser, type CreatedUser } from '../../src/server/db/factories';
import { appointments, jobNotifications, outboxEmails, payouts, payments, quotes, repairers } from '../../src/server/db/schema';
import { repairerJobMessages, type RepairerJob } from '../../src/shared/api/repairer-jobs';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { paidBooking, post } from '../helpers/checkout';
import { workingDay as nthWorkingDay } from '../helpers/dates';

let t: TestApp;
let admin: string;

/**
 * The n-th bookable working day (tests/helpers/dates.ts), or the next one no other call has
 * answered: some tests ask for the same n and must not fill one day's slots.
 */
const usedDays = new Set<string>();
function workingDay(n: number): string {
  let day = nthWorkingDay(n);
  for (let k = n + 1; usedDays.has(day); k++) day = nthWorkingDay(k);
  usedDays.add(day);
  return day;
}

/** A signed-in repairer account of a verified business near Westminster. */
async function technician(overrides: Parameters<typeof createRepairer>[1] = {}): Promise<CreatedUser & { cookie: string }> {
  const business = await createRepairer(t.database.db, { latitude: 51.51, longitude: -0.13, ...overrides });
  const user = await createUser(t.database.db, { role: 'repairer', repairerId: business.id });
  return { ...user, cookie: await signInAs(t.app, user.email, user.password) };
}

/**
 * A paid booking offered (send to all nearby) to the given repairers only; or, with `onlyTo`, sent
 * to that repairer alone (send-to-all leaves out one who cannot take the slot: docs/decisions/0029).
 */
async function offeredJob(day: string, slot: 'morning' | 'afternoon' = 'morning', onlyTo?: number | null) {
  const booking = await paidBooking(t, day, slot);
  const image = await createImageRecord(t.database.db, { assessmentId: booking.assessment.id });
  await t.app.deps.store.put(image.displayKey, Buffer.from('a photo'));
  const sent = onlyTo
    ? await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: onlyTo }, admin)
    : await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairers`, {}, admin);
  expect(sent.statusCode).toBe(200);
  const offers = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.quoteId, booking.quote.id));
  const offerOf = (repairerId: number | null) => offers.find((o) => o.repairerId === repairerId)!.id;
  return { ...booking, offerOf };
}

const jobs = (who: { cookie: string; repairerId: number | null }) => t.app.inject({ url: `/api/repairer/${who.repairerId}/jobs`, headers: { cookie: who.cookie } });
const job = (cookie: string, id: number) => t.app.inject({ url: `/api/repairer/notifications/${id}`, headers: { cookie } });
const accept = (cookie: string, id: number) => post(t, `/api/repairer/notifications/${id}/accept`, {}, cookie);
const decline = (cookie: string, id: number, reason?: unknown) => post(t, `/api/repairer/notifications/${id}/decline`, reason === undefined ? {} : { reason }, cookie);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
  // Only each test's own repairers are near the customer.
  await t.database.db.update(repairers).set({ isVerified: false });
});
afterAll(() => t?.close());

describe('a job offered to a repairer', () => {
  it('shows the vehicle, damage, photos, price and area, and nothing that identifies the customer (D11)', async () => {
    const a = await technician();
    const { offerOf, quote, assessment } = await offeredJob(workingDay(30));
    const listed = (await jobs(a)).json() as RepairerJob[];
    const offered = listed.find((j) => j.id === offerOf(a.repairerId))!;
    expect(offered).toMatchObject({
      status: 'sent',
      isExpired: false,
      vehicleMake: 'Ford',
      damageType: 'scratch',
      quote: { id: quote.id, repairerPayment: '480.00', totalCost: expect.any(String), autoReviveFee: '96.00' },
      customer: { city: 'London', state: 'Greater London', district: 'SW1A', zipCode: 'SW1A', name: null, phone: null, email: null, address: null, postcode: null },
    });
    // SPEC section 3's shapes, as the customer's quote and assessment have them: the year as text,
    // each item's cost in pounds as a number.
    expect(offered.vehicleYear).toBe(String(assessment.vehicleYear));
    expect(offered.quote.workDescription).toEqual([{ item: 'Door panel respray', cost: 480 }]);
    const asCustomerSees = (await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: { cookie: admin } })).json() as { workDescription: unknown };
    expect(offered.quote.workDescription).toEqual(asCustomerSees.workDescription);
    expect(offered.images).toHaveLength(1);
    // Where SPEC's repairer dashboard reads them: the job's quote is SPEC's Quote as its customer
    // reads it, with the enquiry inside as the repairer may see it (quote.assessment.vehicleMake,
    // quote.assessment.customer.city …).
    const { assessment: _customersEnquiry, ...customersQuote } = asCustomerSees as Record<string, unknown>;
    const { assessment: enquiry, ...jobQuote } = offered.quote;
    expect(jobQuote).toEqual(customersQuote);
    expect(enquiry).toEqual({
      id: assessment.id,
      reference: assessment.reference,
      vehicleYear: String(assessment.vehicleYear),
      vehicleMake: 'Ford',
      vehicleModel: assessment.vehicleModel,
      damageType: 'scratch',
      damageLocations: assessment.damageLocations,
      damageLocation: assessment.damageLocations.join(', '),
      damageDescription: assessment.damageDescription,
      images: offered.images,
      name: null,
      email: null,
      phone: null,
      address: null,
      customer: offered.customer,
    });
    const body = JSON.stringify(listed);
    for (const secret of [assessment.name, assessment.email, assessment.phone, assessment.address, assessment.postcode]) expect(body).not.toContain(secret);
    // The offered repairer may open the damage photo; a repairer without an offer may not.
    const photo = await t.app.inject({ url: `/api/images/${offered.images[0]}`, headers: { cookie: a.cookie } });
    expect(photo.statusCode).toBe(200);
    const stranger = await technician({ latitude: 55, longitude: -3 });
    expect((await t.app.inject({ url: `/api/images/${offered.images[0]}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('is marked viewed when opened, and is another repairer’s business to nobody else', async () => {
    const a = await technician();
    const b = await technician();
    const { offerOf } = await offeredJob(workingDay(31));
    const opened = await job(a.cookie, offerOf(a.repairerId));
    expect(opened.json()).toMatchObject({ status: 'viewed' });
    expect((await job(a.cookie, offerOf(b.repairerId))).statusCode).toBe(404);
    expect((await accept(a.cookie, offerOf(b.repairerId))).statusCode).toBe(404);
    expect((await jobs({ cookie: a.cookie, repairerId: b.repairerId })).statusCode).toBe(403);
  });
});

describe('accepting and declining', () => {
  it("withdraws a repairer's open offers when the team unverifies them, and keeps a job they accepted (an operator's review)", async () => {
    const a = await technician();
    const first = await offeredJob(workingDay(30));
    const second = await offeredJob(workingDay(31), 'afternoon');
    expect((await accept(a.cookie, first.offerOf(a.repairerId))).statusCode).toBe(200);
    const unverified = await post(t, `/api/admin/repairers/${a.repairerId}/verification`, { isVerified: false }, admin);
    expect(unverified.statusCode, unverified.body).toBe(200);
    const [offer] = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, second.offerOf(a.repairerId)));
    expect(offer!.status).toBe('expired');
    // Not waiting any more on the admin's card, and not theirs to accept.
    const responses = (await t.app.inject({ url: `/api/admin/quotes/${second.quote.id}/notifications`, headers: { cookie: admin } })).json() as { repairerId: number; status: string }[];
    expect(responses.find((r) => r.repairerId === a.repairerId)?.status).toBe('expired');
    expect((await accept(a.cookie, second.offerOf(a.repairerId))).statusCode).toBe(409);
    // The job they had accepted is still theirs.
    const [kept] = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, first.offerOf(a.repairerId)));
    expect(kept!.status).toBe('accepted');
  });

  it('declining needs a reason, which the admin sees; the offer then leaves the list of open jobs', async () => {
    const a = await technician();
    const { offerOf, quote } = await offeredJob(workingDay(32));
    for (const reason of [undefined, '', '   ']) {
      const refused = await decline(a.cookie, offerOf(a.repairerId), reason);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ reason: repairerJobMessages.declineReason });
    }
    // SPEC's client sends no body when it has none: the same sentence, not a word about JSON.
    const bodiless = await t.app.inject({ method: 'POST', url: `/api/repairer/notifications/${offerOf(a.repairerId)}/decline`, headers: { cookie: a.cookie } });
    expect([bodiless.statusCode, bodiless.json().fieldErrors]).toEqual([400, { reason: repairerJobMessages.declineReason }]);
    expect((await decline(a.cookie, offerOf(a.repairerId), '  Van in for service that week  ')).json()).toMatchObject({ status: 'declined', declineReason: 'Van in for service that week' });
    expect((await decline(a.cookie, offerOf(a.repairerId), 'again')).statusCode).toBe(409);
    const responses = (await t.app.inject({ url: `/api/admin/quotes/${quote.id}/notifications`, headers: { cookie: admin } })).json() as { repairerId: number; status: string; declineReason: string | null; respondedAt: string | null }[];
    expect(responses.find((r) => r.repairerId === a.repairerId)).toMatchObject({ status: 'declined', declineReason: 'Van in for service that week', respondedAt: expect.any(String) });
  });

  it('the first to accept gets the job: the customer is revealed to them, the others are told it has been taken', async () => {
    const a = await technician();
    const b = await technician();
    const { offerOf, quote, appointmentId, assessment } = await offeredJob(workingDay(33));
    const won = await accept(b.cookie, offerOf(b.repairerId));
    expect(won.statusCode).toBe(200);
    expect(won.json()).toMatchObject({
      status: 'accepted',
      customer: { name: assessment.name, phone: assessment.phone, email: assessment.email, address: assessment.address, postcode: assessment.postcode, zipCode: assessment.postcode },
      quote: { assessment: { name: assessment.name, phone: assessment.phone, email: assessment.email, address: assessment.address, customer: { zipCode: assessment.postcode } } },
      appointment: { id: appointmentId, status: 'assigned' },
    });
    const late = await accept(a.cookie, offerOf(a.repairerId));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already been taken|expired/);
    // A's offer was withdrawn, so it no longer shows as open to them.
    expect(((await jobs(a)).json() as RepairerJob[]).find((j) => j.id === offerOf(a.repairerId))).toMatchObject({ status: 'expired', customer: { name: null } });
    // What the job pays, and where that stands, is the winner's to see, not the others'.
    expect(((await jobs(a)).json() as RepairerJob[]).find((j) => j.id === offerOf(a.repairerId))!.appointment!.payout).toBeNull();
    expect(((await jobs(b)).json() as RepairerJob[]).find((j) => j.id === offerOf(b.repairerId))!.appointment!.payout).toMatchObject({ status: 'owed', amount: won.json().quote.repairerPayment, releasedAt: null });

    const db = t.database.db;
    const [q] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q).toMatchObject({ assignedRepairerId: b.repairerId, assignmentStatus: 'assigned' });
    const [payment] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    expect((await db.select().from(payouts).where(eq(payouts.paymentId, payment!.id)))[0]).toMatchObject({ repairerId: b.repairerId, status: 'owed' });
    // The customer is told who is coming; the assigned repairer may now read the appointment.
    const told = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'technician-assigned'));
    const toCustomer = told.find((e) => e.toAddress === assessment.email);
    // The slot reads as the booking e-mails write it inside a sentence: '…, morning, 8:00–12:00.'
    expect(toCustomer?.textBody).toMatch(/will carry out your repair on \w+ \d+ \w+ \d{4}, morning, 8:00–12:00\./);
    expect((await t.app.inject({ url: `/api/appointments/${appointmentId}`, headers: { cookie: b.cookie } })).statusCode).toBe(200);
  });

  it('refuses an expired offer, an unverified repairer, and a job that clashes with one already held', async () => {
    const a = await technician();
    const day = workingDay(34);
    const first = await offeredJob(day, 'afternoon');
    expect((await accept(a.cookie, first.offerOf(a.repairerId))).statusCode).toBe(200);
    const second = await offeredJob(day, 'afternoon', a.repairerId);
    const clash = await accept(a.cookie, second.offerOf(a.repairerId));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^You already have a job on /);

    const third = await offeredJob(workingDay(40));
    await t.database.db.update(jobNotifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(jobNotifications.id, third.offerOf(a.repairerId)));
    const expired = await accept(a.cookie, third.offerOf(a.repairerId));
    expect([expired.statusCode, expired.json().message]).toEqual([409, repairerJobMessages.expired]);

    const fourth = await offeredJob(workingDay(41));
    await t.database.db.update(repairers).set({ isVerified: false }).where(eq(repairers.id, a.repairerId!));
    const unverified = await accept(a.cookie, fourth.offerOf(a.repairerId));
    expect([unverified.statusCode, unverified.json().message]).toEqual([409, repairerJobMessages.notVerified]);
    const [stillOpen] = await t.database.db.select().from(appointments).where(eq(appointments.id, fourth.appointmentId));
    expect(stillOpen!.status).toBe('confirmed');
  });
});
