// The pool of solver threads of one worker process (piscina). Each search gets a cancel flag in
// shared memory, polled by the core every few thousand nodes, and a MessagePort for progress.
import type { ThreadTables } from "../src/pdb-store/thread-tables.ts";
import { Piscina } from "piscina";
import type { UnitResult, UnitTask } from "../src/core/index.ts";
import type {
  Algorithm,
  HeuristicName,
  PuzzleSpec,
  SearchProgress,
  SlidingSpec,
  SolveResult,
} from "../src/core/types.ts";
import { compiledThreadPath } from "../src/thread-path.ts";
import { SearchFailedError } from "./search-failed-error.ts";
import { CancelReason, isThreadFailure } from "./solver-task.ts";
import type {
  SolverThreadData,
  ThreadProbe,
  ThreadProbeTask,
  ThreadProgressMessage,
  ThreadSearchEndMessage,
  ThreadSearchTask,
  ThreadUnitTask,
} from "./solver-task.ts";

/**
 * The thread file: its bundle (dist/bundle/workers/solver-thread.cjs, scripts/bundle.mjs), also
 * when this module itself is loaded from source by vitest or tsx (no TypeScript loader in threads).
 */
export function solverThreadPath(): string {
  return compiledThreadPath("workers/solver-thread.ts");
}

export interface SearchRequest {
  readonly spec: PuzzleSpec;
  readonly algorithm: Algorithm;
  readonly heuristic: HeuristicName;
  readonly timeLimitMs: number;
  /** IDA*'s first bound: every bound below it proven exhausted (SolveOptions.fromBound). */
  readonly fromBound?: number;
  /** A first try: it stops at an iteration it is forecast not to finish (SolveOptions.forecastTimeLimit). */
  readonly forecastTimeLimit?: boolean;
}

export interface SearchHooks {
  readonly onProgress?: (progress: SearchProgress) => void;
  /** Aborting stops the search within a few milliseconds; it then resolves as `cancelled`. */
  readonly signal?: AbortSignal;
  /** How often the core reports progress between bounds (the caller throttles further). */
  readonly progressIntervalMs?: number;
  /** Reports before the search has run this long are dropped in the thread (default 0: all of them). */
  readonly progressAfterMs?: number;
}

function isProgressMessage(message: unknown): message is ThreadProgressMessage {
  return typeof message === "object" && message !== null && "searchId" in message && "progress" in message;
}

function isEndMessage(message: unknown): message is ThreadSearchEndMessage {
  return typeof message === "object" && message !== null && "searchId" in message && "ended" in message;
}

/** A thread's answer, or its failure thrown as a SearchFailedError. */
function succeeded(answer: unknown): unknown {
  if (isThreadFailure(answer)) throw new SearchFailedError(answer.failure);
  return answer;
}

/** How long a finished search's last reports may trail its result (they normally arrive first). */
const TRAILING_REPORTS_MS = 1000;

export class SolverPool {
  readonly threads: number;
  private readonly pool: Piscina;
  /** onProgress of each running search, by the id its thread tags its reports with. */
  private readonly listeners = new Map<number, (progress: SearchProgress) => void>();
  /** Resolved when a search's thread says its last report is posted (ThreadSearchEndMessage). */
  private readonly endings = new Map<number, () => void>();
  private nextSearchId = 1;

  constructor(threads: number, tables: ThreadTables) {
    this.threads = threads;
    const workerData: SolverThreadData = { tables: tables.shared, mapped: tables.mapped };
    // Threads start at once and never idle out: they are seeded once and kept.
    this.pool = new Piscina({
      filename: solverThreadPath(),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    this.pool.on("message", (message: unknown) => {
      if (isProgressMessage(message)) this.listeners.get(message.searchId)?.(message.progress);
      else if (isEndMessage(message)) this.endings.get(message.searchId)?.();
    });
  }

  async search(request: SearchRequest, hooks: SearchHooks = {}): Promise<SolveResult> {
    const cancelFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const flag = new Int32Array(cancelFlag);
    const stop = () => Atomics.store(flag, 0, CancelReason.cancelled);
    if (hooks.signal?.aborted) stop();
    hooks.signal?.addEventListener("abort", stop, { once: true });
    const searchId = hooks.onProgress === undefined ? null : this.nextSearchId++;
    let reportsDone: Promise<void> = Promise.resolve();
    if (searchId !== null) {
      this.listeners.set(searchId, hooks.onProgress as (progress: SearchProgress) => void);
      reportsDone = new Promise<void>((resolve) => this.endings.set(searchId, resolve));
    }
    const task: ThreadSearchTask = {
      kind: "search",
      ...request,
      progressIntervalMs: hooks.progressIntervalMs ?? 250,
      cancelFlag,
      searchId,
      progressAfterMs: hooks.progressAfterMs ?? 0,
    };
    try {
      const result = succeeded(await this.pool.run(task)) as SolveResult;
      // The result travels on piscina's channel and can overtake the last reports: deliver them first.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        reportsDone,
        new Promise((resolve) => (timer = setTimeout(resolve, TRAILING_REPORTS_MS))),
      ]);
      clearTimeout(timer);
      return result;
    } finally {
      hooks.signal?.removeEventListener("abort", stop);
      if (searchId !== null) {
        this.listeners.delete(searchId);
        this.endings.delete(searchId);
      }
    }
  }

  /** One unit of a split search on a free thread; aborting `signal` stops it within milliseconds. */
  async unit(
    spec: SlidingSpec,
    unit: UnitTask,
    signal?: AbortSignal,
  ): Promise<UnitResult & { readonly threadId: number }> {
    const cancelFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const flag = new Int32Array(cancelFlag);
    const stop = () => Atomics.store(flag, 0, CancelReason.cancelled);
    if (signal?.aborted) stop();
    signal?.addEventListener("abort", stop, { once: true });
    const task: ThreadUnitTask = { kind: "unit", spec, unit, cancelFlag };
    try {
      return succeeded(await this.pool.run(task)) as UnitResult & { readonly threadId: number };
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }

  /** Runs a probe on one thread (whichever is free); `holdMs` keeps that thread busy meanwhile. */
  probe(table?: string, holdMs = 0): Promise<ThreadProbe> {
    const task: ThreadProbeTask = { kind: "probe", table, holdMs };
    return this.pool.run(task) as Promise<ThreadProbe>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
