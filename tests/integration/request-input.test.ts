// What any request's input gets, whatever its route (src/server/plugins/validation.ts and
// errors.ts): text with a control character is a 400 naming the field and changes nothing (a NUL
// used to reach PostgreSQL and answer 500 on the routes below); Zod's default words become
// SPEC §5's generic ones; Fastify's own refusals answer with the product's codes, not FST_ERR_*.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createQuote, createUser } from '../../src/server/db/factories';
import { appointments, quoteItems, quoteModificationRequests, quotes, repairers } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { anyTextControlMessage, controlCharactersMessage } from '../../src/shared/text-rules';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let repairer: { cookie: string; repairerId: number };
let customer: { cookie: string; quoteId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const adminUser = await createUser(db, { role: 'admin' });
  admin = await signInAs(t.app, adminUser.email, adminUser.password);
  const repairerUser = await createUser(db, { role: 'repairer' });
  repairer = { cookie: await signInAs(t.app, repairerUser.email, repairerUser.password), repairerId: repairerUser.repairerId! };
  const assessment = await createAssessmentRecord(db);
  const quote = await createQuote(db, { status: 'approved', approvedAt: new Date(), assessmentId: assessment.id });
  customer = { cookie: `ar_access=${(await createGrant(db, assessment.id)).token}`, quoteId: quote.id };
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('text with control characters', () => {
  const profile = { businessName: 'Kim’s Smart Repairs', contactName: 'Kim Lee', phone: '07700 900456', city: 'London', postcode: 'SW1A 2AA', serviceRadius: 20, specializations: ['scratch'] };

  it('is refused with a 400 naming the field on every route a NUL reached the database from, and nothing changes', async () => {
    const db = t.database.db;
    const before = {
      appointments: await db.select().from(appointments),
      requests: await db.select().from(quoteModificationRequests),
      quote: await db.select().from(quotes).where(eq(quotes.id, customer.quoteId)),
      items: await db.select().from(quoteItems).where(eq(quoteItems.quoteId, customer.quoteId)),
      repairer: await db.select().from(repairers).where(eq(repairers.id, repairer.repairerId)),
    };
    const cases: [string, Promise<{ statusCode: number; json: () => { fieldErrors?: Record<string, string> } }>, string, string][] = [
      ['booking notes', send('POST', '/api/appointments', customer.cookie, { quoteId: customer.quoteId, appointmentDate: '2098-03-10', timeSlot: 'morning', notes: 'a\u0000b' }), 'notes', anyTextControlMessage],
      ['a modification request', send('POST', `/api/quotes/${customer.quoteId}/modification-requests`, customer.cookie, { message: 'please change \u0000 this quote' }), 'message', anyTextControlMessage],
      ['a line item', send('POST', `/api/admin/quotes/${customer.quoteId}/update-full-quote`, admin, { laborCost: 75, partsCost: 0, materialsCost: 20, estimatedDays: 1, workDescription: [{ item: 'a\u0000b', cost: 95 }] }), 'workDescription.0.item', controlCharactersMessage('A line item')],
      ['the repairer’s business name', send('PUT', '/api/repairer/profile', repairer.cookie, { ...profile, businessName: 'London\u0000 Repairs' }), 'businessName', controlCharactersMessage('Business name')],
      ['the admin’s enquiry search', send('GET', '/api/admin/enquiries?search=a%00b', admin), 'search', anyTextControlMessage],
      ['the admin’s network search', send('GET', '/api/repairers?search=a%00b', admin), 'search', anyTextControlMessage],
      ['a bell in booking notes', send('POST', '/api/appointments', customer.cookie, { quoteId: customer.quoteId, appointmentDate: '2098-03-10', timeSlot: 'morning', notes: 'ring \u0007 bell' }), 'notes', anyTextControlMessage],
      ['a line break in a name of one line', send('PUT', '/api/repairer/profile', repairer.cookie, { ...profile, contactName: 'Sam\nPatel' }), 'contactName', controlCharactersMessage('Name')],
    ];
    for (const [label, pending, field, message] of cases) {
      const response = await pending;
      expect([response.statusCode, response.json().fieldErrors?.[field]], `${label}: ${JSON.stringify(response.json())}`).toEqual([400, message]);
    }
    expect({
      appointments: await db.select().from(appointments),
      requests: await db.select().from(quoteModificationRequests),
      quote: await db.select().from(quotes).where(eq(quotes.id, customer.quoteId)),
      items: await db.select().from(quoteItems).where(eq(quoteItems.quoteId, customer.quoteId)),
      repairer: await db.select().from(repairers).where(eq(repairers.id, repairer.repairerId)),
    }).toEqual(before);
  });

  it('lets tabs and line breaks through where text has several lines', async () => {
    const message = 'Could you quote for the wing only?\r\n\tThe door is fine.';
    const sent = await send('POST', `/api/quotes/${customer.quoteId}/modification-requests`, customer.cookie, { message });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe(message.trim());
  });
});

describe('words for mistakes a schema has none for', () => {
  it('say Required, Invalid input or the choices, never Zod’s own', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect([signIn.statusCode, signIn.json().fieldErrors?.email]).toEqual([400, 'Required']);
    const status = await send('GET', '/api/admin/quotes?status=x', admin);
    expect(status.statusCode).toBe(400);
    expect(status.json().fieldErrors.status).toMatch(/^Please choose one of: needs-attention, /);
    const amount = await send('POST', '/api/create-payment-intent', customer.cookie, { quoteId: customer.quoteId, amount: '1.5' });
    expect([amount.statusCode, amount.json().fieldErrors?.amount]).toEqual([400, 'Invalid input']);
  });
});

describe('refusals Fastify makes before a route runs', () => {
  it('answer with the product’s codes and words', async () => {
    const url = '/api/auth/sign-in';
    const broken = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect([broken.statusCode, broken.json()]).toEqual([400, { error: 'bad_request', message: 'The request could not be understood.' }]);
    const empty = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '' });
    expect([empty.statusCode, empty.json().error]).toEqual([400, 'bad_request']);
    const xml = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/xml' }, payload: '<sign-in/>' });
    expect([xml.statusCode, xml.json()]).toEqual([415, { error: 'unsupported_media_type', message: 'That content type is not supported here: please send JSON (Content-Type: application/json).' }]);
    // Plain text too (an attack review: read as a body with no fields, a customer's own quote was "not found").
    const text = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { 'content-type': 'text/plain' }, payload: '{"quoteId":1,"appointmentDate":"2099-03-04","timeSlot":"morning"}' });
    expect([text.statusCode, text.json().error]).toEqual([415, 'unsupported_media_type']);
    const untyped = await t.app.inject({ method: 'POST', url: '/api/appointments', payload: Buffer.from('{"quoteId":1}') });
    expect([untyped.statusCode, untyped.json().error]).toEqual([415, 'unsupported_media_type']);
    const huge = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(3 * 1024 * 1024) }) });
    expect([huge.statusCode, huge.json()]).toEqual([413, { error: 'payload_too_large', message: 'The request is too large.' }]);
  });
});
