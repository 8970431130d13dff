// Issue 12 (D11, D14, D16): the edges of a repairer's offer that repairer-jobs.test.ts does not
// walk through. An offer past its 4 hours is expired everywhere at once — in the list, on
// opening, for its photos, for accepting — even before the sweep has marked it; a declined offer
// no longer opens the photos; and with Stripe configured a repairer who has not finished their
// payouts set-up cannot take a paid job, and refusing them changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageRecord, createJobNotification, createRepairer, createUser, type CreatedUser } from '../../src/server/db/factories';
import { appointments, jobNotifications, quotes, repairers } from '../../src/server/db/schema';
import { DomainError } from '../../src/server/kernel/errors';
import { acceptJob } from '../../src/server/modules/booking';
import { repairerJobMessages, type RepairerJob } from '../../src/shared/api/repairer-jobs';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { paidBooking, post, workingDay } from '../helpers/checkout';

let t: TestApp;

async function technician(): Promise<CreatedUser & { cookie: string; repairerId: number }> {
  const business = await createRepairer(t.database.db);
  const user = await createUser(t.database.db, { role: 'repairer', repairerId: business.id });
  return { ...user, repairerId: business.id, cookie: await signInAs(t.app, user.email, user.password) };
}

/** A paid booking with one damage photo; offers are made by each test through the factory. */
async function paidJobWithPhoto(days: number) {
  const booking = await paidBooking(t, workingDay(days));
  const image = await createImageRecord(t.database.db, { assessmentId: booking.assessment.id });
  await t.app.deps.store.put(image.displayKey, Buffer.from('a photo'));
  return { ...booking, imageId: image.id };
}

const photo = (cookie: string, id: number) => t.app.inject({ url: `/api/images/${id}`, headers: { cookie } });
const statusOf = async (id: number) => (await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, id)))[0]!.status;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
});
afterAll(() => t?.close());

describe('an offer past its 4 hours, before the sweep has run (D16)', () => {
  it('reads as expired, is not marked viewed, opens no photos and cannot be answered', async () => {
    const late = await technician();
    const onTime = await technician();
    const job = await paidJobWithPhoto(20);
    const stale = await createJobNotification(t.database.db, { quoteId: job.quote.id, repairerId: late.repairerId, expiresAt: new Date(Date.now() - 60_000) });
    await createJobNotification(t.database.db, { quoteId: job.quote.id, repairerId: onTime.repairerId });

    const listed = (await t.app.inject({ url: `/api/repairer/${late.repairerId}/jobs`, headers: { cookie: late.cookie } })).json() as RepairerJob[];
    expect(listed.find((j) => j.id === stale.id)).toMatchObject({ status: 'expired', isExpired: true, customer: { name: null, phone: null } });

    const opened = await t.app.inject({ url: `/api/repairer/notifications/${stale.id}`, headers: { cookie: late.cookie } });
    expect(opened.json()).toMatchObject({ status: 'expired', isExpired: true });
    expect(await statusOf(stale.id)).toBe('sent');

    expect((await photo(late.cookie, job.imageId)).statusCode).toBe(404);
    expect((await photo(onTime.cookie, job.imageId)).statusCode).toBe(200);

    for (const answer of [post(t, `/api/repairer/notifications/${stale.id}/accept`, {}, late.cookie), post(t, `/api/repairer/notifications/${stale.id}/decline`, { reason: 'Too far' }, late.cookie)]) {
      const refused = await answer;
      expect([refused.statusCode, refused.json().message]).toEqual([409, repairerJobMessages.expired]);
    }
    expect(await statusOf(stale.id)).toBe('sent');
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, job.quote.id));
    expect(quote!.assignedRepairerId).toBeNull();
  });

  it('a declined offer no longer opens the damage photos; an accepted one still does', async () => {
    const declining = await technician();
    const accepting = await technician();
    const job = await paidJobWithPhoto(21);
    const no = await createJobNotification(t.database.db, { quoteId: job.quote.id, repairerId: declining.repairerId });
    const yes = await createJobNotification(t.database.db, { quoteId: job.quote.id, repairerId: accepting.repairerId });
    expect((await photo(declining.cookie, job.imageId)).statusCode).toBe(200);
    expect((await post(t, `/api/repairer/notifications/${no.id}/decline`, { reason: 'Booked that day' }, declining.cookie)).statusCode).toBe(200);
    expect((await photo(declining.cookie, job.imageId)).statusCode).toBe(404);
    expect((await post(t, `/api/repairer/notifications/${yes.id}/accept`, {}, accepting.cookie)).statusCode).toBe(200);
    expect((await photo(accepting.cookie, job.imageId)).statusCode).toBe(200);
  });
});

describe('with Stripe configured', () => {
  it('a repairer who has not finished their Stripe payouts set-up cannot accept a paid job, and nothing changes', async () => {
    const repairer = await technician();
    const job = await paidJobWithPhoto(22);
    const offer = await createJobNotification(t.database.db, { quoteId: job.quote.id, repairerId: repairer.repairerId });
    const config = { ...t.app.deps.config, stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: undefined } };
    const ctx = { db: t.database.db, database: t.database, config };
    const user = { id: repairer.id, email: repairer.email, name: 'Technician', role: 'repairer' as const, repairerId: repairer.repairerId };

    const refused = await acceptJob(ctx, user, offer.id, new Date()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ statusCode: 409, message: repairerJobMessages.stripeOnboarding });
    expect(await statusOf(offer.id)).toBe('sent');
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, job.appointmentId));
    expect(appointment!.status).toBe('confirmed');
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, job.quote.id));
    expect(quote).toMatchObject({ assignedRepairerId: null });

    await t.database.db.update(repairers).set({ stripeOnboardedAt: new Date() }).where(eq(repairers.id, repairer.repairerId));
    const { job: accepted } = await acceptJob(ctx, user, offer.id, new Date());
    expect(accepted).toMatchObject({ status: 'accepted', appointment: { status: 'assigned' } });
  });
});
