// The job registry (docs/decisions/0004-lifecycles.md): each background job is declared once
// with its name, payload schema, handler, schedule and retry policy. Enqueueing is typed by
// the job's name; payloads are checked when sent and when run.
import { executorOn } from '../db/handle-sql';
import type { JobQueue, QueuePolicy } from '../plugins/jobs';
import type { AnyJobDefinition, EnqueueOptions, JobContext, JobDefinition, JobEnqueuer, RetryPolicy } from '../kernel/jobs';

// What a job is (its definition, its handler's context, Enqueue) is declared below the modules,
// in kernel/jobs.ts; this file runs them.
export type { EnqueueOptions, JobContext, JobDefinition, JobEnqueuer, RetryPolicy };

type AnyJob = AnyJobDefinition;
export type NameOf<J extends readonly AnyJob[]> = J[number]['name'];
export type PayloadOf<J extends readonly AnyJob[], N extends NameOf<J>> = Extract<J[number], { name: N }> extends JobDefinition<N, infer P> ? P : never;

export interface DrainResult {
  /** Jobs run to completion, by name. */
  completed: Record<string, number>;
  failed: { name: string; error: unknown }[];
}

export interface Jobs<J extends readonly AnyJob[]> {
  readonly definitions: J;
  enqueue<N extends NameOf<J>>(name: N, payload: PayloadOf<J, N>, options?: EnqueueOptions): Promise<void>;
  /** Runs one job's handler now, through the registry (payload checked as a queued one is). */
  run<N extends NameOf<J>>(name: N, payload: PayloadOf<J, N>): Promise<void>;
  /** Starts a worker and the timetable for every job (when this process runs workers). */
  startWorkers(): Promise<void>;
  /**
   * Runs every queued job that is due, here and now, including jobs those jobs enqueue, and
   * returns when none is left (tests: deterministic, no polling worker). A failed job is
   * reported and left to its retry policy.
   */
  drain(): Promise<DrainResult>;
}

/** Start-up runs of one job share this slot across instances. */
export const ON_START_SLOT_SECONDS = 3600;

function queuePolicy(retry: RetryPolicy): QueuePolicy {
  return { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff };
}

export async function createJobs<const J extends readonly AnyJob[]>(
  queue: JobQueue,
  definitions: J,
  context: Omit<JobContext, 'jobs'>,
  options: { runWorkers: boolean },
): Promise<Jobs<J>> {
  const byName = new Map<string, AnyJob>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Job "${definition.name}" is declared twice`);
    byName.set(definition.name, definition);
  }
  const find = (name: string): AnyJob => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No job is declared as "${name}"`);
    return definition;
  };
  const jobs: Jobs<J> = {
    definitions,
    async enqueue(name, payload, enqueueOptions = {}) {
      const definition = find(name);
      const data = definition.payload.parse(payload) as object;
      await queue.send(name, data, {
        ...(definition.singletonKey ? { singletonKey: definition.singletonKey(data) } : {}),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.within ? { db: executorOn(enqueueOptions.within) } : {}),
      });
    },
    async run(name, payload) {
      const definition = find(name);
      await definition.handler(definition.payload.parse(payload), handlerContext);
    },
    async startWorkers() {
      if (!options.runWorkers) return;
      for (const definition of definitions) {
        await queue.work<object>(definition.name, (data) => attempt(definition.name, data), definition.work);
        if (definition.schedule) await queue.schedule(definition.name, definition.schedule);
        if (definition.runOnStart) {
          // pg-boss keeps one job per name, key and time slot (its unique index on singleton_on):
          // the second instance's send in the same hour is dropped.
          await queue.send(definition.name, definition.payload.parse({}) as object, { singletonKey: 'on-start', singletonSeconds: ON_START_SLOT_SECONDS });
        }
      }
    },
    async drain() {
      const result: DrainResult = { completed: {}, failed: [] };
      for (let pass = 0; pass < 50; pass++) {
        // pg-boss fetches a job once its start_after < now(), and PGlite's now() moves in whole
        // milliseconds: a job enqueued just before (by the caller, or by the last pass's jobs)
        // may not be due yet in the same millisecond. Each pass starts on a later one.
        await new Promise((resolve) => setTimeout(resolve, 2));
        let ran = 0;
        for (const definition of definitions) {
          const { completed, failed } = await queue.runQueued<object>(definition.name, (data) => attempt(definition.name, data));
          if (completed > 0) result.completed[definition.name] = (result.completed[definition.name] ?? 0) + completed;
          for (const { error } of failed) result.failed.push({ name: definition.name, error });
          ran += completed + failed.length;
        }
        if (ran === 0) return result;
      }
      throw new Error('The job queue did not empty after 50 passes: a job keeps enqueueing more');
    },
  };
  /**
   * One attempt of a queued job. A failure is logged (the job's name and the error, redacted as
   * every logged error is) before pg-boss records it for its retry: otherwise it shows only in
   * pg-boss's tables and the admin's health panel, and the operator has no line to start from.
   */
  const attempt = async (name: string, data: object): Promise<void> => {
    try {
      await jobs.run(name as never, data as never);
    } catch (error) {
      context.log.error({ job: name, err: error }, 'a background job failed: the queue tries it again on its retry policy');
      throw error;
    }
  };
  const handlerContext: JobContext = { ...context, jobs: jobs as JobEnqueuer };
  await declareQueues(queue, definitions);
  return jobs;
}

/** Declares each job's queue with its retry policy: every app when it starts, and the tests' migrated image, which holds them ready. */
export async function declareQueues(queue: JobQueue, definitions: readonly AnyJob[]): Promise<void> {
  for (const definition of definitions) await queue.declare(definition.name, queuePolicy(definition.retry));
}
