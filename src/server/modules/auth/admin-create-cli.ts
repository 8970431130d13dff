// npm run admin:create -- --email you@example.com [--name "Your Name"]
// Prompts for the password when run in a terminal, else reads ADMIN_PASSWORD or makes one.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../db/database';
import { createUser, randomPassword } from '../../db/factories';
import { runMigrations } from '../../db/migrate';
import { findUserByEmail, updateUserPassword } from './auth.repo';
import { hashPasswordArgon2id } from './password-queue';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, 'reset-password': { type: 'boolean' } } });
const email = z.email().safeParse(values.email?.trim().toLowerCase());
if (!email.success) {
  console.error('Please give the new admin\'s e-mail address: npm run admin:create -- --email you@example.com');
  process.exit(1);
}

let password = process.env.ADMIN_PASSWORD;
if (!password && process.stdin.isTTY) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = (await rl.question('Password (at least 12 characters, leave empty to generate one): ')).trim() || undefined;
  rl.close();
}
const generated = !password;
password ??= randomPassword();
if (password.length < 12) {
  console.error('The password must be at least 12 characters long.');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await runMigrations(database);
const existing = await findUserByEmail(database.db, email.data);
if (existing && !values['reset-password']) {
  console.error(`An account for ${email.data} already exists. Add --reset-password to set a new password.`);
  await database.close();
  process.exit(1);
}
if (existing) {
  await updateUserPassword(database.db, existing.id, await hashPasswordArgon2id(password));
} else {
  await createUser(database.db, { role: 'admin', email: email.data, name: values.name ?? 'Administrator', password });
}
console.log(`${existing ? 'Password reset for' : 'Admin created:'} ${email.data}${generated ? `\nPassword: ${password}` : ''}`);
await database.close();
