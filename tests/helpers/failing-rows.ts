// A record that a sweep trips on, made on purpose: a trigger that refuses writes to the rows a
// condition picks out, on PGlite and the PostgreSQL server alike. What a test then checks is what
// the sweep did with every other row, and that the row goes through once the trigger is dropped.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';

export interface FailingWrites {
  /** Drops the trigger: the rows can be written again. */
  stop(): Promise<void>;
}

/**
 * Refuses `operation` on `table` for the rows `when` picks (a trigger's WHEN: `OLD.id = 7` for an
 * update, `NEW.subject LIKE '%R-123%'` for an insert), with an error as a bad record would raise.
 */
export async function refuseWrites(db: Db, table: string, operation: 'INSERT' | 'UPDATE' | 'DELETE', when: string): Promise<FailingWrites> {
  const name = `test_refuse_${randomBytes(5).toString('hex')}`;
  await db.execute(sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'a record this test refuses (%)', TG_TABLE_NAME; END $$`));
  await db.execute(sql.raw(`CREATE TRIGGER ${name} BEFORE ${operation} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`));
  return {
    async stop() {
      await db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`));
      await db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${name}()`));
    },
  };
}
