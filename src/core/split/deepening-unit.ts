// A unit job that goes on deepening while its iterations are tiny: on the platform every unit job
// costs a queue round trip (milliseconds, tens of them under load), and the first bounds of a
// search take a few nodes per unit, so a search's first second went on round trips. The job ends
// with the first iteration that brings its work to `belowNodes` or more, a solution, or a stop.

import { type UnitResult, type UnitTask, withParity } from "./coordinator.ts";
import { solutionParity } from "./plan.ts";
import { type UnitControl, searchUnit } from "./unit-searcher.ts";
import type { SlidingSpec } from "../types.ts";

/**
 * searchUnit under `task.bound`, then under each next bound (rounded to the solutions' parity)
 * while the nodes so far stay below `belowNodes`. The result reads as one iteration's for fold: a
 * solution (its length proven, every smaller bound of the unit exhausted), or the next bound. An
 * iteration stopped after a finished one leaves the unit at its bound (proven by the one before).
 */
export function searchUnitDeepening(
  spec: SlidingSpec,
  task: UnitTask,
  belowNodes: number,
  tables?: Readonly<Record<string, SharedArrayBuffer>>,
  control: UnitControl = {},
): UnitResult {
  let result = searchUnit(spec, task, tables, control);
  let nodes = result.nodes;
  const parity = solutionParity(spec);
  while (
    nodes < belowNodes &&
    result.solution === null &&
    !result.stopped &&
    Number.isFinite(result.nextBound)
  ) {
    const bound = withParity(result.nextBound, parity);
    const more = searchUnit(spec, { ...task, bound }, tables, control);
    nodes += more.nodes;
    if (more.stopped) return { solution: null, nodes, nextBound: bound };
    result = more;
  }
  return { ...result, nodes };
}
