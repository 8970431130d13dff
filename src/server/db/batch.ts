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
  let queue: Waiting<In, Out>[] = [];
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
      const batch = queue.length <= maxSize ? queue : queue.slice(0, maxSize);
      queue = queue.length <= maxSize ? [] : queue.slice(maxSize);
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
 * Batches in flight per kind on each engine. PGlite runs one statement at a time, so a second
 * batch would only wait for its lock; on a server, see docs/decisions/0007 (third round).
 */
export function batchesInFlight(database: Database): number {
  return database.kind === 'pglite' ? 1 : 1;
}

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

/**
 * A statement run for many readers at once: `select` is a read of one record whose inputs are
 * the columns of `reader` (declared by `columns`, e.g. `id int, hashes text[]`), and any
 * parameters from $2 on are the same for every reader. The readers travel as one JSON array
 * with their position `n`; each answer is the first row of its own reader's select, sent as
 * one JSON value (see firstJsonRow), or undefined when there is none.
 */
export function batchedJsonRowsSql(columns: string, select: string): string {
  return `SELECT reader.n, row_to_json(r) AS r FROM json_to_recordset($1::text::json) AS reader(n int, ${columns})
CROSS JOIN LATERAL (${select} LIMIT 1) r`;
}

export async function runBatchedJsonRows<Row>(database: Database, name: string, text: string, readers: readonly Record<string, unknown>[], shared: unknown[]): Promise<(Row | undefined)[]> {
  const rows = await database
    .statement<{ n: number; r: Row }>(name, text)
    .run([JSON.stringify(readers.map((reader, n) => ({ ...reader, n }))), ...shared]);
  const answers: (Row | undefined)[] = new Array(readers.length).fill(undefined);
  for (const row of rows) {
    if (!Number.isInteger(row.n) || row.n < 0 || row.n >= readers.length || answers[row.n] !== undefined) throw new Error(`A batched read answered position ${row.n} wrongly.`);
    answers[row.n] = row.r;
  }
  return answers;
}

/**
 * One read of a record per caller, batched: `text` is batchedJsonRowsSql's, `name` names both
 * the statement (prepared once) and this database's queue for it.
 */
export function batchedJsonRow<Reader extends Record<string, unknown>, Row>(database: Database, name: string, text: string, shared: unknown[]): Batched<Reader, Row | undefined> {
  return batcherOf<Reader, Row | undefined>(database, name, () => ({
    maxInFlight: batchesInFlight(database),
    run: (readers) => runBatchedJsonRows<Row>(database, name, text, readers, shared),
  }));
}
