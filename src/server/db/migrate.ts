// STYLE habit 10: migrations are generated into a committed folder and applied at start-up.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PoolClient } from 'pg';
import type { Database } from './database';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed numbers: several app instances starting at once take turns migrating, and then
// taking turns starting the job queue (pg-boss installs its own schema on its first start).
const MIGRATION_LOCK_ID = 7_220_451;
export const JOB_QUEUE_LOCK_ID = 7_220_452;

/**
 * On a PostgreSQL server, runs `work` holding the advisory lock `lockId` on a connection of its
 * own (given to `work`), so instances starting at once take turns; PGlite is one process, so it
 * just runs `work`.
 */
export async function withStartupLock<T>(database: Database, lockId: number, work: (client?: PoolClient) => Promise<T>): Promise<T> {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
    client.release();
  }
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  await withStartupLock(database, MIGRATION_LOCK_ID, (client) => migratePg(drizzlePg(client!), { migrationsFolder }));
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
