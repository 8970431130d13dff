// One Database for both engines: embedded PGlite by default, a PostgreSQL server when
// DATABASE_URL is set (ARCHITECTURE: "the same migrations run on both").
import { mkdirSync } from 'node:fs';
import { parse as pgliteParse, PGlite, protocol } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** A named statement, prepared once per connection (issue 9): run() binds and executes it. */
export interface Statement<Row> {
  run(params: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for infrastructure (pg-boss, readiness). Parameterless text may hold several statements. */
  executeSql(text: string, params?: unknown[]): Promise<SqlResult>;
  /**
   * One read the hot routes make, as a named prepared statement: parsed and planned once per
   * connection, then only bound and executed, with no query builder in between. Rows are as
   * the driver gives them (timestamptz a Date, json parsed, int8 cast by the SQL). A name
   * stands for one text: declare each at module level, never with text built per call.
   */
  statement<Row extends Record<string, unknown>>(name: string, text: string): Statement<Row>;
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
    statement: pgliteStatements(client),
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
    statement<Row extends Record<string, unknown>>(name: string, text: string): Statement<Row> {
      // node-postgres prepares a named query on each pooled connection the first time it runs there.
      return { run: async (values) => (await pool.query<Row>({ name, text, values })).rows };
    },
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

/**
 * Named statements on PGlite. Its query() sends Parse, Describe, Bind, Describe, Execute and
 * Sync as six calls into the WebAssembly build and plans the text every time; here Parse and
 * Describe run once per name, and each run is one call carrying Bind, Execute and Sync.
 * Runs take PGlite's transaction and query locks, as query() does, so a run never lands inside
 * another caller's transaction.
 */
function pgliteStatements(client: PGlite) {
  const { serialize } = protocol;
  type Prepared = { parameterTypes: number[]; rowDescription: Parameters<typeof pgliteParse.parseResults>[0][number] | undefined };
  const prepared = new Map<string, Promise<Prepared>>();
  const exclusive = <T>(fn: () => Promise<T>) => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
  const send = async (...messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
    let offset = 0;
    for (const message of messages) {
      buffer.set(message, offset);
      offset += message.length;
    }
    return (await client.execProtocol(buffer, { syncToFs: false })).messages;
  };
  return function statement<Row extends Record<string, unknown>>(name: string, text: string): Statement<Row> {
    return {
      async run(params) {
        if (!client.ready) await client.waitReady;
        return exclusive(async () => {
          let preparing = prepared.get(name);
          if (!preparing) {
            preparing = send(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()).then((messages) => ({
              parameterTypes: pgliteParse.parseDescribeStatementResults(messages),
              rowDescription: messages.find((message) => message.name === 'rowDescription'),
            }));
            prepared.set(name, preparing);
            preparing.catch(() => prepared.delete(name));
          }
          const { parameterTypes, rowDescription } = await preparing;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serializer = client.serializers[parameterTypes[i]!];
            return serializer ? serializer(value) : String(value);
          });
          // The columns were described when the statement was prepared: each run is only Bind,
          // Execute and Sync, and its rows are read with that description.
          const messages = await send(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync());
          return (pgliteParse.parseResults(rowDescription ? [rowDescription, ...messages] : messages, client.parsers)[0]?.rows ?? []) as Row[];
        });
      },
    };
  };
}
