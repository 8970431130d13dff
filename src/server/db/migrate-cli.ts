import { loadConfig } from '../config/config';
import { openDatabase } from './database';
import { migrationStatus, runMigrations } from './migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await runMigrations(database);
const status = await migrationStatus(database);
console.log(`Migrations applied: ${status.applied} of ${status.expected} (${database.kind}).`);
await database.close();
