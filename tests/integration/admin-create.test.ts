// `npm run admin:create` (README: "Lost them?"): it creates an admin, or with --reset-password sets
// a new password, which ends every session the account had and lets a locked-out account back in.
// On the embedded database it refuses while the product runs on the same folder, where its change
// would be lost; bad input gets a sentence and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { wrapPglite } from '../../src/server/db/database';
import { createUser } from '../../src/server/db/factories';
import { sessions } from '../../src/server/db/schema';
import { hashPasswordArgon2id, reserveSignInFailure, resetUserPassword } from '../../src/server/modules/auth';
import { adminCreateCommand } from '../../src/server/modules/auth/admin-create-cli';
import { closeControlSocket, startControlSocket } from '../../src/server/modules/backup';
import { cookieHeader, createTestApp } from '../helpers/app';

const folders: string[] = [];
afterAll(() => folders.forEach((path) => rmSync(path, { recursive: true, force: true })));

/** Runs the command as npm run would, and answers its exit code and what it printed. */
async function run(args: string[], env: Record<string, string>) {
  const logged: string[] = [];
  const errors: string[] = [];
  const code = await adminCreateCommand(args, { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env }, { log: (line) => logged.push(line), error: (line) => errors.push(line) });
  return { code, logged: logged.join('\n'), errors: errors.join('\n') };
}

const signIn = (app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const me = (app: Awaited<ReturnType<typeof buildApp>>, cookie: string) => app.inject({ url: '/api/auth/me', headers: { cookie } });

describe('npm run admin:create on the embedded database', () => {
  it('creates an admin, refuses to run beside the product, and a reset signs out every session of the account', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'autorevive-admin-create-'));
    folders.push(dataDir);
    const email = 'ops@example.co.uk';
    expect(await run(['--email', 'not-an-address'], { DATA_DIR: dataDir })).toMatchObject({ code: 1, errors: expect.stringContaining("Please give the new admin's e-mail address") });
    expect(await run(['--email', email], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' })).toMatchObject({ code: 1, errors: 'The password must be at least 12 characters long.' });
    expect(await run(['--email', email], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'First-password-1' })).toEqual({ code: 0, logged: `Admin created: ${email}`, errors: '' });
    expect(await run(['--email', email], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Other-password-2' })).toMatchObject({ code: 1, errors: expect.stringContaining('already exists. Add --reset-password') });

    // The product on that folder: the admin signs in twice (two browsers).
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    config.runWorkers = false;
    config.webDistDir = join(dataDir, 'no-web-build');
    let database = wrapPglite(new PGlite(config.pgliteDir));
    let app = await buildApp(config, { database });
    await app.ready();
    const control = await startControlSocket(database, config);
    const first = cookieHeader(await signIn(app, email, 'First-password-1'));
    const second = cookieHeader(await signIn(app, email, 'First-password-1'));
    // While it runs, the command changes nothing and says why.
    const beside = await run(['--email', email, '--reset-password'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Second-password-3' });
    expect(beside).toMatchObject({ code: 1, logged: '' });
    expect(beside.errors).toBe(`The product is running on ${dataDir}, and its embedded database takes one process at a time. Stop it, run this again, then start it.`);
    expect((await signIn(app, email, 'First-password-1')).statusCode).toBe(200);
    expect((await me(app, first)).statusCode).toBe(200);
    await closeControlSocket(control);
    await app.close();
    await database.close();

    const reset = await run(['--email', email, '--reset-password'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Second-password-3' });
    expect(reset).toMatchObject({ code: 0, errors: '' });
    expect(reset.logged).toMatch(new RegExp(`^Password reset for ${email}: the 3 sessions it had were signed out\\.$`));

    database = wrapPglite(new PGlite(config.pgliteDir));
    app = await buildApp(config, { database });
    await app.ready();
    try {
      expect((await me(app, first)).statusCode).toBe(401);
      expect((await me(app, second)).statusCode).toBe(401);
      expect((await signIn(app, email, 'First-password-1')).statusCode).toBe(401);
      expect((await signIn(app, email, 'Second-password-3')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

describe('a password reset', () => {
  it('ends only that account’s sessions, and lets the account in again after its failed sign-ins locked it', async () => {
    const t = await createTestApp({ engine: 'auto' });
    try {
      const db = t.database.db;
      const admin = await createUser(db, { role: 'admin' });
      const other = await createUser(db, { role: 'admin' });
      const stolen = cookieHeader(await signIn(t.app, admin.email, admin.password));
      const theirs = cookieHeader(await signIn(t.app, other.email, other.password));
      // The owner mistyped five times from their own address (that address's limit), and twenty
      // wrong guesses from anywhere locked the account: the right password is refused too.
      for (let i = 0; i < 5; i++) expect((await signIn(t.app, admin.email, `mistyped-${i}`)).statusCode).toBe(401);
      for (let i = 0; i < t.config.signInFailuresPerAccount; i++) await reserveSignInFailure(db, admin.email, 15 * 60);
      expect((await signIn(t.app, admin.email, admin.password)).statusCode).toBe(429);

      expect(await resetUserPassword(db, admin, await hashPasswordArgon2id('A-new-password-4'))).toBe(1);
      expect((await me(t.app, stolen)).statusCode).toBe(401);
      expect((await me(t.app, theirs)).statusCode).toBe(200);
      expect((await db.select().from(sessions)).map((s) => s.userId)).toEqual([other.id]);
      expect((await signIn(t.app, admin.email, 'A-new-password-4')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
