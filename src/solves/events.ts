// Solve events between processes, over the platform's event bus (Redis pub/sub, src/services/events.ts).
// Worker processes announce a running job's progress and the Solves that reached a final state, with
// their rows as committed; API processes announce the Solves they cancelled and ask workers to stop
// searches. Each API process subscribes once (on its first subscriber) and fans the events out to its
// own subscribers, keyed by job id and by Solve id. Postgres is the source of truth: rows are announced
// only after their commit, and a subscription starts from the stored row, read once its topics are
// subscribed. An idle subscription costs no Postgres read: pub/sub may lose a message, so the Solves
// followed are read again, all in one query, when the subscriber connection comes back (what was
// published meanwhile is lost) and on a slow safety timer (a publisher that could not reach Redis).
import { LRUCache } from "lru-cache";
import type { Solve } from "../generated/prisma/client.ts";
import type { Logger } from "../logger.ts";
import {
  SOLVE_CANCEL_TOPIC,
  SOLVE_FINISHED_TOPIC,
  SOLVE_PROGRESS_TOPIC,
  solveFromMessage,
  solveToMessage,
} from "./contracts.ts";
import type {
  CancelMessage,
  ProgressMessage,
  SolveJobProgress,
  SolveMessageRow,
  SolvesFinishedMessage,
} from "./contracts.ts";
import { isFinished } from "./outcome.ts";
import type { EventBus } from "../services/events.ts";

/** Called when the Solve reached a final state, with its row as committed. */
export type SolveListener = (solve: Solve) => void;
/** Called with the live progress of a job. */
export type JobListener = (progress: SolveJobProgress) => void;

type Listeners<K, L> = Map<K, Set<L>>;

export interface SolveEventsOptions {
  /** Reads the current rows of Solves (those followed, when they may have missed an event). */
  readonly reread: (ids: readonly number[]) => Promise<Solve[]>;
  /** The safety re-check of every followed Solve, this often (ms). */
  readonly recheckMs: number;
}

/** Solves read again per query. */
const REREAD_BATCH = 500;

/** Final rows announced recently, kept per API process (least recently used out first beyond this many). */
const REMEMBERED_FINISHED = 10_000;

/** What a worker process tells the API processes (best effort: publishing never throws). */
export interface SolveAnnouncer {
  /** Solves that reached a final state, once the transaction that wrote them committed. */
  finished(solves: readonly Solve[]): Promise<void>;
  progress(jobId: string, progress: SolveJobProgress): Promise<void>;
}

export function solveAnnouncer(bus: EventBus): SolveAnnouncer {
  return {
    async finished(solves) {
      if (solves.length === 0) return;
      const message: SolvesFinishedMessage = { solves: solves.map(solveToMessage) };
      await bus.publish(SOLVE_FINISHED_TOPIC, message);
    },
    async progress(jobId, progress) {
      const message: ProgressMessage = { jobId, progress };
      await bus.publish(SOLVE_PROGRESS_TOPIC, message);
    },
  };
}

export class SolveEvents {
  private readonly announcer: SolveAnnouncer;
  private topics: AsyncIterableIterator<unknown>[] = [];
  private readonly byJob: Listeners<string, JobListener> = new Map();
  private readonly bySolve: Listeners<number, SolveListener> = new Map();
  /**
   * The rows of the Solves announced finished since this process subscribed, by Solve id: a final
   * state never changes, so a subscription that starts after its Solve finished (a quick search is
   * often written before its requester has even opened a WebSocket) is answered without a read.
   */
  private readonly finished = new LRUCache<number, SolveMessageRow>({ max: REMEMBERED_FINISHED });
  private recheckTimer: NodeJS.Timeout | undefined;
  private stopResync: (() => void) | undefined;
  /** The last re-check asked for, and the one not started yet (asking again then joins it). */
  private recheckChain: Promise<void> = Promise.resolve();
  private recheckPending: Promise<void> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly log: Logger,
    private readonly options?: SolveEventsOptions,
  ) {
    this.announcer = solveAnnouncer(bus);
  }

  /**
   * Subscribes if needed and resolves once both topics are subscribed (announcements from then on
   * arrive), or after `ms` (Redis away: the read that follows is repeated when it is back).
   */
  async listening(ms: number): Promise<void> {
    this.start();
    await Promise.all([
      this.bus.whenSubscribed(SOLVE_PROGRESS_TOPIC, ms),
      this.bus.whenSubscribed(SOLVE_FINISHED_TOPIC, ms),
    ]);
  }

  /** Listens for one Solve's final state; returns the unsubscribe. */
  watch(solveId: number, listener: SolveListener): () => void {
    this.start();
    add(this.bySolve, solveId, listener);
    return () => remove(this.bySolve, solveId, listener);
  }

  /** Listens for the live progress of one job; returns the unsubscribe. */
  watchJob(jobId: string, listener: JobListener): () => void {
    this.start();
    add(this.byJob, jobId, listener);
    return () => remove(this.byJob, jobId, listener);
  }

  /** The final row of a Solve this process saw announced, if it still remembers it. */
  finishedSolve(solveId: number): Solve | undefined {
    const row = this.finished.get(solveId);
    return row === undefined ? undefined : solveFromMessage(row);
  }

  /** Asks every worker process to stop the job's search. Best effort: workers also poll Postgres. */
  async cancelJob(jobId: string): Promise<void> {
    const message: CancelMessage = { jobId };
    await this.bus.publish(SOLVE_CANCEL_TOPIC, message);
  }

  /** Tells every API process that these Solves reached a final state. Best effort (see `recheck`). */
  solvesFinished(solves: readonly Solve[]): Promise<void> {
    return this.announcer.finished(solves);
  }

  /**
   * Reads every followed Solve again (one query per 500) and hands each row to its listeners, which
   * send it if its status changed. One at a time: a call during a read reads once more after it.
   */
  recheck(): Promise<void> {
    this.recheckPending ??= this.recheckChain.then(() => {
      this.recheckPending = undefined;
      return this.rereadFollowed();
    });
    this.recheckChain = this.recheckPending;
    return this.recheckPending;
  }

  async close(): Promise<void> {
    clearInterval(this.recheckTimer);
    this.stopResync?.();
    await Promise.all(this.topics.splice(0).map((topic) => topic.return?.()));
  }

  private async rereadFollowed(): Promise<void> {
    const reread = this.options?.reread;
    const ids = [...this.bySolve.keys()];
    if (reread === undefined) return;
    for (let from = 0; from < ids.length; from += REREAD_BATCH) {
      try {
        for (const solve of await reread(ids.slice(from, from + REREAD_BATCH)))
          notify(this.bySolve, solve.id, (listener) => listener(solve));
      } catch (error) {
        this.log.warn({ err: error }, "re-reading followed Solves failed");
      }
    }
  }

  /** Subscribes to the topics (once, on the first subscriber: worker processes never need them). */
  private start(): void {
    if (this.topics.length > 0) return;
    const progress = this.bus.subscribe<ProgressMessage>(SOLVE_PROGRESS_TOPIC);
    const finished = this.bus.subscribe<SolvesFinishedMessage>(SOLVE_FINISHED_TOPIC);
    this.topics = [progress, finished];
    if (this.options !== undefined) {
      this.stopResync = this.bus.onResubscribed(() => void this.recheck());
      this.recheckTimer = setInterval(() => void this.recheck(), this.options.recheckMs);
      this.recheckTimer.unref();
    }
    void this.read(progress, (message) => {
      const { jobId, progress: data } = message;
      if (typeof data === "object" && data !== null) notify(this.byJob, jobId, (listener) => listener(data));
    });
    void this.read(finished, (message) => {
      for (const row of message.solves) {
        this.remember(row);
        if (this.bySolve.has(row.id)) {
          const solve = solveFromMessage(row);
          notify(this.bySolve, row.id, (listener) => listener(solve));
        }
      }
    });
  }

  private remember(row: SolveMessageRow): void {
    if (!Number.isInteger(row.id) || !isFinished(row.status)) return;
    this.finished.set(row.id, row);
  }

  private async read<T>(topic: AsyncIterableIterator<T>, handle: (message: T) => void): Promise<void> {
    for await (const message of topic) {
      try {
        handle(message);
      } catch (error) {
        this.log.warn({ err: error }, "ignored a malformed solve event");
      }
    }
  }
}

function notify<K, L>(map: Listeners<K, L>, key: K, send: (listener: L) => void): void {
  for (const listener of map.get(key) ?? []) send(listener);
}

function add<K, L>(map: Listeners<K, L>, key: K, listener: L): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
}

function remove<K, L>(map: Listeners<K, L>, key: K, listener: L): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(listener);
  if (set.size === 0) map.delete(key);
}
