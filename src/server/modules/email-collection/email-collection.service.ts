// E-mail collection as a long background run (D18; src/server/modules/job-runs). Starting one
// counts who it will try and enqueues the first chunk; each chunk works on up to chunkSize
// repairers, several hosts at once, records each result as it goes (so a restart loses only the
// repairers in hand), and enqueues the next chunk until the run has tried everyone it counted,
// finds nobody left, or the admin asks it to stop.
import type { FastifyBaseLogger } from 'fastify';
import type { CollectEmailsBody, CollectionResult } from '../../../shared/api/email-collection';
import { collectEmailsMessages, COLLECTION_BATCH } from '../../../shared/api/email-collection';
import type { CollectorConfig, LlmConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Enqueue } from '../../kernel/jobs';
import { continueOrEnd, failRun, findRun, latestRun, recordProgress, startRun } from '../job-runs';
import { collectFromSite } from './collector';
import { collectionStatus, countEligible, nextTargets, type CollectionTarget } from '../repairers';
import { recordOutcome } from './email-collection.repo';
import type { PageFetcher } from '../../kernel/ports';

import { COLLECT_EMAILS_JOB } from '../../kernel/jobs';
export { COLLECT_EMAILS_JOB };

export interface CollectionDeps {
  db: Db;
  jobs: Enqueue;
  fetcher: PageFetcher;
  collector: CollectorConfig;
  llm: LlmConfig | undefined;
  log: FastifyBaseLogger;
}

interface RunDetail {
  limit: number | null;
  force: boolean;
  collectAll: boolean;
}

/**
 * A running run reports progress at least once per repairer (a chunk gives up new ones after a
 * minute, and a page after 10 seconds): one silent for this long lost its worker, for example
 * between ending a chunk and queueing the next, and would otherwise block every new run.
 */
export const STALE_RUN_MS = 10 * 60_000;
export const staleRunError = 'The run stopped reporting progress (its worker was lost). Start a new one.';

/** Starts a run in the background (409 when one is running); answers SPEC's collection result at once. */
export async function startCollection(deps: Pick<CollectionDeps, 'db' | 'jobs'>, body: CollectEmailsBody): Promise<CollectionResult> {
  const current = await latestRun(deps.db, 'email_collection');
  if (current?.status === 'running' && Date.now() - current.updatedAt.getTime() > STALE_RUN_MS) await failRun(deps.db, current.id, staleRunError).catch(() => undefined);
  const force = body.force ?? false;
  const collectAll = body.collectAll ?? false;
  const limit = collectAll ? null : (body.limit ?? COLLECTION_BATCH.default);
  const waiting = await countEligible(deps.db, force);
  const { withEmails } = await collectionStatus(deps.db);
  const answer = { collected: 0, processed: 0, totalEmails: withEmails, stats: { successRate: 0 } };
  if (waiting === 0) return { success: false, error: collectEmailsMessages.nothingToCollect, ...answer, runId: null, queued: 0 };
  const total = limit === null ? waiting : Math.min(limit, waiting);
  const detail: RunDetail = { limit, force, collectAll };
  const run = await startRun(deps.db, 'email_collection', { total, detail: { ...detail } });
  await deps.jobs.enqueue(COLLECT_EMAILS_JOB, { runId: run.id });
  return { success: true, error: null, ...answer, runId: run.id, queued: total };
}

/** Runs `work` over the items, `concurrency` at a time. */
async function eachAtOnce<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function hostOf(website: string): string {
  try {
    return new URL(website).host.toLowerCase();
  } catch {
    return website;
  }
}

/** One chunk of a run (the job's handler). */
export async function collectChunk(deps: CollectionDeps, runId: number): Promise<void> {
  const run = await findRun(deps.db, runId);
  if (!run || run.status !== 'running') return;
  const detail = run.detail as unknown as RunDetail;
  const runKey = `run-${run.id}`;
  try {
    const remaining = run.total - run.processed;
    const limit = Math.min(remaining, deps.collector.chunkSize);
    const targets = limit > 0 ? await nextTargets(deps.db, { force: detail.force, since: run.startedAt, limit }) : [];
    const deadline = Date.now() + deps.collector.chunkMs;
    let stopAsked = run.stopRequestedAt !== null;
    let stopCheckedAt = Date.now();
    const shouldStop = async () => {
      if (!stopAsked && Date.now() - stopCheckedAt >= 1000) {
        stopCheckedAt = Date.now();
        stopAsked = (await findRun(deps.db, runId))?.stopRequestedAt != null;
      }
      return stopAsked || Date.now() > deadline;
    };
    // Politeness is per host: one queue per host, several hosts at once.
    const byHost = new Map<string, CollectionTarget[]>();
    for (const target of targets) byHost.set(hostOf(target.website), [...(byHost.get(hostOf(target.website)) ?? []), target]);
    let tried = 0;
    await eachAtOnce([...byHost.values()], deps.collector.hostsAtOnce, async (queue) => {
      for (const target of queue) {
        if (await shouldStop()) return;
        const outcome = await collectFromSite(deps.fetcher, { name: target.businessName, website: target.website }, { runKey, llm: deps.llm });
        await recordOutcome(deps.db, target, outcome, detail.force);
        await recordProgress(deps.db, runId, { processed: 1, ...(outcome.success ? { succeeded: 1 } : { failed: 1 }) });
        tried++;
      }
    });
    const after = await findRun(deps.db, runId);
    const nothingLeft = !after || after.processed >= after.total || targets.length === 0 || (tried === targets.length && targets.length < limit);
    if (await continueOrEnd(deps.db, runId, nothingLeft)) await deps.jobs.enqueue(COLLECT_EMAILS_JOB, { runId });
    else deps.fetcher.forgetRun(runKey);
  } catch (error) {
    deps.log.error({ err: error, runId }, 'e-mail collection chunk failed');
    deps.fetcher.forgetRun(runKey);
    await failRun(deps.db, runId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
  }
}
