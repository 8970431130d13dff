import { loadConfig } from '../config/config';
import { openDatabase } from './database';
import { runMigrations } from './migrate';
import { seedDemoDataIfEmpty } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await runMigrations(database);
const accounts = await seedDemoDataIfEmpty(database.db);
if (!accounts) {
  console.log('The database already has accounts; the demo seed only runs on an empty database.');
} else {
  console.log('Demo data created. Sign-in details (shown only this once):');
  for (const account of accounts) console.log(`  ${account.label.padEnd(24)} ${account.email.padEnd(42)} ${account.password}`);
}
await database.close();
