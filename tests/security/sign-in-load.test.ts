// Issue 7, finding 3: sign-in is not a lever on the server. Hashes run a few at a time behind a
// bounded queue, failures per account are counted across addresses, and scrypt becomes argon2id.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/db/factories';
import { users } from '../../src/server/db/schema';
import { passwordQueueBusyMessage } from '../../src/server/modules/auth';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2', SIGN_IN_FAILURES_PER_ACCOUNT: '6' } });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });

describe('sign-in under load', () => {
  it('hashes only a few passwords at once and refuses the rest with 503 and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(`nobody${i}@example.com`, 'guess', `192.0.2.${i + 1}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3); // 1 running + 2 waiting
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(9);
    expect(refused[0]!.headers['retry-after']).toBe('5');
    expect(refused[0]!.json().message).toBe(passwordQueueBusyMessage);
  });

  it('throttles guessing at one account spread over many addresses', async () => {
    const victim = await createUser(t.database.db, { role: 'admin' });
    for (let i = 0; i < 6; i++) expect((await signIn(victim.email, `wrong-${i}`, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    const next = await signIn(victim.email, victim.password, '198.51.100.99');
    expect(next.statusCode).toBe(429);
  });

  it('rehashes an scrypt hash as argon2id at OWASP 19 MiB on the next successful sign-in', async () => {
    const user = await createUser(t.database.db, { role: 'repairer' });
    const before = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
    expect(before).toMatch(/^scrypt\$/);
    expect((await signIn(user.email, user.password, '203.0.113.50')).statusCode).toBe(200);
    const after = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
    expect(after).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(user.email, user.password, '203.0.113.51')).statusCode).toBe(200);
  });
});
