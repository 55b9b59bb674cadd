// The messages between the worker process' main thread and its solver threads.
import type { UnitTask } from "../src/core/index.ts";
import type { ThreadTables } from "../src/pdb-store/thread-tables.ts";
import type { Algorithm, HeuristicName, PuzzleSpec, SearchProgress, SlidingSpec } from "../src/core/types.ts";
import type { SearchFailure } from "../src/solves/index.ts";

/**
 * Handed to every thread once, at start-up. SharedArrayBuffers in workerData are shared, not
 * copied; tables the process mapped from their files are mapped again by each thread (same pages).
 */
export interface SolverThreadData {
  readonly tables: Readonly<Record<string, SharedArrayBuffer>>;
  readonly mapped: ThreadTables["mapped"];
}

export interface ThreadSearchTask {
  readonly kind: "search";
  readonly spec: PuzzleSpec;
  readonly algorithm: Algorithm;
  readonly heuristic: HeuristicName;
  readonly timeLimitMs: number;
  /** IDA*'s first bound (SolveOptions.fromBound): a whole search resumed after its time slice. */
  readonly fromBound?: number;
  /** A first try (SolveOptions.forecastTimeLimit). */
  readonly forecastTimeLimit?: boolean;
  readonly progressIntervalMs: number;
  /** Int32Array[1] over a SharedArrayBuffer: non-zero means stop (see CancelReason). */
  readonly cancelFlag: SharedArrayBuffer;
  /**
   * Tags this search's progress messages (posted on the thread's parentPort, which piscina hands to
   * the pool as 'message' events); null when nobody listens to its progress.
   */
  readonly searchId: number | null;
  /** Reports the core makes before the search has run this long are not posted. */
  readonly progressAfterMs: number;
}

/** One unit of a split search: an IDA* iteration of a subtree (src/core/split). */
export interface ThreadUnitTask {
  readonly kind: "unit";
  readonly spec: SlidingSpec;
  readonly unit: UnitTask;
  /** As ThreadSearchTask's. */
  readonly cancelFlag: SharedArrayBuffer;
}

/**
 * What a thread returns instead of a result when its search threw: a value, so that the failure's
 * code survives the trip (an Error crossing threads keeps only its message).
 */
export interface ThreadFailure {
  readonly failure: SearchFailure;
}

export function isThreadFailure(value: unknown): value is ThreadFailure {
  return typeof value === "object" && value !== null && "failure" in value;
}

/** Posted by a thread on its parentPort for each progress report of a search. */
export interface ThreadProgressMessage {
  readonly searchId: number;
  readonly progress: SearchProgress;
}

/**
 * Posted on the same port after the search's last progress report: the port keeps its messages in
 * order, while the result comes back on piscina's own channel and may overtake them.
 */
export interface ThreadSearchEndMessage {
  readonly searchId: number;
  readonly ended: true;
}

/** Values stored in the cancel flag. */
export const CancelReason = { none: 0, cancelled: 1, shutdown: 2 } as const;

export interface ThreadProbeTask {
  readonly kind: "probe";
  /** Reads the first Int32 of this table, to prove the thread sees the main thread's buffer. */
  readonly table?: string;
  /** Keeps the thread busy this long, so that concurrent probes reach different threads. */
  readonly holdMs?: number;
}

export interface ThreadProbe {
  readonly threadId: number;
  readonly tables: Readonly<Record<string, number>>;
  readonly value: number | undefined;
}
