// Deterministic races on the PostgreSQL server: another transaction holds some rows while an
// operation runs, and goes on once the operation is seen waiting for a lock. What a test then
// checks is what the operation did with rows that were locked, or written, under its feet.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';

/** Resolves once some statement on this database waits for a lock (or, given `finished`, once it answers true). */
async function untilBlockedOnALock(db: Db, finished?: () => boolean): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    if (finished?.()) return;
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the operation never waited for a lock');
}

/**
 * Runs `operation` while another transaction, having run `hold`, waits; once the operation waits
 * for a lock, that transaction runs `then` and commits. Both must finish (a deadlock aborts one of
 * them: the test then fails). Answers the operation's result.
 *
 * With `orFinished`, an operation that finishes without ever waiting (it took no lock the other
 * transaction holds) is let finish, and the other transaction then goes on: for a race whose lock
 * is the thing under test, the test's own checks then say what the operation did without it,
 * rather than the harness failing with "never waited".
 */
export async function whileAnotherTransactionHolds<T>(
  db: Db,
  hold: (tx: Db) => Promise<unknown>,
  operation: () => Promise<T>,
  then: (tx: Db) => Promise<unknown> = async () => {},
  options: { orFinished?: boolean } = {},
): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    // A guard against a hang: PostgreSQL's deadlock check (1 s) fires long before this.
    await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
    await hold(tx);
    holding();
    await released;
    await then(tx);
  });
  await held;
  const running = operation();
  let finished = false;
  void running.then(
    () => (finished = true),
    () => (finished = true),
  );
  await untilBlockedOnALock(db, options.orFinished ? () => finished : undefined);
  release();
  const [, result] = await Promise.all([holder, running]);
  return result;
}
