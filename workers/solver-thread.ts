// A solver thread of the piscina pool (always loaded from its bundle,
// dist/bundle/workers/solver-thread.cjs). It runs one search at a time, synchronously: the worker
// process' main thread stays free for Redis and Postgres I/O and for renewing the job lock.
//
// The distance tables arrive once, in workerData, as SharedArrayBuffers built by the main thread:
// seeding the core's registry with them shares memory instead of building a copy per thread.
import { parentPort, threadId, workerData } from "node:worker_threads";
import { solve } from "../src/core/solve.ts";
import { TableNotLoadedError, type UnitResult, searchUnitDeepening } from "../src/core/index.ts";
import { seedThreadTables } from "../src/pdb-store/thread-tables.ts";
import type { SearchProgress, SolveResult } from "../src/core/types.ts";
import type {
  SolverThreadData,
  ThreadProbe,
  ThreadProbeTask,
  ThreadProgressMessage,
  ThreadSearchEndMessage,
  ThreadFailure,
  ThreadSearchTask,
  ThreadUnitTask,
} from "./solver-task.ts";

const data = workerData as SolverThreadData;
seedThreadTables({ shared: data.tables, mapped: data.mapped });

function search(task: ThreadSearchTask): SolveResult {
  const flag = new Int32Array(task.cancelFlag);
  const { searchId, progressAfterMs } = task;
  // Progress goes out on the thread's own port to the pool (no channel to set up per search).
  const report =
    searchId === null || parentPort === null
      ? undefined
      : (progress: SearchProgress) => {
          if (progress.elapsedMs < progressAfterMs) return;
          const message: ThreadProgressMessage = { searchId, progress };
          parentPort?.postMessage(message);
        };
  try {
    return solve(task.spec, {
      algorithm: task.algorithm,
      heuristic: task.heuristic,
      timeLimitMs: task.timeLimitMs,
      fromBound: task.fromBound,
      forecastTimeLimit: task.forecastTimeLimit,
      progressIntervalMs: task.progressIntervalMs,
      isCancelled: () => Atomics.load(flag, 0) !== 0,
      onProgress: report,
      // Tables come from the process' start-up (WORKER_PDBS) only: see prepareTables.
      buildMissingTables: false,
    });
  } finally {
    if (searchId !== null && parentPort !== null) {
      const ended: ThreadSearchEndMessage = { searchId, ended: true };
      parentPort.postMessage(ended);
    }
  }
}

/** Reports what this thread sees of the shared tables (tests and memory reports use it). */
function probe(task: ThreadProbeTask): ThreadProbe {
  const tables = Object.fromEntries([
    ...Object.entries(data.tables).map(([name, buffer]) => [name, buffer.byteLength]),
    ...Object.entries(data.mapped).map(([name, ref]) => [name, ref.length]),
  ]);
  const buffer = data.tables[task.table ?? ""];
  const value = buffer === undefined ? undefined : new Int32Array(buffer, 0, 1)[0];
  if (task.holdMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.holdMs);
  return { threadId, tables, value };
}

/**
 * A unit job goes on to its unit's next bound while that iteration, predicted from the ones before,
 * keeps its work under this many nodes (10-30 ms of search, against ~1-3 ms per queue round trip):
 * no round trip per tiny iteration, and no run ahead into a large one (docs/distributed.md, "Tiny
 * iterations").
 */
const DEEPEN_BELOW_NODES = 250_000;

/** One unit; `threadId` says which thread searched it (the search's count of threads taking part). */
function unit(task: ThreadUnitTask): UnitResult & { threadId: number } {
  const flag = new Int32Array(task.cancelFlag);
  const result = searchUnitDeepening(task.spec, task.unit, DEEPEN_BELOW_NODES, undefined, {
    isCancelled: () => Atomics.load(flag, 0) !== 0,
    buildMissingTables: false,
  });
  return { ...result, threadId };
}

/** A search that threw: the same task throws again on any thread lacking the same tables. */
function failed(error: unknown): ThreadFailure {
  if (error instanceof TableNotLoadedError)
    return {
      failure: {
        code: "HEURISTIC_UNAVAILABLE",
        pdb: error.partition,
        message: `${error.heuristic}: table ${error.table} is not loaded by this worker`,
      },
    };
  return {
    failure: { code: "SEARCH_FAILED", message: error instanceof Error ? error.message : String(error) },
  };
}

export default function run(
  task: ThreadSearchTask | ThreadProbeTask | ThreadUnitTask,
): SolveResult | ThreadProbe | UnitResult | ThreadFailure {
  if (task.kind === "probe") return probe(task);
  try {
    return task.kind === "unit" ? unit(task) : search(task);
  } catch (error) {
    return failed(error);
  }
}
