// A verified technician near central London, signed in, and an admin who sends them paid jobs:
// the steps the tests of a job after its acceptance share.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails } from '../../src/server/db/schema';
import { signInAs, type TestApp } from './app';
import { paidBooking, post } from './checkout';

/** A technician, signed in, and an admin to send them jobs. */
export async function technician(t: TestApp) {
  const db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  const admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const business = await createRepairer(db, { latitude: 51.51, longitude: -0.13, email: `tech-${Date.now()}-${Math.random().toString(36).slice(2)}@example.co.uk` });
  const user = await createUser(db, { role: 'repairer', repairerId: business.id });
  const cookie = await signInAs(t.app, user.email, user.password);
  /** A paid booking on `day`, offered to them; answered with the booking and the offer's id. */
  const offered = async (day: string, slot: 'morning' | 'afternoon') => {
    const booking = await paidBooking(t, day, slot);
    const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: business.id }, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    return { ...booking, offerId: sent.json().notification.id as number };
  };
  const accept = (offerId: number) => post(t, `/api/repairer/notifications/${offerId}/accept`, {}, cookie);
  const mail = (kind = 'job-moved') => db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, business.email!), eq(outboxEmails.kind, kind)));
  return { business, user, cookie, admin, offered, accept, mail };
}

