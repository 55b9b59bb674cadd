// The event fan-out of one API process. Each process reads the queue's event stream once (BullMQ
// QueueEvents: `progress` from `job.updateProgress`, `completed`, `failed`...) and one Redis channel
// on which API processes announce Solves they changed themselves (cancelSolve), and hands both to
// its own subscribers, keyed by job id and by Solve id. It also publishes cancel requests to the
// worker processes. Events are hints: subscribers re-read Postgres, the source of truth.
import { Redis } from "ioredis";
import type { QueueEvents } from "bullmq";
import type { Logger } from "pino";
import { cancelChannel, solveChangedChannel } from "../queue/contracts.ts";
import type { CancelMessage, SolveChangedMessage, SolveJobProgress } from "../queue/contracts.ts";
import { consumerRedisOptions, producerRedisOptions } from "../queue/redis-options.ts";
import { createSolveQueueEvents, withTimeout } from "../queue/solve-queue.ts";
import type { QueueSettings } from "../queue/solve-queue.ts";

export interface SolveSignalListener {
  /** Live progress of the job the Solve follows. */
  progress(progress: SolveJobProgress): void;
  /** Something about the Solve or its job changed: re-read it. */
  changed(): void;
}

function redisClient(options: ReturnType<typeof consumerRedisOptions>): Redis {
  const { url, ...rest } = options;
  return new Redis(url as string, rest);
}

export class SolveEvents {
  private readonly queueEvents: QueueEvents;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private readonly byJob = new Map<string, Set<SolveSignalListener>>();
  private readonly bySolve = new Map<number, Set<SolveSignalListener>>();

  constructor(
    private readonly settings: QueueSettings,
    private readonly log: Logger,
  ) {
    this.queueEvents = createSolveQueueEvents(settings);
    this.queueEvents.on("error", (error) => log.debug({ err: error }, "queue events connection error"));
    this.queueEvents.on("progress", ({ jobId, data }) => {
      if (typeof data === "object" && data !== null) this.toJob(jobId, (l) => l.progress(data as unknown as SolveJobProgress));
    });
    for (const event of ["completed", "failed", "stalled", "removed"] as const) {
      this.queueEvents.on(event, ({ jobId }: { jobId: string }) => this.toJob(jobId, (l) => l.changed()));
    }
    this.subscriber = redisClient(consumerRedisOptions(settings.redisUrl));
    this.subscriber.on("error", (error: Error) => log.debug({ err: error }, "solve events subscriber error"));
    const changedChannel = solveChangedChannel(settings.prefix);
    this.subscriber.on("message", (channel: string, text: string) => {
      if (channel !== changedChannel) return;
      const { solveId } = JSON.parse(text) as SolveChangedMessage;
      for (const listener of this.bySolve.get(solveId) ?? []) listener.changed();
    });
    this.subscriber.subscribe(changedChannel).catch((error: unknown) => log.warn({ err: error }, "solve events subscription failed"));
    this.publisher = redisClient(producerRedisOptions(settings.redisUrl));
    this.publisher.on("error", (error: Error) => log.debug({ err: error }, "solve events publisher error"));
  }

  /** Resolves once the event stream is read (tests wait for it before starting a job). */
  async ready(): Promise<void> {
    await this.queueEvents.waitUntilReady();
  }

  /** Listens for signals about one Solve (and the job it follows); returns the unsubscribe. */
  watch(solveId: number, jobId: string | null, listener: SolveSignalListener): () => void {
    add(this.bySolve, solveId, listener);
    if (jobId) add(this.byJob, jobId, listener);
    return () => {
      remove(this.bySolve, solveId, listener);
      if (jobId) remove(this.byJob, jobId, listener);
    };
  }

  /** Asks every worker process to stop the job's search. Best effort: workers also poll Postgres. */
  async cancelJob(jobId: string): Promise<void> {
    const message: CancelMessage = { jobId };
    await this.publish(cancelChannel(this.settings.prefix), message);
  }

  /** Tells every API process that a Solve changed outside a job. Best effort: subscribers also poll. */
  async solveChanged(solveId: number): Promise<void> {
    const message: SolveChangedMessage = { solveId };
    await this.publish(solveChangedChannel(this.settings.prefix), message);
  }

  get subscriberCount(): number {
    let count = 0;
    for (const listeners of this.bySolve.values()) count += listeners.size;
    return count;
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
    await this.queueEvents.close();
  }

  private async publish(channel: string, message: object): Promise<void> {
    try {
      await withTimeout(this.publisher.publish(channel, JSON.stringify(message)), 1000, "publishing");
    } catch (error) {
      this.log.warn({ err: error, channel }, "publish failed");
    }
  }

  private toJob(jobId: string, send: (listener: SolveSignalListener) => void): void {
    for (const listener of this.byJob.get(jobId) ?? []) send(listener);
  }
}

function add<K>(map: Map<K, Set<SolveSignalListener>>, key: K, listener: SolveSignalListener): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
}

function remove<K>(map: Map<K, Set<SolveSignalListener>>, key: K, listener: SolveSignalListener): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(listener);
  if (set.size === 0) map.delete(key);
}
