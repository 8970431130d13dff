// Issue 12 item 7: an admin invites a repairer (a single-use link, 7 days), the repairer sets a
// password and is signed in; verification decides who is offered jobs; GET /api/repairers lists
// the network 50 at a time. Each bad input gets its sentence and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairer, createUser } from '../../src/server/db/factories';
import { outboxEmails, outcodes, repairerInvitations, repairers, users } from '../../src/server/db/schema';
import { POSTCODE_NOT_LOCATED } from '../../src/server/modules/geo';
import { profileMessages, repairerAccountMessages } from '../../src/shared/api/repairer-accounts';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '../helpers/app';
import { post } from '../helpers/checkout';
import { startStripeStandIn } from '../helpers/stripe-server';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = await signInAs(t.app, user.email, user.password);
});
afterAll(() => t?.close());

/** The token in the newest invitation e-mail to `to`. */
async function linkTokenSentTo(to: string): Promise<string> {
  const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(outboxEmails.id);
  const match = /\/join\/([\w-]+)/.exec(mails.at(-1)?.textBody ?? '');
  if (!match) throw new Error(`no invitation e-mail to ${to}`);
  return match[1]!;
}

/** A business invited `times` times, with the token of each invitation e-mailed, oldest first. */
async function invited(email: string, times: number) {
  const business = await createRepairer(t.database.db, { email });
  const tokens: string[] = [];
  for (let i = 0; i < times; i++) {
    await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    tokens.push(await linkTokenSentTo(email));
  }
  const accounts = async () => t.database.db.select().from(users).where(eq(users.repairerId, business.id));
  return { business, tokens, accounts };
}

describe('inviting a repairer to create an account', () => {
  it('e-mails a single-use link; setting a password makes the account, signs them in, and spends the link', async () => {
    const business = await createRepairer(t.database.db, { email: 'Bodyshop@Example.com', contactName: 'Kim Lee' });
    const invited = await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    expect(invited.statusCode, invited.body).toBe(200);
    const token = await linkTokenSentTo('Bodyshop@Example.com');
    expect((await t.app.inject({ url: `/api/repairer-invitations/${token}` })).json()).toEqual({ businessName: business.businessName, email: 'bodyshop@example.com' });

    const short = await post(t, `/api/repairer-invitations/${token}`, { password: 'short' });
    expect([short.statusCode, short.json().fieldErrors]).toEqual([400, { password: repairerAccountMessages.password }]);
    expect(await t.database.db.select().from(users).where(eq(users.repairerId, business.id))).toEqual([]);

    const created = await post(t, `/api/repairer-invitations/${token}`, { password: 'a long enough password' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({ role: 'repairer', repairerId: business.id, email: 'bodyshop@example.com', name: 'Kim Lee' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: cookieHeader(created) } });
    expect(me.json().user.repairerId).toBe(business.id);
    // Spent: the same link says so, and signs nobody in.
    const again = await post(t, `/api/repairer-invitations/${token}`, { password: 'another long password' });
    expect([again.statusCode, again.json().message]).toEqual([404, repairerAccountMessages.badLink]);
    // The network list says so, and a repairer with an account is not invited again.
    const listed = (await t.app.inject({ url: '/api/repairers?page=1', headers: { cookie: admin } })).json() as { id: number; hasAccount: boolean; invitationPending: boolean }[];
    expect(listed.find((r) => r.id === business.id)).toMatchObject({ hasAccount: true, invitationPending: false });
    expect((await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin)).json().message).toBe(repairerAccountMessages.hasAccount);
  });

  it('makes one account when the same link is used twice at once', async () => {
    const { tokens: [token], accounts } = await invited('race@example.com', 1);
    const answers = await Promise.all([1, 2].map((i) => post(t, `/api/repairer-invitations/${token}`, { password: `a long enough password ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await accounts()).toHaveLength(1);
  });

  it('keeps every link to the same address working until one is used, and spends them all then', async () => {
    // An invitation and then an introduction each promise their own link until its date.
    const { tokens: [first, second], accounts } = await invited('twice@example.com', 2);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/api/repairer-invitations/${first}` })).statusCode).toBe(200);
    const created = await post(t, `/api/repairer-invitations/${first}`, { password: 'a long enough password' });
    expect(created.statusCode, created.body).toBe(200);
    const late = await post(t, `/api/repairer-invitations/${second}`, { password: 'another long password' });
    expect([late.statusCode, late.json().message]).toEqual([404, repairerAccountMessages.badLink]);
    expect(await accounts()).toHaveLength(1);
  });

  it('makes one account when two of its links are used at once', async () => {
    const { tokens, accounts } = await invited('both@example.com', 2);
    const answers = await Promise.all(tokens.map((token, i) => post(t, `/api/repairer-invitations/${token}`, { password: `a long enough password ${i}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await accounts()).toHaveLength(1);
  });

  it("stops a link the moment the repairer's address changes, with no new invitation, and marks an account's address as theirs (an attack review)", async () => {
    const { business, tokens: [token], accounts } = await invited('guessed@example.com', 1);
    // The address was a guess (collected from a website), corrected since: the link's reader is not the business.
    await t.database.db.update(repairers).set({ email: 'owner@example.com', emailSource: 'manual' }).where(eq(repairers.id, business.id));
    expect((await t.app.inject({ url: `/api/repairer-invitations/${token}` })).statusCode).toBe(404);
    const refused = await post(t, `/api/repairer-invitations/${token}`, { password: 'a long enough password' });
    expect([refused.statusCode, refused.json().message]).toEqual([404, repairerAccountMessages.badLink]);
    expect(await accounts()).toEqual([]);
    // Back to the address it was sent to (case aside), the link works, and the address is now the account's own.
    await t.database.db.update(repairers).set({ email: 'Guessed@Example.com', emailSource: 'ai_collected' }).where(eq(repairers.id, business.id));
    expect((await post(t, `/api/repairer-invitations/${token}`, { password: 'a long enough password' })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(repairers).where(eq(repairers.id, business.id));
    expect(after!.emailSource).toBe('signup');
  });

  it('refuses an expired link, an unknown one, a link to an address the repairer no longer has, and a repairer without an e-mail', async () => {
    const business = await createRepairer(t.database.db, { email: 'expired@example.com' });
    await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    const first = await linkTokenSentTo('expired@example.com');
    await t.database.db.update(repairers).set({ email: 'moved@example.com' }).where(eq(repairers.id, business.id));
    await post(t, `/api/admin/repairers/${business.id}/invite`, {}, admin);
    const second = await linkTokenSentTo('moved@example.com');
    const pending = (await t.app.inject({ url: '/api/repairers?page=1', headers: { cookie: admin } })).json() as { id: number; hasAccount: boolean; invitationPending: boolean }[];
    expect(pending.find((r) => r.id === business.id)).toMatchObject({ hasAccount: false, invitationPending: true });
    expect((await t.app.inject({ url: `/api/repairer-invitations/${first}` })).statusCode).toBe(404);
    await t.database.db.update(repairerInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(repairerInvitations.repairerId, business.id));
    const late = await post(t, `/api/repairer-invitations/${second}`, { password: 'a long enough password' });
    expect([late.statusCode, late.json().message]).toEqual([404, repairerAccountMessages.badLink]);
    expect((await t.app.inject({ url: '/api/repairer-invitations/not-a-real-token-at-all' })).statusCode).toBe(404);
    const noEmail = await createRepairer(t.database.db, { email: null });
    const refused = await post(t, `/api/admin/repairers/${noEmail.id}/invite`, {}, admin);
    expect([refused.statusCode, refused.json().message]).toEqual([400, repairerAccountMessages.noEmail]);
    expect((await post(t, '/api/admin/repairers/999999/invite', {}, admin)).statusCode).toBe(404);
  });
});

describe('verification and the network list', () => {
  it("adds a business the team knows by hand: placed by its postcode, Pending Verification, no account; a duplicate or bad input changes nothing (an operator's review)", async () => {
    const body = { businessName: 'Aire Valley Smart Repairs', contactName: 'Priya Shah', phone: '0113 496 0000', email: 'Priya@AireValley.example.co.uk', city: 'Leeds', postcode: 'ls1 4ap', serviceRadius: 25, specializations: ['scratch', 'scuff', 'scratch'] };
    const added = await post(t, '/api/admin/repairers', body, admin);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ businessName: 'Aire Valley Smart Repairs', email: 'priya@airevalley.example.co.uk', emailSource: 'manual', postcode: 'LS1 4AP', isVerified: false, hasAccount: false, specializations: ['scratch', 'scuff'], serviceRadius: 25 });
    const [row] = await t.database.db.select().from(repairers).where(eq(repairers.id, added.json().id));
    expect(row!.latitude).toBeCloseTo(53.8, 0);
    const count = async () => (await t.database.db.select({ id: repairers.id }).from(repairers)).length;
    const before = await count();
    // The same business again (any capitals, any spacing of the postcode), or its e-mail on another name: 409.
    const again = await post(t, '/api/admin/repairers', { ...body, businessName: 'AIRE VALLEY SMART REPAIRS', postcode: 'LS14AP', email: undefined }, admin);
    // The refusal names the business held, as it is held.
    expect([again.statusCode, again.json().message]).toEqual([409, repairerAccountMessages.alreadyHeld('Aire Valley Smart Repairs', 'LS1 4AP')]);
    const sameEmail = await post(t, '/api/admin/repairers', { ...body, businessName: 'Another Name Ltd' }, admin);
    expect([sameEmail.statusCode, sameEmail.json().message]).toEqual([409, repairerAccountMessages.emailHeld('Aire Valley Smart Repairs')]);
    // Bad input: a field's message, nothing written.
    for (const [change, field] of [
      [{ businessName: 'x' }, 'businessName'],
      [{ postcode: 'NOT A POSTCODE' }, 'postcode'],
      [{ email: 'not-an-email' }, 'email'],
      [{ specializations: [] }, 'specializations'],
      [{ serviceRadius: 0 }, 'serviceRadius'],
      [{ phone: '12' }, 'phone'],
    ] as const) {
      const refused = await post(t, '/api/admin/repairers', { ...body, businessName: 'Fresh Name', email: undefined, ...change }, admin);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {})).toContain(field);
    }
    // Verified and invited from its row, as any business in the network.
    expect((await post(t, `/api/admin/repairers/${added.json().id}/verification`, { isVerified: true }, admin)).statusCode).toBe(200);
    expect((await post(t, `/api/admin/repairers/${added.json().id}/invite`, {}, admin)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('verifies and unverifies a repairer, which the public network figure follows', async () => {
    const business = await createRepairer(t.database.db, { isVerified: false });
    const before = (await t.app.inject({ url: '/api/site' })).json();
    const verified = await post(t, `/api/admin/repairers/${business.id}/verification`, { isVerified: true }, admin);
    expect(verified.json()).toMatchObject({ id: business.id, isVerified: true, hasAccount: false });
    const after = (await t.app.inject({ url: '/api/site' })).json();
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
    expect((await post(t, `/api/admin/repairers/${business.id}/verification`, { isVerified: 'yes' }, admin)).statusCode).toBe(400);
    await post(t, `/api/admin/repairers/${business.id}/verification`, { isVerified: false }, admin);
    const [row] = await t.database.db.select().from(repairers).where(eq(repairers.id, business.id));
    expect(row!.isVerified).toBe(false);
  });

  it('lists every repairer by name to SPEC\'s call, and 50 a page when a page is asked for, with the total in X-Total-Count', async () => {
    for (let i = 0; i < 55; i++) await createRepairer(t.database.db, { businessName: `Zz Network ${String(i).padStart(2, '0')}` });
    const all = await t.app.inject({ url: '/api/repairers', headers: { cookie: admin } });
    expect(all.json()).toHaveLength(Number(all.headers['x-total-count']));
    expect((all.json() as { businessName: string }[]).at(-1)?.businessName).toBe('Zz Network 54');
    const first = await t.app.inject({ url: '/api/repairers?page=1', headers: { cookie: admin } });
    expect(first.json()).toHaveLength(50);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(55);
    const last = await t.app.inject({ url: `/api/repairers?page=${Math.ceil(total / 50)}`, headers: { cookie: admin } });
    expect((last.json() as { businessName: string }[]).at(-1)?.businessName).toBe('Zz Network 54');
  });

  it('searches by name, town or postcode and filters by verification, e-mail and account', async () => {
    const db = t.database.db;
    await createRepairer(db, { businessName: 'Quill Dent Doctors', city: 'Quillington', postcode: 'QA1 1AA', isVerified: false, email: null });
    await createRepairer(db, { businessName: 'Quill Scratch Clinic', city: 'Leeds', postcode: 'LS1 4AP', isVerified: true });
    const names = async (query: string) => ((await t.app.inject({ url: `/api/repairers?${query}`, headers: { cookie: admin } })).json() as { businessName: string }[]).map((r) => r.businessName);
    expect(await names('search=quill')).toEqual(['Quill Dent Doctors', 'Quill Scratch Clinic']);
    expect(await names('search=quill&verified=false')).toEqual(['Quill Dent Doctors']);
    expect(await names('search=quill&hasEmail=true')).toEqual(['Quill Scratch Clinic']);
    expect(await names('search=qa11')).toEqual(['Quill Dent Doctors']);
    expect(await names('search=quillington&hasAccount=false')).toEqual(['Quill Dent Doctors']);
    expect(await names('search=100%25')).toEqual([]);
    expect((await t.app.inject({ url: '/api/repairers?verified=maybe', headers: { cookie: admin } })).statusCode).toBe(400);
  });
});

describe('the repairer’s own profile', () => {
  const good = { businessName: 'Kim’s Smart Repairs', contactName: 'Kim Lee', phone: '07700 900456', city: 'London', postcode: 'sw1a 2aa', serviceRadius: 20, specializations: ['scratch', 'alloy'] };

  it('is read and saved by the repairer, placed on the map by its postcode; bad input changes nothing', async () => {
    const user = await createUser(t.database.db, { role: 'repairer' });
    const cookie = await signInAs(t.app, user.email, user.password);
    const read = await t.app.inject({ url: '/api/repairer/profile', headers: { cookie } });
    expect(read.json()).toMatchObject({ isVerified: true, payouts: 'test-mode' });
    const put = (body: unknown) => t.app.inject({ method: 'PUT', url: '/api/repairer/profile', payload: body as object, headers: { cookie } });
    const saved = await put(good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ businessName: 'Kim’s Smart Repairs', phone: '+447700900456', postcode: 'SW1A 2AA', serviceRadius: 20, specializations: ['scratch', 'alloy'] });
    const [row] = await t.database.db.select().from(repairers).where(eq(repairers.id, user.repairerId!));
    expect(row!.latitude).toBeCloseTo(51.503, 2);
    // Reading it back (its own one-statement read) shows exactly what the save answered.
    expect((await t.app.inject({ url: '/api/repairer/profile', headers: { cookie } })).json()).toEqual(saved.json());

    for (const [change, field] of [
      [{ postcode: 'not a postcode' }, 'postcode'],
      [{ serviceRadius: 0 }, 'serviceRadius'],
      [{ specializations: [] }, 'specializations'],
      [{ phone: '123' }, 'phone'],
    ] as const) {
      const refused = await put({ ...good, businessName: 'Changed', ...change });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {})).toContain(field);
    }
    // A real-looking postcode nobody can place.
    await t.database.db.delete(outcodes).where(eq(outcodes.outcode, 'SW1A'));
    const unplaced = await put({ ...good, businessName: 'Changed' });
    expect([unplaced.statusCode, unplaced.json().fieldErrors?.postcode]).toEqual([400, POSTCODE_NOT_LOCATED]);
    const [after] = await t.database.db.select().from(repairers).where(eq(repairers.id, user.repairerId!));
    expect(after!.businessName).toBe('Kim’s Smart Repairs');
    const onboarding = await post(t, '/api/repairer/stripe-onboarding', {}, cookie);
    expect([onboarding.statusCode, onboarding.json().message]).toEqual([409, profileMessages.testMode]);
  });

  it('sets up Stripe Connect payouts once, and knows when onboarding is finished', async () => {
    const standIn = await startStripeStandIn();
    const stripeApp = await createTestApp({ env: standIn.env });
    try {
      const user = await createUser(stripeApp.database.db, { role: 'repairer' });
      const cookie = await signInAs(stripeApp.app, user.email, user.password);
      const first = await post(stripeApp, '/api/repairer/stripe-onboarding', {}, cookie);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.com\//);
      await post(stripeApp, '/api/repairer/stripe-onboarding', {}, cookie);
      expect(standIn.accounts.size).toBe(1);
      const read = () => stripeApp.app.inject({ url: '/api/repairer/profile', headers: { cookie } });
      expect((await read()).json().payouts).toBe('incomplete');
      const account = [...standIn.accounts.values()][0]!;
      Object.assign(account, { details_submitted: true, payouts_enabled: true });
      expect((await read()).json().payouts).toBe('ready');
      // Finished is remembered: the next read does not ask Stripe again.
      const asked = standIn.requests.length;
      expect((await read()).json().payouts).toBe('ready');
      expect(standIn.requests.length).toBe(asked);
      const [row] = await stripeApp.database.db.select().from(repairers).where(eq(repairers.id, user.repairerId!));
      expect(row).toMatchObject({ stripeAccountId: account.id, stripeOnboardedAt: expect.any(Date) });
    } finally {
      await stripeApp.close();
      await standIn.close();
    }
  });

  it('opens the profile while Stripe refuses or is rate-limiting, and says to try onboarding again later', async () => {
    const standIn = await startStripeStandIn();
    const stripeApp = await createTestApp({ env: standIn.env });
    try {
      const user = await createUser(stripeApp.database.db, { role: 'repairer' });
      const cookie = await signInAs(stripeApp.app, user.email, user.password);
      expect((await post(stripeApp, '/api/repairer/stripe-onboarding', {}, cookie)).statusCode).toBe(200);
      for (const [status, type] of [
        [401, 'authentication_error'],
        [429, 'rate_limit_error'],
      ] as const) {
        standIn.outage('/v1/account', status, type);
        const read = await stripeApp.app.inject({ url: '/api/repairer/profile', headers: { cookie } });
        expect([read.statusCode, read.json().payouts]).toEqual([200, 'incomplete']);
        const onboarding = await post(stripeApp, '/api/repairer/stripe-onboarding', {}, cookie);
        expect([onboarding.statusCode, onboarding.json()]).toEqual([503, { error: 'payouts_unavailable', message: profileMessages.stripeUnavailable }]);
      }
    } finally {
      await stripeApp.close();
      await standIn.close();
    }
  });
});
