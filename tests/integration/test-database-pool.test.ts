// The integration files reuse their worker's PGlite databases (tests/helpers/database.ts,
// docs/decisions/0006): each must reach the next file exactly as the image has it.
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { openImage, takeImageDatabase } from '../helpers/database';
import type { Database } from '../../src/server/db/database';
import { createTestApp } from '../helpers/app';

const imagePath = () => inject('pgliteImagePath');

/** Everything a test could see of the image's data: seeded rows, row counts and sequences. */
async function contents(database: Database) {
  const { rows: tables } = await database.executeSql(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables WHERE schemaname IN ('public', 'pgboss', 'drizzle') ORDER BY 1`,
    [],
  );
  const result: Record<string, unknown> = {};
  for (const { name } of tables) {
    const { rows } = await database.executeSql(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${String(name)} t`, []);
    result[String(name)] = rows[0];
  }
  const { rows: sequences } = await database.executeSql(`SELECT sequencename, last_value FROM pg_sequences ORDER BY 1`, []);
  result.sequences = sequences;
  const { rows: relations } = await database.executeSql(`SELECT count(*)::int AS n FROM pg_class WHERE oid >= 16384`, []);
  result.relations = relations[0];
  return result;
}

describe('a reused test database', () => {
  it('comes back as the image has it after a file wrote rows, changed the seeded ones, made job queues and held session state', async () => {
    const fresh = await openImage(imagePath());
    const image = await contents(fresh);
    await fresh.close();

    const t = await createTestApp();
    const first = t.database.pglite;
    await t.database.executeSql(`INSERT INTO users (email, name, password_hash, role) VALUES ('a@example.com', 'A', 'x', 'admin')`, []);
    await t.database.executeSql(`DELETE FROM outcodes WHERE outcode LIKE 'SW%'`, []);
    await t.database.executeSql(`UPDATE price_list_entries SET labor_pence = labor_pence + 1`, []);
    await t.database.executeSql(`SET TIME ZONE 'America/New_York'`);
    await t.database.executeSql(`CREATE TEMP TABLE scratch (id int)`);
    await t.database.executeSql(`SELECT pg_advisory_lock(42)`, []);
    const jobs = await import('../../src/server/plugins/jobs');
    const queue = await jobs.startJobQueue(t.database, { error() {} } as never, { runWorkers: false });
    await queue.send('pool-test-queue', { n: 1 });
    await queue.stop();
    expect(await contents(t.database)).not.toEqual(image);
    await t.close();

    const next = await takeImageDatabase(imagePath());
    expect(next.pglite).toBe(first); // the same PGlite, lent again
    expect(await contents(next)).toEqual(image);
    const { rows } = await next.executeSql(`SELECT current_setting('TimeZone') AS zone, (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS locks`, []);
    expect(rows[0]).toEqual({ zone: 'UTC', locks: 0 });
    const [user] = (await next.executeSql(`INSERT INTO users (email, name, password_hash, role) VALUES ('b@example.com', 'B', 'x', 'admin') RETURNING id`, [])).rows;
    expect(user!.id).toBe(1); // identities start again
    await next.close();
  });

  it('is not lent again once a test changed its schema', async () => {
    const changed = await takeImageDatabase(imagePath());
    const pglite = changed.pglite!;
    await changed.executeSql(`ALTER TABLE users ADD COLUMN nickname text`);
    await changed.close();
    expect(pglite.closed).toBe(true);

    const next = await takeImageDatabase(imagePath());
    expect(next.pglite).not.toBe(pglite);
    const { rows } = await next.executeSql(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`, []);
    expect(rows[0]!.n).toBe(0);
    await next.close();
  });

  it('gives each file its own Database object, so caches kept per Database never pass between files', async () => {
    const a = await takeImageDatabase(imagePath());
    await a.close();
    const b = await takeImageDatabase(imagePath());
    expect(b.pglite).toBe(a.pglite);
    expect(b).not.toBe(a);
    await b.close();
  });
});
