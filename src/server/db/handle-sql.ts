// Raw SQL run through a drizzle handle, a transaction's above all: what the job queue (pg-boss)
// is handed to write a job in the app's own transaction (docs/decisions/0023, "Jobs written in
// the step's transaction"). pg-boss's tables are in the app's database on both engines, so a job
// written this way exists exactly when the transaction commits.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlResult } from './database';

/** What pg-boss calls to run a statement (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

/**
 * Runs `text`, whose parameters are written $1, $2…, on `handle`: each placeholder becomes a
 * bound parameter of drizzle's (a placeholder used twice is bound twice, with the same value), so
 * the statement runs on the handle's connection, inside its transaction, on PGlite or a server.
 */
export function executorOn(handle: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        const value = values[Number(match[1]) - 1];
        chunks.push(sql`${value === undefined ? null : value}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await handle.execute(sql.join(chunks))) as unknown as { rows?: Record<string, unknown>[] };
      return { rows: result.rows ?? [] };
    },
  };
}
