// Coverage known before anyone pays (issue 35 item 3): whether any verified technician covers an
// enquiry (within 30 miles and their own radius, covering the damage), read on GET
// /api/assessments/{id}; booking and paying refused with the customer's sentence, nothing
// written; "Tell me when you do" recorded once; the e-mail once a covering technician is
// verified, sent once; and the team's demand without supply.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssessmentRecord, createQuote, createRepairer, createUser, type NewRepairer } from '../../src/server/db/factories';
import { appointments, coverageRequests, outboxEmails, payments, repairers, slotCapacity } from '../../src/server/db/schema';
import { createGrant } from '../../src/server/modules/access';
import { isEligible } from '../../src/server/modules/booking';
import { tellCoveredCustomers } from '../../src/server/modules/coverage';
import { coverageMessages, uncoveredMessage } from '../../src/shared/coverage';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { openEmailLink, post, workingDay } from '../helpers/checkout';
import { TEST_CUSTOMER_POINT } from '../helpers/coverage';
import { drainJobs } from '../helpers/jobs';

let t: TestApp;
let admin: string;
const db = () => t.database.db;

beforeAll(async () => {
  // On the PostgreSQL server when TEST_DATABASE_URL is set (issue 35: an uncovered customer cannot hold or pay, on both engines).
  t = await createTestApp({ engine: 'auto' });
  const user = await createUser(db(), { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await db().delete(repairers);
  await db().delete(slotCapacity);
});

/** Miles north of the customer, in degrees of latitude. */
const north = (miles: number) => ({ latitude: TEST_CUSTOMER_POINT.latitude + miles / 69, longitude: TEST_CUSTOMER_POINT.longitude });

/** A customer in SW1A with an approved quote for `damageType`, and their grant cookie. */
async function customer(damageType = 'scratch') {
  const assessment = await createAssessmentRecord(db(), { ...TEST_CUSTOMER_POINT, postcode: 'SW1A 2AA', damageType });
  const quote = await createQuote(db(), { status: 'approved', assessmentId: assessment.id });
  const grant = await createGrant(db(), assessment.id);
  return { assessment, quote, cookie: `ar_access=${grant.token}` };
}

/**
 * A technician the team has unverified, so the tests can verify them again through the API: the
 * factory's verified repairer has everything verification asks for (its vetting checks, once
 * issue 35 item 5 lands), which an unverified one built from scratch would not.
 */
async function unverifiedTechnician(where: Partial<NewRepairer>) {
  const technician = await createRepairer(db(), where);
  const unverified = await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: false }, admin);
  expect(unverified.statusCode, unverified.body).toBe(200);
  return technician;
}

const read = (id: number, cookie: string) => t.app.inject({ url: `/api/assessments/${id}`, headers: { cookie } });
const coveredFor = async (id: number, cookie: string) => {
  const response = await read(id, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().coverage as { covered: boolean };
};

describe('coverage on GET /api/assessments/{id}', () => {
  const cases: { label: string; technician: Partial<NewRepairer>; damageType?: string; covered: boolean }[] = [
    { label: 'nobody within 30 miles, even with a 50-mile radius', technician: { ...north(35), serviceRadiusMiles: 50 }, covered: false },
    { label: 'within 30 miles but outside the technician’s own 5-mile radius', technician: { ...north(10), serviceRadiusMiles: 5 }, covered: false },
    { label: 'near, but not doing this damage', technician: { ...north(5), specialisations: ['pdr', 'alloy'] }, covered: false },
    { label: 'near and doing it, but not verified', technician: { ...north(1), isVerified: false }, covered: false },
    { label: 'verified, 10 miles away with a 30-mile radius, doing scratches', technician: { ...north(10), serviceRadiusMiles: 30, specialisations: ['scratch'] }, covered: true },
    { label: 'verified, 29 miles away with a 30-mile radius', technician: { ...north(29), serviceRadiusMiles: 30 }, covered: true },
    { label: 'verified, doing dents, for a dent', technician: { ...north(3), specialisations: ['pdr'] }, damageType: 'dent', covered: true },
  ];
  for (const c of cases) {
    it(`is ${c.covered} when ${c.label}, as the booking rule says`, async () => {
      const technician = await createRepairer(db(), { serviceRadiusMiles: 30, ...c.technician });
      const { assessment, cookie } = await customer(c.damageType);
      expect(await coveredFor(assessment.id, cookie)).toEqual({ covered: c.covered });
      const specialisation = ({ scratch: 'scratch', dent: 'pdr' } as const)[(c.damageType ?? 'scratch') as 'scratch' | 'dent'];
      const facts = { id: technician.id, point: { latitude: technician.latitude!, longitude: technician.longitude! }, serviceRadiusMiles: technician.serviceRadiusMiles, specialisations: technician.specialisations, weeklyHalves: 1023, jobsPerSlot: 1, timeOff: [], jobsHeld: new Map() };
      // The booking rule on a Monday morning the technician works with a free place: covers() alone decides.
      expect(technician.isVerified && isEligible(facts, { point: TEST_CUSTOMER_POINT, specialisation }, { date: '2027-03-08', slot: 'morning' })).toBe(c.covered);
    });
  }

  it('carries a boolean only: no technician’s name, id or position', async () => {
    await createRepairer(db(), { ...north(2), businessName: 'Secret Dents Ltd' });
    const { assessment, cookie } = await customer();
    const response = await read(assessment.id, cookie);
    expect(response.json().coverage).toEqual({ covered: true });
    expect(response.body).not.toContain('Secret Dents');
  });

  it('an enquiry nobody could place on the map is not covered', async () => {
    await createRepairer(db(), north(1));
    const assessment = await createAssessmentRecord(db(), { latitude: null, longitude: null });
    const grant = await createGrant(db(), assessment.id);
    expect(await coveredFor(assessment.id, `ar_access=${grant.token}`)).toEqual({ covered: false });
  });

  it('turns true the moment a covering technician is verified, and false when they are unverified (the kept answer follows)', async () => {
    const technician = await unverifiedTechnician(north(4));
    const { assessment, cookie } = await customer();
    expect(await coveredFor(assessment.id, cookie)).toEqual({ covered: false });
    expect(await coveredFor(assessment.id, cookie)).toEqual({ covered: false });
    const verified = await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: true }, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await coveredFor(assessment.id, cookie)).toEqual({ covered: true });
    await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: false }, admin);
    expect(await coveredFor(assessment.id, cookie)).toEqual({ covered: false });
  });
});

describe('an uncovered customer cannot hold or pay', () => {
  const SENTENCE = 'No technician covers SW1A for Scratch Repair yet.';

  it('uses one sentence, naming the district and the service', () => {
    expect(uncoveredMessage('SW1A 2AA', 'scratch')).toBe(SENTENCE);
    expect(uncoveredMessage('IV2 3AB', 'dent')).toBe('No technician covers IV2 for Paintless Dent Removal (PDR) yet.');
  });

  it('POST /api/appointments answers 409 with the sentence and writes nothing', async () => {
    await createRepairer(db(), { ...north(40) });
    const { quote, cookie } = await customer();
    const before = { appointments: await db().select().from(appointments), places: await db().select().from(slotCapacity) };
    const held = await post(t, '/api/appointments', { quoteId: quote.id, appointmentDate: workingDay(3), timeSlot: 'morning' }, cookie);
    expect([held.statusCode, held.json().message]).toEqual([409, SENTENCE]);
    expect(await db().select().from(appointments)).toEqual(before.appointments);
    expect(await db().select().from(slotCapacity)).toEqual(before.places);
  });

  it('POST /api/create-payment-intent answers 409 with the sentence and writes nothing, even for a hold made while covered', async () => {
    const technician = await createRepairer(db(), north(3));
    const { quote, cookie } = await customer();
    const held = await post(t, '/api/appointments', { quoteId: quote.id, appointmentDate: workingDay(4), timeSlot: 'afternoon' }, cookie);
    expect(held.statusCode, held.body).toBe(200);
    // The only technician is unverified between the hold and the payment.
    await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: false }, admin);
    const paying = await post(t, '/api/create-payment-intent', { quoteId: quote.id, startWithinCancellationPeriod: true }, cookie);
    expect([paying.statusCode, paying.json().message]).toEqual([409, SENTENCE]);
    expect(await db().select().from(payments).where(eq(payments.quoteId, quote.id))).toEqual([]);
  });

  it('without a hold, paying still answers the sentence (not "no slot held")', async () => {
    const { quote, cookie } = await customer();
    const paying = await post(t, '/api/create-payment-intent', { quoteId: quote.id }, cookie);
    expect([paying.statusCode, paying.json().message]).toEqual([409, SENTENCE]);
  });

  it('a covered customer still books (the guard refuses only the uncovered)', async () => {
    await createRepairer(db(), north(3));
    const { quote, cookie } = await customer();
    const held = await post(t, '/api/appointments', { quoteId: quote.id, appointmentDate: workingDay(5), timeSlot: 'morning' }, cookie);
    expect(held.statusCode, held.body).toBe(200);
  });
});

describe('"Tell me when you do"', () => {
  const ask = (id: number, cookie?: string) => post(t, `/api/assessments/${id}/coverage-request`, {}, cookie);
  const noticesTo = (address: string) => db().select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, address), eq(outboxEmails.kind, 'coverage-arrived')));

  it('is recorded once per enquiry; asking again says it is already recorded', async () => {
    const { assessment, cookie } = await customer();
    const first = await ask(assessment.id, cookie);
    expect([first.statusCode, first.json()]).toEqual([201, { alreadyRecorded: false, message: coverageMessages.recorded }]);
    const second = await ask(assessment.id, cookie);
    expect([second.statusCode, second.json()]).toEqual([200, { alreadyRecorded: true, message: coverageMessages.alreadyRecorded }]);
    expect(await db().select().from(coverageRequests).where(eq(coverageRequests.assessmentId, assessment.id))).toHaveLength(1);
  });

  it('is the owner’s alone: another customer, a repairer, an admin and nobody get 404 and nothing is recorded', async () => {
    const { assessment } = await customer();
    const other = await customer();
    const repairerUser = await createUser(db(), { role: 'repairer' });
    const repairer = await signInAs(t.app, repairerUser.email, repairerUser.password);
    for (const cookie of [other.cookie, admin, repairer, undefined]) {
      const refused = await ask(assessment.id, cookie);
      expect(refused.statusCode, refused.body).toBe(404);
    }
    expect(await db().select().from(coverageRequests).where(eq(coverageRequests.assessmentId, assessment.id))).toEqual([]);
  });

  it('is refused once a technician covers them: they can book', async () => {
    await createRepairer(db(), north(2));
    const { assessment, cookie } = await customer();
    const refused = await ask(assessment.id, cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([409, coverageMessages.alreadyCovered]);
  });

  it('e-mails the customer once a covering technician is verified, once only, with a link back to their quote', async () => {
    const { assessment, cookie } = await customer();
    // Another who asked, in Inverness: a London technician does not cover them.
    const inverness = await createAssessmentRecord(db(), { postcode: 'IV2 3AB', latitude: 57.4778, longitude: -4.2247 });
    const invernessGrant = await createGrant(db(), inverness.id);
    expect((await ask(assessment.id, cookie)).statusCode).toBe(201);
    expect((await ask(inverness.id, `ar_access=${invernessGrant.token}`)).statusCode).toBe(201);
    const technician = await unverifiedTechnician(north(6));

    await drainJobs(t.app);
    expect(await noticesTo(assessment.email)).toEqual([]);

    const verified = await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: true }, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    await drainJobs(t.app);
    const [notice, ...more] = await noticesTo(assessment.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toContain('A technician now covers SW1A for Scratch Repair');
    expect((await openEmailLink(t, notice!.textBody, 'on your quote page:')).location).toBe(`/quote/${assessment.id}`);
    expect(notice!.assessmentId).toBe(assessment.id);
    expect(await noticesTo(inverness.email)).toEqual([]);

    // Another run, another verification: still one e-mail.
    expect(await tellCoveredCustomers({ db: db(), jobs: t.app.deps.jobs, config: t.config }, new Date())).toBe(0);
    await post(t, `/api/admin/repairers/${technician.id}/verification`, { isVerified: false }, admin);
    await post(t, '/api/admin/repairers/bulk', { action: 'verify', ids: [technician.id] }, admin);
    await drainJobs(t.app);
    expect(await noticesTo(assessment.email)).toHaveLength(1);
    const [request] = await db().select().from(coverageRequests).where(eq(coverageRequests.assessmentId, assessment.id));
    expect(request!.notifiedAt).not.toBeNull();
  });
});

describe('GET /api/admin/demand', () => {
  it('lists uncovered enquiries by postcode district and service, with counts and how many asked, the most first', async () => {
    await db().delete(coverageRequests);
    await createRepairer(db(), north(2)); // covers SW1A: those enquiries are not demand without supply
    const kw1 = { postcode: 'KW1 4AA', latitude: 58.4388, longitude: -3.0935 };
    const first = await createAssessmentRecord(db(), { ...kw1, damageType: 'dent' });
    await createAssessmentRecord(db(), { ...kw1, damageType: 'dent' });
    await createAssessmentRecord(db(), { ...kw1, damageType: 'scratch' });
    await createAssessmentRecord(db(), { postcode: 'TR1 1AA', latitude: 50.2632, longitude: -5.051, damageType: 'alloy_wheel' });
    await db().insert(coverageRequests).values({ assessmentId: first.id });

    const response = await t.app.inject({ url: '/api/admin/demand', headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().rows as { district: string; damageType: string; service: string; enquiries: number; waiting: number }[];
    const ours = rows.filter((row) => ['KW1', 'TR1'].includes(row.district)).map(({ district, service, enquiries, waiting }) => ({ district, service, enquiries, waiting }));
    expect(ours).toEqual([
      { district: 'KW1', service: 'Paintless Dent Removal (PDR)', enquiries: 2, waiting: 1 },
      // One each: the newest first.
      { district: 'TR1', service: 'Alloy Wheel Repair', enquiries: 1, waiting: 0 },
      { district: 'KW1', service: 'Scratch Repair', enquiries: 1, waiting: 0 },
    ]);
    // Of this file's many SW1A enquiries, now covered, only the one nobody could place on the map is left.
    expect(rows.filter((row) => row.district === 'SW1A').map(({ service, enquiries }) => ({ service, enquiries }))).toEqual([{ service: 'Scratch Repair', enquiries: 1 }]);
  });
});
