// The local executor: every core of this machine on one puzzle (a split search's units handed out
// by the coordinator to worker threads) or on a batch (whole puzzles, answers kept in input order).
// Threads share the loaded pattern databases (SharedArrayBuffers passed in workerData).

import { createRequire } from "node:module";
import type { Piscina } from "piscina";
import { preparePdb } from "../core/pdb/index.ts";
import { SearchControl } from "../core/search-control.ts";
import {
  type UnitResult,
  type UnitTask,
  fold,
  isDone,
  isObsolete,
  lowerBound,
  next,
} from "../core/split/coordinator.ts";
import { planUnits } from "../core/split/plan.ts";
import { splitResult } from "../core/split/solve-split.ts";
import { isSlidingSolvable } from "../core/sliding/solvability.ts";
import { type ThreadTables, tablesForThreads } from "../pdb-store/thread-tables.ts";
import type { PuzzleSpec, SlidingSpec, SolveOptions, SolveResult } from "../core/types.ts";
import type { PlainSolveOptions, ThreadTask, UnitThreadData } from "./task.ts";
import { compiledThreadPath } from "../thread-path.ts";

/** True when the split search serves this solve (sliding boards above 3x3, IDA*). */
export function splittable(spec: PuzzleSpec, options: PlainSolveOptions): boolean {
  if (spec.kind !== "sliding" || spec.rows * spec.cols <= 9) return false;
  return options.algorithm === undefined || options.algorithm === "auto" || options.algorithm === "idastar";
}

/** How often a split search checks its time limit and cancel while units run (ms). */
const WATCH_MS = 10;

export class LocalExecutor {
  readonly threads: number;
  private readonly pool: Piscina;

  private tables: ThreadTables | undefined;

  /**
   * Starts `threads` threads at once: they may start before the pattern databases are loaded (their
   * start-up then overlaps the loading), or from within a search's cancel check (the CLI's first
   * try, hence synchronous). Each task carries the tables loaded by the time of the first solve; a
   * thread registers (or maps) them when it first sees them. piscina is required here, not imported
   * with this module: the `puzzle` command's bundle holds this module, and loading piscina (~10 ms)
   * is for runs that start threads.
   */
  static start(threads: number): LocalExecutor {
    const { Piscina } = createRequire(import.meta.url)("piscina") as typeof import("piscina");
    const up = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const workerData: UnitThreadData = { up: up.buffer as SharedArrayBuffer };
    const pool = new Piscina({
      filename: compiledThreadPath("src/local-executor/unit-thread.ts"),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    return new LocalExecutor(threads, pool, up);
  }

  private constructor(
    threads: number,
    pool: Piscina,
    private readonly up: Int32Array,
  ) {
    this.threads = threads;
    this.pool = pool;
  }

  /** True once every thread has loaded its code (each counts itself in, unit-thread.ts). */
  threadsUp(): boolean {
    return Atomics.load(this.up, 0) >= this.threads;
  }

  /** The tables handed to threads, fixed at the first solve. */
  private threadTables(): ThreadTables {
    if (this.tables === undefined) {
      // Direct-address copies are laid out here once (when not loaded from their files), so that
      // threads share them instead of each making one.
      for (const name of ["pdb:663", "pdb:555", "pdb:78", "pdb:6666"]) preparePdb(name);
      this.tables = tablesForThreads();
    }
    return this.tables;
  }

  /** A whole solve on one thread. */
  solve(spec: PuzzleSpec, options: PlainSolveOptions): Promise<SolveResult> {
    const task: ThreadTask = { kind: "solve", spec, options, tables: this.threadTables() };
    return this.pool.run(task) as Promise<SolveResult>;
  }

  /**
   * One puzzle on every thread: the split search's units, smallest bound first. `hooks` (callbacks,
   * which stay in this thread) report progress at each new proven bound and cancel the search;
   * `provenBound` is a lower bound an earlier search of the board proved (its iterations are not
   * searched again).
   */
  async solveSplit(
    spec: SlidingSpec,
    options: PlainSolveOptions,
    hooks: Pick<SolveOptions, "onProgress" | "isCancelled"> & { readonly provenBound?: number } = {},
  ): Promise<SolveResult> {
    if (!isSlidingSolvable(spec)) return this.solve(spec, options);
    const tables = this.threadTables();
    const control = new SearchControl({ ...options, ...hooks });
    const state = planUnits(spec, {
      threads: this.threads,
      heuristic: options.heuristic,
      provenBound: hooks.provenBound,
    });
    const running = new Map<UnitTask, Int32Array>();
    let nodes = 0;
    // Node budget handed to the units running (their shares: see dispatch).
    let promised = 0;
    let reported = -1;
    const stopAll = () => {
      for (const flag of running.values()) Atomics.store(flag, 0, 1);
    };
    // The clock and the caller's cancel (Ctrl-C) are checked between units and by this timer: a
    // unit may run for seconds, and the threads cannot see this thread's clock or callbacks.
    const watch = setInterval(() => {
      if (control.poll(nodes, lowerBound(state))) stopAll();
    }, WATCH_MS);
    try {
      await new Promise<void>((resolve, reject) => {
        const pump = () => {
          const low = lowerBound(state);
          const stop = low > reported ? control.newBound(nodes, low) : control.poll(nodes, low);
          reported = Math.max(reported, low);
          if (stop) stopAll();
          while (control.stopReason === undefined && running.size < this.threads) {
            const unit = next(state);
            if (unit === null) break;
            dispatch(unit);
          }
          if (running.size === 0) resolve();
        };
        const dispatch = (unit: UnitTask) => {
          const cancelFlag = new SharedArrayBuffer(4);
          running.set(unit, new Int32Array(cancelFlag));
          // The node budget is shared by the threads: a unit gets an equal share of what is neither
          // spent nor promised to the units running, so that together they stay within it (one
          // stopped by its share runs again later if the budget still allows).
          const maxNodes =
            options.maxNodes === undefined
              ? undefined
              : Math.max(
                  1,
                  Math.floor((options.maxNodes - nodes - promised) / (this.threads - running.size + 1)),
                );
          promised += maxNodes ?? 0;
          const task: ThreadTask = { kind: "unit", spec, options, unit, cancelFlag, tables, maxNodes };
          (this.pool.run(task) as Promise<UnitResult>).then((result) => {
            running.delete(unit);
            promised -= maxNodes ?? 0;
            nodes += result.nodes;
            fold(state, unit, result);
            // Units whose bound reached the new answer's length cannot improve it: stop them.
            for (const [other, flag] of running) if (isObsolete(state, other)) Atomics.store(flag, 0, 1);
            pump();
          }, reject);
        };
        pump();
      });
    } finally {
      clearInterval(watch);
    }
    const stop = control.stopReason;
    if (stop === undefined && !isDone(state)) throw new Error("split search: no unit left and no solution");
    return splitResult(state, control.elapsedMs(), nodes, stop);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
