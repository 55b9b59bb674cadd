// The solve queue's producer side (API, reconciler).
import { Queue } from "bullmq";
import type { JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import { SEARCH_JOB, SOLVE_QUEUE, isValidJobId, splitKeys } from "./contracts.ts";
import type { SolveJobData, SolveJobResult } from "./contracts.ts";
import { producerRedisOptions } from "../redis/connection.ts";
import { withTimeout } from "../with-timeout.ts";

export interface QueueSettings {
  readonly redisUrl: string;
  /** BullMQ key prefix; tests use one of their own so parallel runs never share a queue. */
  readonly prefix: string;
}

export type SolveQueue = Queue<SolveJobData, SolveJobResult, typeof SEARCH_JOB>;

/**
 * Finished jobs leave Redis at once (the result is in Postgres). A few failed ones stay a day for
 * inspection. Three attempts cover a transient Postgres or Redis failure while writing the result;
 * a search that fails three times marks its Solves FAILED.
 */
const SEARCH_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600, count: 100 },
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
};

export function createSolveQueue(settings: QueueSettings): SolveQueue {
  return new Queue<SolveJobData, SolveJobResult, typeof SEARCH_JOB>(SOLVE_QUEUE, {
    connection: producerRedisOptions(settings.redisUrl),
    prefix: settings.prefix,
  });
}

/**
 * Adds the search job, failing within `timeoutMs` if Redis does not answer. Adding an id that is
 * already stored is a no-op in BullMQ, which is what the reconciler relies on.
 */
export async function addSearchJob(
  queue: SolveQueue,
  jobId: string,
  data: SolveJobData,
  options: { priority?: number; timeoutMs?: number } = {},
): Promise<void> {
  if (!isValidJobId(jobId)) throw new Error(`invalid job id ${jobId}`);
  const adding = queue.add(SEARCH_JOB, data, { ...SEARCH_JOB_OPTIONS, jobId, priority: options.priority });
  await withTimeout(adding, options.timeoutMs ?? 1500, "adding the search job");
}

/** The states of a search job no worker holds: it can be removed. */
const UNHELD = new Set(["waiting", "prioritized", "delayed"]);

/**
 * Removes a search job no worker holds (waiting, prioritized or delayed), and with it the hot state a
 * coordinator left in Redis for its successor (a split search handed back at shutdown, or after a
 * worker died): nobody would read it again, and it stayed a day. Unit jobs of that search still queued
 * find the state gone and are dropped (workers/unit-processor.ts). Returns false when the job was
 * not removed: gone already, or a worker runs it (a locked job cannot be removed; its coordinator
 * clears the state when it stops). Without `redis` the state is left to expire (a day).
 */
export async function removeUnheldSearch(queue: SolveQueue, jobId: string, redis?: Redis): Promise<boolean> {
  const job = await queue.getJob(jobId);
  if (!job || !UNHELD.has(await job.getState())) return false;
  await job.remove();
  const keys = splitKeys(queue.opts.prefix ?? "bull", jobId);
  await redis?.del(keys.state, keys.owner, keys.results, keys.epoch);
  return true;
}
