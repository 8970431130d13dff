// Introduction e-mails keep their steady rate (D19, docs/decisions/0014, "A steady rate") when
// runs overlap: two admins introducing at once, an admin's send beside send-intro-all, or two
// instances. Each run counts its slots from the latest introduction waiting in the outbox; two runs
// that read it before either committed queued their e-mails in the same slots, twice the rate. On
// the PostgreSQL server when TEST_DATABASE_URL is set, else on PGlite.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails, repairers } from '../../src/server/db/schema';
import { loadAppSecret } from '../../src/server/config/app-secret';
import { introduce, type OutreachContext } from '../../src/server/modules/outreach';
import { createTestApp, serverDatabaseAvailable, signInAs, type TestApp } from '../helpers/app';
import { post } from '../helpers/checkout';
import { whileAnotherTransactionHolds } from '../helpers/row-locks';

// 60 a minute: one introduction a second, far more than the time between two runs here.
const INTERVAL_MS = 1000;
let t: TestApp;
let admin: string;
let ctx: OutreachContext;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto', env: { INTRO_EMAILS_PER_MINUTE: '60' } });
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
  ctx = { database: t.database, config: t.config, secret: await loadAppSecret(t.config) };
});
afterAll(() => t.close());

const db = () => t.database.db;
let made = 0;
const writable = () => createRepairer(db(), { isVerified: false, email: `intro-race-${++made}@example.com` });
/** When each waiting introduction is due, in order. */
async function dueTimes(): Promise<number[]> {
  const rows = await db()
    .select({ at: outboxEmails.sendAfter })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, 'repairer-intro'), eq(outboxEmails.status, 'pending')))
    .orderBy(asc(outboxEmails.sendAfter));
  return rows.map((row) => row.at!.getTime());
}
const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);
const dueTimeOf = async (repairerId: number) => {
  const [row] = await db().select({ email: repairers.email }).from(repairers).where(eq(repairers.id, repairerId));
  const [email] = await db().select({ at: outboxEmails.sendAfter }).from(outboxEmails).where(and(eq(outboxEmails.kind, 'repairer-intro'), eq(outboxEmails.toAddress, row!.email!)));
  return email!.at!.getTime();
};

describe(`introduction runs at once (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('queue every introduction at least one interval after the one before, whichever run queued it', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => writable()));
    const ids = people.map((person) => person.id);
    const responses = await Promise.all([
      post(t, '/api/admin/repairers/bulk', { action: 'send-intro', ids: ids.slice(0, 2) }, admin),
      post(t, '/api/admin/repairers/bulk', { action: 'send-intro', ids: ids.slice(2, 4) }, admin),
      post(t, `/api/repairers/${ids[4]}/send-intro`, {}, admin),
      post(t, '/api/repairers/send-intro-all', {}, admin),
    ]);
    // The single send answers 409 when send-intro-all claimed its repairer first.
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, expect.toBeOneOf([200, 409]), 200]);
    const introduced = await db().select({ id: repairers.id }).from(repairers).where(inArray(repairers.id, ids));
    expect(introduced).toHaveLength(7);
    const times = await dueTimes();
    expect(times.length).toBeGreaterThanOrEqual(7);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});

describe.skipIf(!serverDatabaseAvailable())('a run that starts while another is queueing (PostgreSQL server)', () => {
  it('waits for the other to commit, then queues behind its e-mails', async () => {
    const first = await writable();
    const second = await writable();
    const sent = await whileAnotherTransactionHolds(
      db(),
      // Another run (an instance's, or an admin's) has claimed its repairer and queued the e-mail, uncommitted.
      (tx) => introduce(ctx, tx, eq(repairers.id, first.id), new Date()),
      () => post(t, `/api/repairers/${second.id}/send-intro`, {}, admin),
      async () => {},
      // Without the lock the send does not wait: what it queued is then checked below.
      { orFinished: true },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await dueTimeOf(second.id)) - (await dueTimeOf(first.id))).toBeGreaterThanOrEqual(INTERVAL_MS);
    for (const gap of gaps(await dueTimes())) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
