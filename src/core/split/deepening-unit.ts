// A unit job that goes on deepening while its iterations are tiny: on the platform every unit job
// costs a queue round trip (milliseconds, tens of them under load), and the first bounds of a
// search take a few nodes per unit, so a search's first second went on round trips. The job goes
// on to the next bound only while the work it predicts for it still keeps the job under
// `belowNodes`: each bound a unit searches before the rest of the search has reached it is work
// the sequential search may never do (the answer can come first), so a job should not run ahead
// into an iteration that is not tiny.

import { type UnitResult, type UnitTask, withParity } from "./coordinator.ts";
import { solutionParity } from "./plan.ts";
import { type UnitControl, searchUnit } from "./unit-searcher.ts";
import type { SlidingSpec } from "../types.ts";

/**
 * How much larger the next iteration is taken to be than the last, before two iterations of the
 * unit have been seen (bounds step by 2: ~6-9× on the 15- and 24-puzzles' trees).
 */
const FIRST_GROWTH = 8;
/** The observed growth is clamped to this range (an iteration of a handful of nodes says little). */
const MIN_GROWTH = 2;
const MAX_GROWTH = 16;

/** The next iteration's nodes, predicted from the last two (`previous` 0: none yet). */
export function predictNextIteration(previous: number, last: number): number {
  const growth = previous > 0 ? Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, last / previous)) : FIRST_GROWTH;
  return Math.max(1, last) * growth;
}

/**
 * searchUnit under `task.bound`, then under each next bound (rounded to the solutions' parity)
 * while the nodes so far plus the next iteration's predicted nodes stay below `belowNodes`. The
 * result reads as one iteration's for fold: a solution (its length proven, every smaller bound of
 * the unit exhausted), or the next bound. An iteration stopped after a finished one leaves the
 * unit at its bound (proven by the one before).
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
  let previous = 0;
  const parity = solutionParity(spec);
  while (
    nodes + predictNextIteration(previous, result.nodes) < belowNodes &&
    result.solution === null &&
    !result.stopped &&
    Number.isFinite(result.nextBound)
  ) {
    const bound = withParity(result.nextBound, parity);
    const more = searchUnit(spec, { ...task, bound }, tables, control);
    nodes += more.nodes;
    if (more.stopped) return { solution: null, nodes, nextBound: bound };
    previous = result.nodes;
    result = more;
  }
  return { ...result, nodes };
}
