// Run the app's queued jobs now, deterministically, instead of waiting for a polling worker
// (test apps start with workers off). Jobs that the drained jobs enqueue run too.
import type { FastifyInstance } from 'fastify';
import type { DrainResult } from '../../src/server/jobs/registry';

/** Runs every due job and returns how many of each completed; throws if any failed. */
export async function drainJobs(app: FastifyInstance): Promise<DrainResult['completed']> {
  const result = await app.deps.jobs.drain();
  if (result.failed.length > 0) {
    throw new AggregateError(
      result.failed.map((f) => f.error),
      `Queued jobs failed: ${result.failed.map((f) => `${f.name} (${f.error instanceof Error ? f.error.message : String(f.error)})`).join(', ')}`,
    );
  }
  return result.completed;
}
