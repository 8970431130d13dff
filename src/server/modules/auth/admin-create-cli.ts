// npm run admin:create -- --email you@example.com [--name "Your Name"] [--reset-password]
// Prompts for the password when run in a terminal, else reads ADMIN_PASSWORD or makes one. On the
// embedded database it refuses while the product runs on the same folder (one process at a time:
// a change made beside it would be lost); on a PostgreSQL server it runs beside the product.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { createUser, randomPassword } from '../../db/factories';
import { runMigrations } from '../../db/migrate';
import { isEntry, productRunsOn, runCommand, type Command } from '../backup';
import { findUserByEmail, resetUserPassword } from './auth.repo';
import { hashPasswordArgon2id } from './password-queue';

export const adminCreateCommand: Command = async (args, env, out) => {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, 'reset-password': { type: 'boolean' } } });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) {
    out.error("Please give the new admin's e-mail address: npm run admin:create -- --email you@example.com");
    return 1;
  }
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? randomPassword();
  if (password.length < 12) {
    out.error('The password must be at least 12 characters long.');
    return 1;
  }
  const config = loadConfig(env);
  if (!config.databaseUrl && (await productRunsOn(config))) {
    out.error(`The product is running on ${config.dataDir}, and its embedded database takes one process at a time. Stop it, run this again, then start it.`);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await runMigrations(database);
    const existing = await findUserByEmail(database.db, email.data);
    if (existing && !values['reset-password']) {
      out.error(`An account for ${email.data} already exists. Add --reset-password to set a new password.`);
      return 1;
    }
    const shown = generated ? `\nPassword: ${password}` : '';
    if (existing) {
      const ended = await resetUserPassword(database.db, existing, await hashPasswordArgon2id(password));
      const sessions = ended === 1 ? 'the 1 session it had was' : `the ${ended} sessions it had were`;
      out.log(`Password reset for ${email.data}: ${ended === 0 ? 'it had no session to end' : `${sessions} signed out`}.${shown}`);
    } else {
      await createUser(database.db, { role: 'admin', email: email.data, name: values.name ?? 'Administrator', password });
      out.log(`Admin created: ${email.data}${shown}`);
    }
    return 0;
  } finally {
    await database.close();
  }
};

if (isEntry(import.meta.url)) {
  const env = { ...process.env };
  if (!env.ADMIN_PASSWORD && process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const typed = (await rl.question('Password (at least 12 characters, leave empty to generate one): ')).trim();
    rl.close();
    if (typed) env.ADMIN_PASSWORD = typed;
  }
  runCommand(adminCreateCommand, env);
}
