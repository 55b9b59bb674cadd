// A solver thread of the CLI (piscina): seeded once with the process's tables (shared memory, not
// copied), then runs whole solves or split-search units.

import { workerData } from "node:worker_threads";
import { solve } from "../core/solve.ts";
import type { UnitResult } from "../core/split/coordinator.ts";
import { type UnitSearcher, unitSearcherFor } from "../core/split/unit-searcher.ts";
import { seedTables } from "../core/tables.ts";
import type { SolveResult } from "../core/types.ts";
import type { ThreadData, ThreadTask, UnitThreadTask } from "./task.ts";

seedTables((workerData as ThreadData).tables);

// The searcher of the puzzle whose units this thread ran last (one puzzle at a time is split).
let cached: { key: string; searcher: UnitSearcher } | null = null;

function searcherFor(task: UnitThreadTask): UnitSearcher {
  const key = JSON.stringify([task.spec, task.options.heuristic, task.options.transpositions]);
  if (cached?.key !== key) cached = { key, searcher: unitSearcherFor(task.spec, task.options) };
  return cached.searcher;
}

export default function run(task: ThreadTask): SolveResult | UnitResult {
  if (task.kind === "solve") return solve(task.spec, task.options);
  const flag = new Int32Array(task.cancelFlag);
  return searcherFor(task).search(task.unit, { isCancelled: () => Atomics.load(flag, 0) !== 0 });
}
