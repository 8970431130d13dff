// A sweep (retention, reminders, expiries, lapses, the photo sweeper) works through its rows one at
// a time. One row that throws must not hold up the rows after it, run after run: it is logged and
// the others go on; afterwards the run fails, so pg-boss retries it on the job's policy, the
// registry logs it and the health panel counts it (docs/operations.md, "A row that fails").
import { serializeError } from '../plugins/log-redaction';

export interface RowLog {
  warn(details: object, message: string): void;
}

/**
 * The first failure's own reason (a failed query's is its cause, the database's sentence, not the
 * SQL), scrubbed as the log scrubs it: pg-boss keeps this message in its table.
 */
function reasonOf(error: unknown): string {
  let serialized = serializeError(error);
  while (serialized?.cause) serialized = serialized.cause;
  return serialized?.message ?? String(error);
}

/** A sweep that did what it could and found rows it could not do. */
export class RowsFailedError extends Error {
  constructor(
    readonly what: string,
    readonly failed: number,
    readonly attempted: number,
    first: unknown,
  ) {
    super(`${what}: ${failed} of the ${attempted} looked at failed, and the others went on; the first: ${reasonOf(first)}`, { cause: first });
    this.name = 'RowsFailedError';
  }
}

/**
 * Collects a sweep's failed rows. `attempt` runs one row's work: a throw is logged at warn with
 * `row` (ids only, never a personal detail: the error itself is scrubbed by the log's serializer)
 * and remembered, and the caller goes on to the next row. `throwIfAny` then fails the run. A job
 * passes its log as `log.child({ job: name })`, so the rows' lines carry the job's name as the
 * registry's line for the failed run does.
 */
export class RowFailures {
  private readonly errors: unknown[] = [];
  private attempted = 0;

  private readonly what: string;
  private readonly log: RowLog | undefined;

  constructor(options: {
    /** What the rows are, for the log and the error ("appointment reminders"). */
    what: string;
    /** Without one (a sweep run on a read), the failures are only thrown. */
    log?: RowLog | undefined;
  }) {
    this.what = options.what;
    this.log = options.log;
  }

  /** Runs one row; answers its result, or `undefined` when it threw (logged and remembered). */
  async attempt<T>(row: Record<string, string | number>, work: () => Promise<T>): Promise<T | undefined> {
    this.attempted++;
    try {
      return await work();
    } catch (error) {
      this.errors.push(error);
      this.log?.warn({ ...row, err: error }, `one of the ${this.what} failed: the others go on, and it is tried again on the job's retry or its next run`);
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.errors.length > 0) throw new RowsFailedError(this.what, this.errors.length, this.attempted, this.errors[0]);
  }
}
