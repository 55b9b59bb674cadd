// A solver thread of the CLI (piscina): seeded once with the process's tables (shared memory, not
// copied), then runs whole solves or split-search units.

import { workerData } from "node:worker_threads";
import { solve } from "../core/solve.ts";
import type { UnitResult } from "../core/split/coordinator.ts";
import { searchUnit } from "../core/split/unit-searcher.ts";
import { seedThreadTables } from "../pdb-store/thread-tables.ts";
import type { SolveResult } from "../core/types.ts";
import type { ThreadData, ThreadTask } from "./task.ts";

seedThreadTables((workerData as ThreadData).tables);

export default function run(task: ThreadTask): SolveResult | UnitResult {
  if (task.kind === "solve") return solve(task.spec, task.options);
  const flag = new Int32Array(task.cancelFlag);
  return searchUnit(task.spec, task.unit, undefined, {
    isCancelled: () => Atomics.load(flag, 0) !== 0,
    transpositions: task.options.transpositions,
  });
}
