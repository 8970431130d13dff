// Issue 9: a customer's answer kept, ready to send, for as long as the database vouches for it.
//
// A customer's quote page asks for the same answer again and again (GET /api/assessments/{id},
// GET /api/quotes/{id}) while nothing it shows changes, and building it (the record with its
// photos, quote, items and guide, made into JSON by PostgreSQL, parsed, turned into the view and
// serialised) was most of the read. The database can say whether anything it is built from
// changed since: every row version carries `xmin`, the id of the transaction that wrote it, and
// only committed versions are ever read, so a row's xmin changes whenever it is updated and a
// set of rows' ids and xmins whenever one is inserted, updated or deleted. A record's *stamp* is
// all of those for the rows its answer is built from (stampSql below).
//
// A read therefore asks for the stamp first: one small statement, batched like the full read,
// with the grant checked inside it as before. Access is decided from it as before
// (customerRecordAccess), and only then is a kept answer looked up, under the kind of read, the
// reader's access, London's date (the one input that is not in the database: it decides whether
// a quote has expired) and the stamp. Missing, the answer is built exactly as before and kept
// under the stamp its own statement read, so an answer is never kept under a state older than
// the one it shows.
//
// Nothing here is state another instance needs: each keeps its own answers and checks every one
// against the database on every request, so a write through any instance, a job or psql is seen
// by the next read. Answers are kept KEEP_MS at most and MAX_KEPT at most, the least recently
// used going first; the time limit also rules out the only way a stamp could come back (xmin
// wraps after 2^32 transactions).
import type { Database } from './database';

export const KEEP_MS = 60_000;
export const MAX_KEPT = 2_000;

export interface KeptAnswers {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  clear(): void;
  readonly size: number;
}

export function createKeptAnswers({ keepMs = KEEP_MS, max = MAX_KEPT, now = Date.now }: { keepMs?: number; max?: number; now?: () => number } = {}): KeptAnswers {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, { body: string; until: number }>();
  return {
    get(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      kept.delete(key);
      if (entry.until <= now()) return undefined;
      kept.set(key, entry);
      return entry.body;
    },
    set(key, body) {
      kept.delete(key);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(key, { body, until: now() + keepMs });
    },
    clear() {
      kept.clear();
    },
    get size() {
      return kept.size;
    },
  };
}

const answersByDatabase = new WeakMap<Database, KeptAnswers>();

/** This database's kept answers: per Database, as the batchers' queues, never shared between apps. */
export function keptAnswersOf(database: Database): KeptAnswers {
  let answers = answersByDatabase.get(database);
  if (!answers) {
    answers = createKeptAnswers();
    answersByDatabase.set(database, answers);
  }
  return answers;
}

/** What a stamp read tells: who may read the record, and its stamp. */
export interface Stamped {
  access: string;
  stamp: string;
}

/**
 * The answer of a `kind` of read for a reader whose access and the record's stamp are `found`:
 * kept, or built by `build` (the read as it was, deciding access again from its own statement)
 * and kept under what that read found; null when `build` finds nothing this reader may see.
 * `londonDate` is today's in London.
 */
export async function keptOrBuilt<View>(
  database: Database,
  kind: string,
  londonDate: string,
  found: Stamped,
  build: () => Promise<({ view: View } & Stamped) | null>,
  serialize: (view: View) => string,
): Promise<string | null> {
  const answers = keptAnswersOf(database);
  const key = (stamped: Stamped) => `${kind}|${stamped.access}|${londonDate}|${stamped.stamp}`;
  const kept = answers.get(key(found));
  if (kept !== undefined) return kept;
  const built = await build();
  if (!built) return null;
  const body = serialize(built.view);
  answers.set(key(built), body);
  return body;
}

/** SQL: one stamp of `parts` (SQL values), '|' between them; a NULL part (an absent outer-joined row) is empty and keeps its place. */
export function stampSql(...parts: string[]): string {
  return `concat_ws('|', ${parts.map((part) => `coalesce((${part})::text, '')`).join(', ')})`;
}

/** SQL: the stamp part of the rows of `table` aliased `alias` that match `where`: each one's `key` and xmin, in key order. */
export function rowsStampSql(table: string, alias: string, key: string, where: string): string {
  return `(SELECT string_agg(${alias}.${key} || '.' || ${alias}.xmin, ',' ORDER BY ${alias}.${key}) FROM ${table} ${alias} WHERE ${where})`;
}
