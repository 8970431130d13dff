// Issue 35 item 1: a technician's weekly pattern, time off and jobs per slot. The repairer keeps
// their own; the team keeps anyone's, each change in the audit log in words. Every bad body is
// refused with its sentence and writes nothing; two saves at once take turns (one wins whole).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../src/server/db/factories';
import { auditLog, repairers, repairerTimeOff } from '../../src/server/db/schema';
import { availabilityMessages, DEFAULT_AVAILABILITY, type AvailabilityBody } from '../../src/shared/api/repairer-availability';
import { addDays } from '../../src/shared/calendar-date';
import { londonDateOf } from '../../src/shared/london-time';
import { createTestApp, signInAs, type TestApp } from '../helpers/app';

let t: TestApp;
let adminCookie: string;
let adminUser: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createUser(t.database.db, { role: 'admin' });
  adminCookie = await signInAs(t.app, adminUser.email, adminUser.password);
});
afterAll(() => t?.close());

const today = () => londonDateOf(new Date());
const day = (n: number) => addDays(today(), n);

async function technician() {
  const user = await createUser(t.database.db, { role: 'repairer' });
  return { id: user.repairerId!, cookie: await signInAs(t.app, user.email, user.password) };
}

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const body = (overrides: Partial<AvailabilityBody> = {}): AvailabilityBody => ({ ...structuredClone(DEFAULT_AVAILABILITY), ...overrides });

describe("a technician's own availability", () => {
  it('starts as Monday to Friday, mornings and afternoons, one job a slot, no time off', async () => {
    const me = await technician();
    const response = await call('GET', '/api/repairer/availability', me.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_AVAILABILITY);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('saves the whole of it and reads it back, time off soonest first', async () => {
    const me = await technician();
    const next = body({
      weekly: { ...DEFAULT_AVAILABILITY.weekly, tuesday: { morning: false, afternoon: false }, saturday: { morning: true, afternoon: false } },
      jobsPerSlot: 2,
      timeOff: [
        { from: day(20), to: day(22) },
        { from: day(3), to: day(3) },
      ],
    });
    const saved = await call('PUT', '/api/repairer/availability', me.cookie, next);
    expect(saved.statusCode).toBe(200);
    const expected = { ...next, timeOff: [next.timeOff[1], next.timeOff[0]] };
    expect(saved.json()).toEqual({ ...expected, takenBack: [] });
    expect((await call('GET', '/api/repairer/availability', me.cookie)).json()).toEqual(expected);
    const [row] = await t.database.db.select({ halves: repairers.weeklyHalves, jobs: repairers.jobsPerSlot }).from(repairers).where(eq(repairers.id, me.id));
    // Monday, Wednesday–Friday both halves, Saturday morning: 1023 − 12 (Tuesday) + 1024.
    expect(row).toEqual({ halves: 2035, jobs: 2 });
    // A technician's own change is theirs: no audit line.
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, me.id)))).toBe(0);
  });

  it('keeps a period already begun, and no longer shows one that has ended', async () => {
    const me = await technician();
    await t.database.db.insert(repairerTimeOff).values({ repairerId: me.id, fromDate: day(-10), toDate: day(-2) });
    const begun = { from: day(-3), to: day(4) };
    expect((await call('PUT', '/api/repairer/availability', me.cookie, body({ timeOff: [begun] }))).statusCode).toBe(200);
    expect((await call('GET', '/api/repairer/availability', me.cookie)).json().timeOff).toEqual([begun]);
    // The ended period stays as history.
    expect(await t.database.db.$count(repairerTimeOff, eq(repairerTimeOff.repairerId, me.id))).toBe(2);
  });

  const refusals: [string, () => unknown, string, string][] = [
    ['a period that ends before it starts', () => body({ timeOff: [{ from: day(9), to: day(5) }] }), 'timeOff.0', availabilityMessages.backwards(day(9), day(5))],
    ['a period that has ended', () => body({ timeOff: [{ from: day(-5), to: day(-1) }] }), 'timeOff.0', availabilityMessages.past(day(-1))],
    [
      'periods that overlap',
      () => body({ timeOff: [{ from: day(10), to: day(14) }, { from: day(20), to: day(21) }, { from: day(14), to: day(16) }] }),
      'timeOff.2',
      availabilityMessages.overlap({ from: day(10), to: day(14) }, { from: day(14), to: day(16) }),
    ],
    ['a period more than two years ahead', () => body({ timeOff: [{ from: day(731), to: day(735) }] }), 'timeOff.0', availabilityMessages.tooFar(day(731))],
    ['a day that does not exist', () => body({ timeOff: [{ from: '2027-02-30', to: '2027-03-02' }] }), 'timeOff.0.from', availabilityMessages.date],
    ['no jobs a slot', () => body({ jobsPerSlot: 0 }), 'jobsPerSlot', availabilityMessages.jobsPerSlot],
    ['eleven jobs a slot', () => body({ jobsPerSlot: 11 }), 'jobsPerSlot', availabilityMessages.jobsPerSlot],
    ['half a job', () => body({ jobsPerSlot: 1.5 }), 'jobsPerSlot', availabilityMessages.jobsPerSlot],
    ['jobs a slot as text', () => ({ ...body(), jobsPerSlot: '2' }), 'jobsPerSlot', availabilityMessages.jobsPerSlot],
    ['a week without Sunday', () => ({ ...body(), weekly: { ...DEFAULT_AVAILABILITY.weekly, sunday: undefined } }), 'weekly.sunday', availabilityMessages.weekly],
    ['a half that is not true or false', () => ({ ...body(), weekly: { ...DEFAULT_AVAILABILITY.weekly, monday: { morning: 'yes', afternoon: true } } }), 'weekly.monday.morning', availabilityMessages.weekly],
    ['61 periods', () => body({ timeOff: Array.from({ length: 61 }, (_, i) => ({ from: day(i * 2 + 1), to: day(i * 2 + 1) })) }), 'timeOff', availabilityMessages.tooMany],
  ];

  it.each(refusals)('refuses %s with its sentence and writes nothing', async (_name, make, field, message) => {
    const me = await technician();
    const kept = body({ jobsPerSlot: 3, timeOff: [{ from: day(30), to: day(31) }] });
    expect((await call('PUT', '/api/repairer/availability', me.cookie, kept)).statusCode).toBe(200);
    const response = await call('PUT', '/api/repairer/availability', me.cookie, make());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
    expect((await call('GET', '/api/repairer/availability', me.cookie)).json()).toEqual(kept);
  });

  it('takes two saves at once in turn: one of them wins whole', async () => {
    const me = await technician();
    const a = body({ jobsPerSlot: 2, timeOff: [{ from: day(5), to: day(6) }, { from: day(8), to: day(9) }] });
    const b = body({ jobsPerSlot: 4, timeOff: [{ from: day(6), to: day(8) }] });
    const answers = await Promise.all([call('PUT', '/api/repairer/availability', me.cookie, a), call('PUT', '/api/repairer/availability', me.cookie, b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = (await call('GET', '/api/repairer/availability', me.cookie)).json();
    expect([a, b]).toContainEqual(final);
  });
});

describe("the team's editing of any technician's", () => {
  it("reads a technician's availability with whose it is", async () => {
    const them = await technician();
    const response = await call('GET', `/api/admin/repairers/${them.id}/availability`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...DEFAULT_AVAILABILITY, repairer: { id: them.id, isVerified: true } });
  });

  it('saves it for them (they phoned in sick), and the audit log says what changed and who changed it', async () => {
    const them = await technician();
    const sick = body({ timeOff: [{ from: day(2), to: day(4) }], weekly: { ...DEFAULT_AVAILABILITY.weekly, friday: { morning: true, afternoon: false } } });
    const response = await call('PUT', `/api/admin/repairers/${them.id}/availability`, adminCookie, sick);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(sick);
    // The technician sees it on their own screen.
    expect((await call('GET', '/api/repairer/availability', them.cookie)).json()).toEqual(sick);
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, them.id)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'availability_changed', actorRole: 'admin', actorEmail: adminUser.email });
    expect(lines[0]!.detail.changes).toEqual([expect.stringMatching(/^Friday: mornings only/), expect.stringMatching(/^time off added: /)]);
    // Saving the same again changes nothing, and adds no line.
    expect((await call('PUT', `/api/admin/repairers/${them.id}/availability`, adminCookie, sick)).statusCode).toBe(200);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, them.id)))).toBe(1);
  });

  it('refuses a bad body with its sentence, writing nothing and no audit line', async () => {
    const them = await technician();
    const response = await call('PUT', `/api/admin/repairers/${them.id}/availability`, adminCookie, body({ timeOff: [{ from: day(4), to: day(2) }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(availabilityMessages.backwards(day(4), day(2)));
    expect((await call('GET', '/api/repairer/availability', them.cookie)).json()).toEqual(DEFAULT_AVAILABILITY);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entity, 'repairer'), eq(auditLog.entityId, them.id)))).toBe(0);
  });

  it('answers 404 for a repairer that does not exist', async () => {
    const response = await call('PUT', '/api/admin/repairers/999999/availability', adminCookie, body());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(availabilityMessages.notFound);
  });
});
