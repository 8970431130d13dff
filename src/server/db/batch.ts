// Issue 9: reads of one kind that arrive together go to the database as one statement. A
// caller queues its input; when fewer than `maxInFlight` batches of that kind are running, the
// queue is flushed once the event loop has read this round's requests (setImmediate), so a lone
// read waits for nothing; while the slots are taken, callers queue and go together when one
// returns. The division of the answers is by position: answer i is input i's, never anyone else's.
import type { Database } from './database';

export interface BatchOptions<In, Out> {
  /** Runs one batch: the answer at index i is the one for inputs[i], and there is one per input. */
  run(inputs: readonly In[]): Promise<Out[]>;
  /** The most inputs in one statement. */
  maxSize?: number;
  /** The most batches of this kind running at once. */
  maxInFlight?: number;
}

export type Batched<In, Out> = (input: In) => Promise<Out>;

export const DEFAULT_MAX_BATCH = 64;

interface Waiting<In, Out> {
  input: In;
  resolve(answer: Out): void;
  reject(error: unknown): void;
}

export function createBatcher<In, Out>({ run, maxSize = DEFAULT_MAX_BATCH, maxInFlight = 1 }: BatchOptions<In, Out>): Batched<In, Out> {
  if (!(maxSize >= 1 && maxInFlight >= 1)) throw new Error('A batcher needs maxSize and maxInFlight of at least 1.');
  const queue: Waiting<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush() {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.splice(0, maxSize);
      inFlight += 1;
      void execute(batch);
    }
  }

  async function execute(batch: Waiting<In, Out>[]) {
    try {
      const answers = await runChecked(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, i) => waiting.resolve(answers[i]!));
    } catch (error) {
      // One caller's input must not decide another's answer: a failed batch of several is run
      // again one caller at a time, so each gets its own answer or its own error.
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((waiting) => runChecked([waiting.input]).then(([answer]) => waiting.resolve(answer!), waiting.reject)));
    } finally {
      inFlight -= 1;
      schedule();
    }
  }

  async function runChecked(inputs: In[]): Promise<Out[]> {
    const answers = await run(inputs);
    if (answers.length !== inputs.length) throw new Error(`A batch of ${inputs.length} was answered with ${answers.length}.`);
    return answers;
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * Batches of one kind in flight at once. PGlite runs one statement at a time, so a second batch
 * would only wait for its lock; on a server, 1, 2 and the pool's 10 measured the same within
 * the bench's noise (docs/notes/0007-api-history.md, third round), and one leaves the pool's
 * other connections to every other route while making the batches as large as they can be.
 */
export const BATCHES_IN_FLIGHT = 1;

const batchers = new WeakMap<Database, Map<string, Batched<never, unknown>>>();

/** This database's batcher called `name`, made on first use: queues are per Database, never shared between apps. */
export function batcherOf<In, Out>(database: Database, name: string, make: (database: Database) => BatchOptions<In, Out>): Batched<In, Out> {
  let byName = batchers.get(database);
  if (!byName) {
    byName = new Map();
    batchers.set(database, byName);
  }
  let batched = byName.get(name) as Batched<In, Out> | undefined;
  if (!batched) {
    batched = createBatcher(make(database));
    byName.set(name, batched as Batched<never, unknown>);
  }
  return batched;
}

/** A batched read: its name (its queue's, and its two statements'), `many` for a batch, `one` for a reader alone. */
export interface BatchedReadSql {
  name: string;
  columns: string[];
  /** The parameters that are the same for every reader: $1…$k of both statements. */
  shared: readonly unknown[];
  one: string;
  many: string;
}

/**
 * A read of one record per reader, for many readers at once: `select` reads one record for the
 * reader whose inputs are the columns of `reader` (`columns`, name to SQL type), and $1…$k are
 * `shared`, parameters that are the same for every reader. In `many` the readers travel as one
 * JSON array with their position `n`; each answer is the first row of its own reader's select,
 * sent as one JSON value: the drivers then parse one column instead of one per field, which was a
 * tenth of a small read's time in pg's and PGlite's row parsing. Values are as JSON gives them
 * (numbers, booleans, strings and nested JSON), so times travel as numbers (epoch milliseconds),
 * never as timestamptz. A reader alone is run by `one`, which takes its columns as parameters:
 * json_to_recordset cost a lone read a third more.
 */
export function batchedReadSql(name: string, columns: Record<string, string>, select: string, shared: readonly unknown[] = []): BatchedReadSql {
  const names = Object.keys(columns);
  const declared = names.map((column) => `${column} ${columns[column]}`).join(', ');
  const alone = names.map((column, i) => `$${shared.length + 1 + i}::${columns[column]} AS ${column}`).join(', ');
  return {
    name,
    columns: names,
    shared,
    one: `SELECT 0 AS n, row_to_json(r) AS r FROM (SELECT ${alone}) reader CROSS JOIN LATERAL (${select} LIMIT 1) r`,
    many: `SELECT reader.n, row_to_json(r) AS r FROM json_to_recordset($${shared.length + 1}::text::json) AS reader(n int, ${declared})
CROSS JOIN LATERAL (${select} LIMIT 1) r`,
  };
}

/**
 * SQL: a timestamptz column as epoch milliseconds, truncated as node-postgres and PGlite truncate
 * microseconds, so a time read as JSON (batchedReadSql, and the reads that build their answer as
 * one JSON value) equals the Date the drivers give for the column. NULL stays NULL.
 */
export function epochMsSql(column: string): string {
  return `floor(extract(epoch FROM ${column}) * 1000)::float8`;
}

/** The Date of an epochMsSql value, or null. */
export function dateOfEpochMs(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

export async function runBatchedRead<Row>(database: Database, sql: BatchedReadSql, readers: readonly Record<string, unknown>[]): Promise<(Row | undefined)[]> {
  const rows =
    readers.length === 1
      ? await database.statement<{ n: number; r: Row }>(`${sql.name}_one`, sql.one).run([...sql.shared, ...sql.columns.map((column) => readers[0]![column])])
      : await database.statement<{ n: number; r: Row }>(sql.name, sql.many).run([...sql.shared, JSON.stringify(readers.map((reader, n) => ({ ...reader, n })))]);
  const answers: (Row | undefined)[] = new Array(readers.length).fill(undefined);
  for (const row of rows) {
    if (!Number.isInteger(row.n) || row.n < 0 || row.n >= readers.length || answers[row.n] !== undefined) throw new Error(`A batched read answered position ${row.n} wrongly.`);
    answers[row.n] = row.r;
  }
  return answers;
}

/** One read of a record per caller, batched on this database's queue for `sql` (its statements each prepared once). */
export function batchedRead<Reader extends Record<string, unknown>, Row>(database: Database, sql: BatchedReadSql): Batched<Reader, Row | undefined> {
  return batcherOf<Reader, Row | undefined>(database, sql.name, () => ({
    maxInFlight: BATCHES_IN_FLIGHT,
    run: (readers) => runBatchedRead<Row>(database, sql, readers),
  }));
}

/** A read declared once (its name, the key callers share it by, and the read itself) for coalescedRead. */
export interface CoalescedReadSpec<In, Out> {
  name: string;
  keyOf(input: In): string;
  read(database: Database, input: In): Promise<Out>;
}

/**
 * A read whose answer is the same for every caller with the same key, such as a page of an
 * admin's list (every admin sees the same page). Callers that queue together with equal keys
 * share one run of `read`; the queue is flushed as batchedRead's is, so every run starts after
 * each of its callers arrived and none is answered from a state older than its own request. The
 * answer is shared: callers must not change it. Under load on PGlite, whose statements run one
 * at a time, ten admins polling the same page wait for one statement instead of ten.
 */
export function coalescedRead<In, Out>(database: Database, spec: CoalescedReadSpec<In, Out>): Batched<In, Out> {
  return batcherOf<In, Out>(database, spec.name, () => ({
    maxInFlight: BATCHES_IN_FLIGHT,
    run: (inputs) => {
      const runs = new Map<string, Promise<Out>>();
      return Promise.all(
        inputs.map((input) => {
          const key = spec.keyOf(input);
          let running = runs.get(key);
          if (!running) {
            running = spec.read(database, input);
            runs.set(key, running);
          }
          return running;
        }),
      );
    },
  }));
}
