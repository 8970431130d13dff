// STYLE habit 10: migrations are generated into a committed folder and applied at start-up.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from './database';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number: several app instances starting at once take turns migrating.
const MIGRATION_LOCK_ID = 7_220_451;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Readiness (/readyz): the database answers and every committed migration is applied. */
export async function migrationStatus(database: Database): Promise<{ applied: number; expected: number }> {
  const expected = expectedMigrationCount();
  try {
    const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations', []);
    return { applied: Number(rows[0]?.n ?? 0), expected };
  } catch {
    return { applied: 0, expected };
  }
}
