// A solver thread of the CLI (piscina): runs whole solves or split-search units, registering the
// process's tables (shared memory or mapped files, not copied) the first time a task brings them.

import { workerData } from "node:worker_threads";
import { solve } from "../core/solve.ts";
import type { UnitResult } from "../core/split/coordinator.ts";
import { searchUnit } from "../core/split/unit-searcher.ts";
import { seedThreadTables } from "../pdb-store/thread-tables.ts";
import type { SolveResult } from "../core/types.ts";
import type { ThreadTask, UnitThreadData } from "./task.ts";

// Counts this thread in: the main thread's first try of a search stops once every thread is up
// (../cli/first-try.ts).
const data = workerData as UnitThreadData | null;
if (data?.up !== undefined) Atomics.add(new Int32Array(data.up), 0, 1);

export default function run(task: ThreadTask): SolveResult | UnitResult {
  seedThreadTables(task.tables);
  if (task.kind === "solve") return solve(task.spec, task.options);
  const flag = new Int32Array(task.cancelFlag);
  return searchUnit(task.spec, task.unit, undefined, {
    isCancelled: () => Atomics.load(flag, 0) !== 0,
    transpositions: task.options.transpositions,
    maxNodes: task.maxNodes,
  });
}
