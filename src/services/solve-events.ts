// The solve-event fan-out of one API process. Each process reads the queue's event stream once
// (BullMQ QueueEvents: `progress` from `job.updateProgress`, `completed`, `failed`...) and the event
// bus topic on which API processes announce Solves they changed themselves (cancelSolve), and hands
// both to its own subscribers, keyed by job id and by Solve id. It also publishes cancel requests to
// the worker processes. Events are hints: subscribers re-read Postgres, the source of truth.
// Nothing is opened until the first subscriber arrives (worker processes never need it).
import type { QueueEvents } from "bullmq";
import type { Logger } from "../logger.ts";
import { SOLVE_CANCEL_TOPIC, SOLVE_CHANGED_TOPIC } from "../queue/contracts.ts";
import type { CancelMessage, SolveChangedMessage, SolveJobProgress } from "../queue/contracts.ts";
import { createSolveQueueEvents } from "../queue/solve-queue.ts";
import type { QueueSettings } from "../queue/solve-queue.ts";
import type { EventBus } from "./events.ts";

export interface SolveSignalListener {
  /** Live progress of the job the Solve follows. */
  progress(progress: SolveJobProgress): void;
  /** Something about the Solve or its job changed: re-read it. */
  changed(): void;
}

type Listeners<K> = Map<K, Set<SolveSignalListener>>;

export class SolveEvents {
  private queueEvents: QueueEvents | undefined;
  private changes: AsyncIterableIterator<SolveChangedMessage> | undefined;
  private readonly byJob: Listeners<string> = new Map();
  private readonly bySolve: Listeners<number> = new Map();

  constructor(
    private readonly settings: QueueSettings,
    private readonly bus: EventBus,
    private readonly log: Logger,
  ) {}

  /** Opens the event stream and the changed topic (once); resolves when the stream is being read. */
  async start(): Promise<void> {
    if (!this.queueEvents) {
      const queueEvents = createSolveQueueEvents(this.settings);
      this.queueEvents = queueEvents;
      queueEvents.on("error", (error) => this.log.debug({ err: error }, "queue events: Redis error"));
      queueEvents.on("progress", ({ jobId, data }) => {
        if (typeof data === "object" && data !== null) {
          const progress = data as unknown as SolveJobProgress;
          notify(this.byJob, jobId, (listener) => listener.progress(progress));
        }
      });
      for (const event of ["completed", "failed", "stalled", "removed"] as const) {
        queueEvents.on(event, ({ jobId }: { jobId: string }) => notify(this.byJob, jobId, (listener) => listener.changed()));
      }
      this.changes = this.bus.subscribe<SolveChangedMessage>(SOLVE_CHANGED_TOPIC);
      void this.readChanges(this.changes);
    }
    await this.queueEvents.waitUntilReady();
  }

  /** Listens for signals about one Solve (and the job it follows); returns the unsubscribe. */
  watch(solveId: number, jobId: string | null, listener: SolveSignalListener): () => void {
    void this.start().catch((error: unknown) => this.log.warn({ err: error }, "queue events did not start"));
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
    await this.bus.publish(SOLVE_CANCEL_TOPIC, message);
  }

  /** Tells every API process that a Solve changed outside a job. Best effort: subscribers also poll. */
  async solveChanged(solveId: number): Promise<void> {
    const message: SolveChangedMessage = { solveId };
    await this.bus.publish(SOLVE_CHANGED_TOPIC, message);
  }

  async close(): Promise<void> {
    await this.changes?.return?.();
    await this.queueEvents?.close();
  }

  private async readChanges(changes: AsyncIterableIterator<SolveChangedMessage>): Promise<void> {
    for await (const { solveId } of changes) notify(this.bySolve, solveId, (listener) => listener.changed());
  }
}

function notify<K>(map: Listeners<K>, key: K, send: (listener: SolveSignalListener) => void): void {
  for (const listener of map.get(key) ?? []) send(listener);
}

function add<K>(map: Listeners<K>, key: K, listener: SolveSignalListener): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
}

function remove<K>(map: Listeners<K>, key: K, listener: SolveSignalListener): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(listener);
  if (set.size === 0) map.delete(key);
}
