// One Database for both engines: embedded PGlite by default, a PostgreSQL server when
// DATABASE_URL is set (ARCHITECTURE: "the same migrations run on both").
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for infrastructure (pg-boss, readiness). Parameterless text may hold several statements. */
  executeSql(text: string, params?: unknown[]): Promise<SqlResult>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder for PGlite's files, or ':memory:'. */
  pgliteDir?: string;
  /** An already open PGlite (tests clone one migrated image). */
  pglite?: PGlite;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  let client = options.pglite;
  if (!client) {
    const dir = options.pgliteDir ?? ':memory:';
    if (dir !== ':memory:') mkdirSync(dir, { recursive: true });
    client = new PGlite(dir === ':memory:' ? undefined : dir);
  }
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async executeSql(text, params) {
      if (params && params.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, params);
        return { rows: result.rows };
      }
      // PGlite's exec runs several statements at once (pg-boss sends such batches).
      const results = await client.exec(text);
      const withRows = [...results].reverse().find((r) => r.rows.length > 0);
      return { rows: (withRows?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pool,
    async executeSql(text, params) {
      const result = await pool.query(text, params as unknown[] | undefined);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      await pool.end();
    },
  };
}
