// What the CLI's solver threads are asked to do: a whole solve (batches), or one unit of a split
// search (one puzzle on every core). Plain data: it crosses the thread boundary by structured clone.

import type { UnitTask } from "../core/split/coordinator.ts";
import type { SlidingSpec, PuzzleSpec, SolveOptions } from "../core/types.ts";
import type { ThreadTables } from "../pdb-store/thread-tables.ts";

/** Solve options that survive a structured clone (no callbacks). */
export type PlainSolveOptions = Omit<SolveOptions, "isCancelled" | "onProgress">;

interface SolveTask {
  readonly kind: "solve";
  readonly spec: PuzzleSpec;
  readonly options: PlainSolveOptions;
  readonly tables: ThreadTables;
}

interface UnitThreadTask {
  readonly kind: "unit";
  readonly spec: SlidingSpec;
  readonly options: PlainSolveOptions;
  readonly unit: UnitTask;
  /** Int32 flag: non-zero stops the unit (its bound can no longer improve the answer). */
  readonly cancelFlag: SharedArrayBuffer;
  /** The process's tables (shared buffers, mapped files), registered by the thread once. */
  readonly tables: ThreadTables;
  /** The unit's share of the node budget left, if the search has one. */
  readonly maxNodes?: number;
}

export type ThreadTask = SolveTask | UnitThreadTask;

/** A solver thread's workerData. */
export interface UnitThreadData {
  /** Int32 count of threads whose code has loaded: each adds 1 at start-up. */
  readonly up: SharedArrayBuffer;
}
