// Issue 33: an admin reads an enquiry as the team, on its own page (GET /api/admin/enquiries/{id}),
// not on the customer's quote page: the customer, vehicle, damage and photos, the quote and its
// modification requests, every booking with its payment and payout, the job offers, the e-mails to
// the customer and the audit lines, each as the data holds it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createImageRecord } from '../../src/server/db/factories';
import { appointments, auditLog, quoteModificationRequests } from '../../src/server/db/schema';
import { adminEnquiryMessages, AdminEnquirySchema } from '../../src/shared/api/admin-enquiry';
import { createTestApp, type TestApp } from '../helpers/app';
import { heldBooking, paidBooking, paymentOf, post, workingDay } from '../helpers/checkout';
import { technician } from '../helpers/technician';

const read = (t: TestApp, id: number | string, cookie: string) => t.app.inject({ url: `/api/admin/enquiries/${id}`, headers: { cookie } });

describe('the admin’s enquiry page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTO_DISPATCH: 'false' } });
  });
  afterAll(() => t?.close());

  it('reads an enquiry with a paid booking: customer, quote, booking, payment, payout, offer, e-mails and audit lines', async () => {
    const tech = await technician(t);
    const booking = await paidBooking(t, workingDay(20), 'morning');
    const db = t.database.db;
    const photo = await createImageRecord(db, { assessmentId: booking.assessment.id });
    await db.insert(quoteModificationRequests).values({ quoteId: booking.quote.id, message: 'Could you do the wing mirror too?' });
    const sent = await post(t, `/api/admin/quotes/${booking.quote.id}/send-to-repairer`, { repairerId: tech.business.id }, tech.admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const [payment] = await paymentOf(t, booking.appointmentId);

    const response = await read(t, booking.assessment.id, tech.admin);
    expect(response.statusCode, response.body).toBe(200);
    const enquiry = AdminEnquirySchema.parse(response.json());
    expect(enquiry.assessment).toMatchObject({
      id: booking.assessment.id,
      reference: booking.assessment.reference,
      name: booking.assessment.name,
      email: booking.assessment.email,
      phone: booking.assessment.phone,
      postcode: booking.assessment.postcode,
      vehicleMake: booking.assessment.vehicleMake,
      damageType: booking.assessment.damageType,
      images: [photo.id],
      quote: { id: booking.quote.id, status: 'booked', totalCost: (booking.quote.totalPence / 100).toFixed(2) },
    });
    expect(enquiry.erasedAt).toBeNull();
    expect(enquiry.modificationRequests).toEqual([expect.objectContaining({ quoteId: booking.quote.id, message: 'Could you do the wing mirror too?', answeredAt: null })]);
    expect(enquiry.bookings).toHaveLength(1);
    const [only] = enquiry.bookings;
    expect(only).toMatchObject({
      appointment: { id: booking.appointmentId, status: 'confirmed', viewer: 'team', canChange: false, paymentStatus: 'succeeded', appointmentDate: workingDay(20), timeSlot: 'morning' },
      stage: 'confirmed',
      cancelledAt: null,
      payment: { id: payment!.id, provider: 'test', status: 'succeeded', amount: (payment!.amountPence / 100).toFixed(2), refunded: '0.00' },
      payout: { status: 'owed', amount: (booking.quote.repairerPaymentPence / 100).toFixed(2), releasedAt: null },
    });
    expect(only!.payment!.paidAt).not.toBeNull();
    expect(enquiry.offers).toEqual([expect.objectContaining({ repairerId: tech.business.id, repairerName: tech.business.businessName, status: 'sent' })]);
    // The booking's confirmation went to the customer, about this enquiry.
    expect(enquiry.emails.map((email) => email.kind)).toContain('booking-confirmed');
    expect(enquiry.audit).toEqual([]);

    // The team cancels and refunds it: the page then shows the booking cancelled, the money back, and the audit line.
    const reason = 'No technician was free in your area that day.';
    const cancelled = await post(t, `/api/admin/appointments/${booking.appointmentId}/cancel`, { reason }, tech.admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = AdminEnquirySchema.parse((await read(t, booking.assessment.id, tech.admin)).json());
    expect(after.assessment.quote).toMatchObject({ status: 'approved' });
    expect(after.bookings[0]).toMatchObject({
      stage: 'cancelled',
      appointment: { status: 'cancelled' },
      payment: { status: 'refunded', refunded: (payment!.amountPence / 100).toFixed(2) },
      payout: { status: 'void' },
    });
    expect(after.bookings[0]!.cancelledAt).not.toBeNull();
    expect(after.audit).toEqual([
      expect.objectContaining({ action: 'payment_refunded', entity: 'payment', entityId: payment!.id, actorRole: 'admin', detail: expect.objectContaining({ reason: `cancelled by the team: ${reason}` }) }),
    ]);
    expect(after.offers[0]).toMatchObject({ repairerId: tech.business.id, status: 'expired' });
    expect(after.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(['booking-cancelled', 'booking-refunded']));
  });

  it('names nothing of another enquiry: the audit lines and e-mails are this one’s', async () => {
    const tech = await technician(t);
    const mine = await paidBooking(t, workingDay(21), 'afternoon');
    const other = await paidBooking(t, workingDay(21), 'morning');
    expect((await post(t, `/api/admin/appointments/${other.appointmentId}/cancel`, { reason: 'The customer asked us by phone.' }, tech.admin)).statusCode).toBe(200);
    const enquiry = AdminEnquirySchema.parse((await read(t, mine.assessment.id, tech.admin)).json());
    expect(enquiry.audit).toEqual([]);
    expect(enquiry.bookings.map((b) => b.appointment.id)).toEqual([mine.appointmentId]);
    const [line] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment_refunded'));
    expect(line).toBeDefined();
  });

  it('shows an unpaid hold whose 30 minutes have run out as lapsed, not held', async () => {
    const tech = await technician(t);
    const held = await heldBooking(t, workingDay(23), 'morning');
    await t.database.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(appointments.id, held.appointmentId));
    const enquiry = AdminEnquirySchema.parse((await read(t, held.assessment.id, tech.admin)).json());
    expect(enquiry.bookings[0]).toMatchObject({ stage: null, appointment: { status: 'lapsed' } });
  });

  it('reads an enquiry with no quote and no booking', async () => {
    const tech = await technician(t);
    const assessment = await createAssessmentRecord(t.database.db);
    const enquiry = AdminEnquirySchema.parse((await read(t, assessment.id, tech.admin)).json());
    expect(enquiry).toMatchObject({ assessment: { id: assessment.id, quote: null }, bookings: [], offers: [], modificationRequests: [], audit: [] });
  });

  it('answers 404 with a sentence for a missing enquiry, and 400 for an id that is not one', async () => {
    const tech = await technician(t);
    const missing = await read(t, 2_147_483_647, tech.admin);
    expect([missing.statusCode, missing.json().message]).toEqual([404, adminEnquiryMessages.notFound]);
    for (const id of ['abc', '0', '01', '1.5', '2147483648']) {
      expect((await read(t, id, tech.admin)).statusCode, id).toBe(400);
    }
  });
});
