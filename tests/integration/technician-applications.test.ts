// Issue 35 item 5: a technician applies from /technicians (POST /api/technician-applications), the
// team works through the vetting checklist (GET/POST /api/admin/repairers/{id}/vetting), and only
// a repairer with every check recorded is verified or invited. The insurance job, on a fixed
// clock: warned 30 days before the end date, unverified (offers withdrawn) on the day after.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { auditLog, jobNotifications, outboxEmails, repairers } from '../../src/server/db/schema';
import { sendInsuranceNotices } from '../../src/server/modules/technicians';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf, londonDateTimeToInstant } from '../../src/shared/london-time';
import { POSTCODE_NOT_LOCATED } from '../../src/server/modules/geo';
import { APPLICATIONS_PER_HOUR, applicationMessages, vettingMessages } from '../../src/shared/technician-rules';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';
import { post } from '../helpers/checkout';
import { workingDay } from '../helpers/dates';
import { technician } from '../helpers/technician';

let t: TestApp;
let admin: string;
let adminEmail: string;
beforeAll(async () => {
  // On the PostgreSQL server when TEST_DATABASE_URL is set, so applications sent at once really race.
  t = await createTestApp({ engine: 'auto' });
  const user = await createUser(t.database.db, { role: 'admin' });
  adminEmail = user.email;
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(() => t?.close());

const today = () => londonDateOf(new Date());
let address = 0;
/** Each case applies from its own address, so the rate limit is only the rate limit's case. */
const nextAddress = () => `198.51.100.${++address}`;
const apply = (body: Record<string, unknown>, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/technician-applications', payload: body, remoteAddress });

let n = 0;
function application(change: Record<string, unknown> = {}) {
  n++;
  return {
    businessName: `Leeds Smart Repairs ${n}`,
    contactName: 'Priya Shah',
    email: `priya${n}@leeds-smart.example`,
    phone: '07700 900456',
    postcode: 'ls1 4ap',
    city: 'Leeds',
    serviceRadius: 20,
    specializations: ['scratch', 'pdr'],
    yearsExperience: 8,
    insurer: 'Hiscox',
    policyNumber: 'PL-123456',
    insuranceExpiryDate: addDays(today(), 200),
    website: 'https://leeds-smart.example',
    ...change,
  };
}

const repairerWithEmail = async (email: string) => (await t.database.db.select().from(repairers).where(eq(repairers.email, email)))[0];
const count = () => t.database.db.$count(repairers);
const vet = (id: number, body: Record<string, unknown>, cookie = admin) => post(t, `/api/admin/repairers/${id}/vetting`, body, cookie);

describe('applying to join', () => {
  it('makes a Pending Verification repairer without an account, placed by its postcode, and e-mails the team and the applicant', async () => {
    const body = application();
    const response = await apply(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ businessName: body.businessName, email: body.email, message: applicationMessages.received });
    const row = await repairerWithEmail(body.email);
    expect(row).toMatchObject({
      businessName: body.businessName,
      contactName: 'Priya Shah',
      phone: '+447700900456',
      postcode: 'LS1 4AP',
      city: 'Leeds',
      serviceRadiusMiles: 20,
      specialisations: ['scratch', 'pdr'],
      yearsExperience: 8,
      insurer: 'Hiscox',
      insurancePolicyNumber: 'PL-123456',
      insuranceExpiryDate: body.insuranceExpiryDate,
      website: 'https://leeds-smart.example',
      isVerified: false,
      insuranceCheckedAt: null,
      identityCheckedAt: null,
      skillsAssessedAt: null,
    });
    expect(row!.appliedAt).not.toBeNull();
    expect(row!.latitude).toBeCloseTo(53.8, 0);
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, body.email));
    expect(mails.map((m) => m.kind)).toEqual(['technician-application']);
    const team = await t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, t.config.teamEmail), eq(outboxEmails.kind, 'technician-application-team')));
    expect(team.some((m) => m.subject.includes(body.businessName))).toBe(true);
    // It is on the Network tab as any business, with no account.
    const listed = await t.app.inject({ url: `/api/repairers?page=1&search=${encodeURIComponent(body.businessName)}`, headers: { cookie: admin } });
    expect(listed.json()).toMatchObject([{ id: row!.id, isVerified: false, hasAccount: false }]);
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, row!.id)));
    expect(lines.map((l) => l.action)).toEqual(['repairer_applied']);
  });

  it('refuses a second application with the same e-mail, or the same business in the same postcode, with a sentence (409)', async () => {
    const first = application();
    expect((await apply(first)).statusCode).toBe(201);
    const held = await createRepairer(t.database.db, { email: 'held@example.co.uk', isVerified: false });
    const before = await count();
    const sameEmail = await apply(application({ email: first.email.toUpperCase() }));
    expect([sameEmail.statusCode, sameEmail.json().message]).toEqual([409, applicationMessages.emailHeld]);
    const sameBusiness = await apply(application({ businessName: first.businessName.toUpperCase(), postcode: 'LS14AP' }));
    expect([sameBusiness.statusCode, sameBusiness.json().message]).toEqual([409, applicationMessages.businessHeld(first.businessName, 'LS1 4AP')]);
    // A business the team already holds (any source) is refused the same way.
    expect((await apply(application({ email: held.email }))).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('makes one row of the same application sent five times at once', async () => {
    const body = application();
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.database.db.$count(repairers, eq(repairers.email, body.email))).toBe(1);
  });

  it('answers a filled honeypot as if it were kept, and writes nothing', async () => {
    const before = await count();
    const body = application({ fax: 'http://spam.example' });
    const response = await apply(body);
    expect([response.statusCode, response.json()]).toEqual([201, { businessName: body.businessName, email: body.email, message: applicationMessages.received }]);
    expect(await count()).toBe(before);
    expect(await t.database.db.$count(outboxEmails, eq(outboxEmails.toAddress, body.email))).toBe(0);
  });

  it('gives each bad field its sentence and writes nothing', async () => {
    const before = await count();
    const mails = await t.database.db.$count(outboxEmails);
    for (const [change, field] of [
      [{ businessName: 'x' }, 'businessName'],
      [{ contactName: '' }, 'contactName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '12' }, 'phone'],
      [{ postcode: 'NOT A POSTCODE' }, 'postcode'],
      [{ serviceRadius: 0 }, 'serviceRadius'],
      [{ serviceRadius: '20' }, 'serviceRadius'],
      [{ specializations: [] }, 'specializations'],
      [{ yearsExperience: -1 }, 'yearsExperience'],
      [{ yearsExperience: 2.5 }, 'yearsExperience'],
      [{ insurer: '' }, 'insurer'],
      [{ policyNumber: '' }, 'policyNumber'],
      [{ insuranceExpiryDate: '31/12/2030' }, 'insuranceExpiryDate'],
      [{ insuranceExpiryDate: addDays(today(), -1) }, 'insuranceExpiryDate'],
      [{ website: 'not a website' }, 'website'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ postcode: 'LS77 1AA' }, 'postcode'],
    ] as const) {
      const refused = await apply(application(change));
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await apply(application({ postcode: 'LS77 1AA' }))).json().fieldErrors.postcode).toBe(POSTCODE_NOT_LOCATED);
    expect((await apply(application({ insuranceExpiryDate: addDays(today(), -1) }))).json().fieldErrors.insuranceExpiryDate).toBe(applicationMessages.expired);
    // The website is optional: left out, or left empty.
    expect((await apply(application({ website: undefined }))).statusCode).toBe(201);
    expect((await apply(application({ website: '  ' }))).statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
    expect(await t.database.db.$count(outboxEmails)).toBe(mails + 4);
  });

  it(`takes ${APPLICATIONS_PER_HOUR} applications an hour from one address, then 429 with a sentence`, async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < APPLICATIONS_PER_HOUR; i++) expect((await apply(application({ businessName: 'x' }), from)).statusCode).toBe(400);
    const before = await count();
    const limited = await apply(application(), from);
    expect([limited.statusCode, limited.json().message]).toEqual([429, applicationMessages.tooMany]);
    expect(await count()).toBe(before);
    // Another address is not held up.
    expect((await apply(application())).statusCode).toBe(201);
  });
});

describe('the vetting checklist', () => {
  async function applicant() {
    const body = application();
    expect((await apply(body)).statusCode).toBe(201);
    return (await repairerWithEmail(body.email))!;
  }

  it('records each check with who and when in the audit log; verify and invite refuse until all three are recorded', async () => {
    const row = await applicant();
    const view = await t.app.inject({ url: `/api/admin/repairers/${row.id}/vetting`, headers: { cookie: admin } });
    expect(view.json()).toMatchObject({
      id: row.id,
      isVerified: false,
      yearsExperience: 8,
      insurance: { insurer: 'Hiscox', policyNumber: 'PL-123456', expiryDate: row.insuranceExpiryDate },
      checks: { insurance: null, identity: null, skills: null },
      complete: false,
    });
    const notVetted = vettingMessages.notVetted(['insurance seen and in date', 'identity checked', 'skills assessed']);
    const verify = () => post(t, `/api/admin/repairers/${row.id}/verification`, { isVerified: true }, admin);
    const invite = () => post(t, `/api/admin/repairers/${row.id}/invite`, {}, admin);
    expect([(await verify()).statusCode, (await verify()).json().message]).toEqual([409, notVetted]);
    expect([(await invite()).statusCode, (await invite()).json().message]).toEqual([409, notVetted]);

    const insurance = await vet(row.id, { check: 'insurance', insurer: 'Hiscox', policyNumber: 'PL-123456', expiryDate: row.insuranceExpiryDate });
    expect(insurance.statusCode, insurance.body).toBe(200);
    expect(insurance.json().checks.insurance).toMatchObject({ by: adminEmail });
    expect((await vet(row.id, { check: 'identity', note: 'Driving licence seen on a video call' })).statusCode).toBe(200);
    // Still one to go: the sentence names it.
    expect((await verify()).json().message).toBe(vettingMessages.notVetted(['skills assessed']));
    // Bulk verification leaves an unvetted repairer as it is, and counts it as not done.
    const bulk = await post(t, '/api/admin/repairers/bulk', { action: 'verify', ids: [row.id] }, admin);
    expect(bulk.json()).toMatchObject({ successCount: 0, failureCount: 1 });
    expect((await repairerWithEmail(row.email!))!.isVerified).toBe(false);

    const skills = await vet(row.id, { check: 'skills', note: 'Test panel: dent pulled and scratch blended, to standard' });
    expect(skills.json()).toMatchObject({ complete: true, checks: { skills: { by: adminEmail, note: 'Test panel: dent pulled and scratch blended, to standard' }, identity: { note: 'Driving licence seen on a video call' } } });
    expect((await verify()).statusCode).toBe(200);
    expect((await invite()).statusCode).toBe(200);

    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, row.id))).orderBy(auditLog.id);
    expect(lines.map((l) => [l.action, l.actorEmail])).toEqual([
      ['repairer_applied', row.email],
      ['repairer_check_recorded', adminEmail],
      ['repairer_check_recorded', adminEmail],
      ['repairer_check_recorded', adminEmail],
      ['repairer_verified', adminEmail],
    ]);
    expect(lines.filter((l) => l.action === 'repairer_check_recorded').map((l) => (l.detail as { check: string }).check)).toEqual(['insurance', 'identity', 'skills']);
    expect(lines.every((l) => l.at instanceof Date)).toBe(true);
  });

  it('refuses insurance out of date, a skills check without a note and an unknown check, writing nothing', async () => {
    const row = await applicant();
    const expired = await vet(row.id, { check: 'insurance', insurer: 'Hiscox', policyNumber: 'PL-1', expiryDate: addDays(today(), -1) });
    expect([expired.statusCode, expired.json().fieldErrors]).toEqual([400, { expiryDate: vettingMessages.insuranceExpired }]);
    expect((await vet(row.id, { check: 'skills', note: '' })).json().fieldErrors).toEqual({ note: vettingMessages.skillsNote });
    expect((await vet(row.id, { check: 'background' })).statusCode).toBe(400);
    expect((await vet(row.id, { check: 'identity', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await vet(999_999, { check: 'identity' })).statusCode).toBe(404);
    const after = (await repairerWithEmail(row.email!))!;
    expect([after.insuranceCheckedAt, after.skillsAssessedAt, after.identityCheckedAt, after.insurancePolicyNumber]).toEqual([null, null, null, 'PL-123456']);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'repairer_check_recorded')))).toBe(0);
  });

  it('is the admin’s alone: a customer, a repairer and anyone signed out are refused', async () => {
    const row = await applicant();
    const repairerUser = await createUser(t.database.db, { role: 'repairer' });
    const repairer = await signInAs(t.app, repairerUser.email, repairerUser.password);
    for (const [cookie, status] of [
      ['', 401],
      [repairer, 403],
    ] as const) {
      expect((await t.app.inject({ url: `/api/admin/repairers/${row.id}/vetting`, headers: cookie ? { cookie } : {} })).statusCode).toBe(status);
      expect((await vet(row.id, { check: 'identity' }, cookie)).statusCode).toBe(status);
    }
    // A customer holds a grant cookie, not a session: the route-access table (access/technicians.cases.ts) checks it beside every route.
    expect((await repairerWithEmail(row.email!))!.identityCheckedAt).toBeNull();
  });

  it('makes every verified repairer the factory creates vetted (D6)', async () => {
    const made = await createRepairer(t.database.db);
    expect(made.isVerified).toBe(true);
    expect([made.insuranceCheckedAt, made.identityCheckedAt, made.skillsAssessedAt].every((at) => at instanceof Date)).toBe(true);
    expect(made.insuranceExpiryDate! > today()).toBe(true);
    const pending = await createRepairer(t.database.db, { isVerified: false });
    expect(pending.identityCheckedAt).toBeNull();
  });
});

describe('the insurance job (a fixed clock)', () => {
  const at = (date: string) => londonDateTimeToInstant(date, '07:15');
  const run = (now: Date) => sendInsuranceNotices({ db: t.database.db, database: t.database, config: t.config, jobs: t.app.deps.jobs, log: t.app.log }, now);
  const mailsTo = (to: string, kind: string) => t.database.db.$count(outboxEmails, and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)));
  const teamMails = (kind: string, name: string) =>
    t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, t.config.teamEmail), eq(outboxEmails.kind, kind)))
      .then((rows) => rows.filter((r) => r.subject.includes(name)).length);

  it('warns 30 days before the end date, once; on the day after, unverifies, withdraws open offers and e-mails both', async () => {
    const tech = await technician(t);
    const ends = addDays(today(), 60);
    await t.database.db.update(repairers).set({ insuranceExpiryDate: ends }).where(eq(repairers.id, tech.business.id));
    const email = tech.business.email!;
    const name = tech.business.businessName;

    await run(at(addDays(ends, -31)));
    expect(await mailsTo(email, 'insurance-ending')).toBe(0);
    await run(at(addDays(ends, -30)));
    await run(at(addDays(ends, -29)));
    expect([await mailsTo(email, 'insurance-ending'), await teamMails('insurance-ending-team', name)]).toEqual([1, 1]);

    // An open offer, then the last day of cover: still verified.
    const { offerId } = await tech.offered(workingDay(3), 'morning');
    await run(at(ends));
    expect((await repairerWithEmail(email))!.isVerified).toBe(true);

    await run(at(addDays(ends, 1)));
    const after = (await repairerWithEmail(email))!;
    expect([after.isVerified, after.insuranceCheckedAt, after.identityCheckedAt === null]).toEqual([false, null, false]);
    const [offer] = await t.database.db.select().from(jobNotifications).where(eq(jobNotifications.id, offerId));
    expect(offer!.status).toBe('expired');
    expect([await mailsTo(email, 'insurance-lapsed'), await teamMails('insurance-lapsed-team', name)]).toEqual([1, 1]);
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, tech.business.id), eq(auditLog.action, 'repairer_insurance_lapsed')));
    expect(lines).toHaveLength(1);
    // Run again that day or the next: nothing more is sent.
    await run(at(addDays(ends, 1)));
    await run(at(addDays(ends, 2)));
    expect(await mailsTo(email, 'insurance-lapsed')).toBe(1);
    // Verifying again needs a policy in date seen first.
    expect((await post(t, `/api/admin/repairers/${tech.business.id}/verification`, { isVerified: true }, admin)).statusCode).toBe(409);
  });

  it('watches a renewed policy afresh: its new end date gets its own warning', async () => {
    const made = await createRepairer(t.database.db);
    const ends = addDays(today(), 20);
    await t.database.db.update(repairers).set({ insuranceExpiryDate: ends }).where(eq(repairers.id, made.id));
    await run(at(today()));
    expect(await mailsTo(made.email!, 'insurance-ending')).toBe(1);
    const renewed = addDays(today(), 25);
    expect((await vet(made.id, { check: 'insurance', insurer: 'Aviva', policyNumber: 'PL-NEW', expiryDate: renewed })).statusCode).toBe(200);
    await run(at(today()));
    expect(await mailsTo(made.email!, 'insurance-ending')).toBe(2);
    await run(at(addDays(ends, 1)));
    expect((await repairerWithEmail(made.email!))!.isVerified).toBe(true);
  });
});
