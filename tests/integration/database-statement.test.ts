// Issue 9: Database.statement, the prepared statements the hot reads use. On PGlite a run is
// Bind, Execute and Sync only, its rows read with the columns described when it was prepared;
// both engines must give the same rows, typed as the driver types them, run after run.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serverDatabaseAvailable, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ engine: 'auto' });
});
afterAll(async () => {
  await t.close();
});

describe(`Database.statement (${serverDatabaseAvailable() ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('answers typed rows, the same on every run, and none when nothing matches', async () => {
    const statement = t.database.statement<{ n: number; label: string | null; at: Date; doc: { a: number[] }; yes: boolean }>(
      'test_typed_rows',
      `SELECT g AS n, CASE WHEN g = 2 THEN NULL ELSE $2::text || g END AS label, $3::timestamptz AS at,
         json_build_object('a', json_build_array(g, g * 10)) AS doc, g % 2 = 1 AS yes
       FROM generate_series(1, $1::int) g ORDER BY g`,
    );
    const at = new Date('2026-03-29T00:59:59.123Z');
    for (let run = 0; run < 3; run++) {
      expect(await statement.run([3, 'row ', at.toISOString()])).toEqual([
        { n: 1, label: 'row 1', at, doc: { a: [1, 10] }, yes: true },
        { n: 2, label: null, at, doc: { a: [2, 20] }, yes: false },
        { n: 3, label: 'row 3', at, doc: { a: [3, 30] }, yes: true },
      ]);
      expect(await statement.run([0, 'row ', at.toISOString()])).toEqual([]);
      expect(await statement.run([1, null, at.toISOString()])).toEqual([{ n: 1, label: null, at, doc: { a: [1, 10] }, yes: true }]);
    }
  });

  it('never lands inside another caller’s transaction: it sees committed rows only', async () => {
    const db = t.database.db;
    await db.execute(sql`CREATE TABLE statement_probe (id int)`);
    const count = t.database.statement<{ count: number }>('test_probe_count', 'SELECT count(*)::int AS count FROM statement_probe');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO statement_probe VALUES (1)`);
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await insertedRow;
    const during = count.run([]);
    release();
    expect(await transaction).toBe('rolled back on purpose');
    expect(await during).toEqual([{ count: 0 }]);
    expect(await count.run([])).toEqual([{ count: 0 }]);
  });
});
