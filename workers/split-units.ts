// Steps on the units of a split search's state (the core's plain JSON, src/core/split/) that the
// coordinator takes itself: a unit's task, the task a unit job searched, a unit outcome folded into
// the state and the search's record (a sliced unit re-split), and its debug trace.
import { type SplitState, type UnitResult, type UnitTask, childMoves, fold } from "../src/core/index.ts";
import type { UnitOutcome } from "../src/solves/index.ts";
import type { SplitRecord } from "./split-store.ts";

/** The task that searches `unit` (the heuristic the state's units use, when it names one). */
export function unitTask(
  state: SplitState,
  unit: { id: number; round: number; moves: string; bound: number },
): UnitTask {
  return {
    id: unit.id,
    round: unit.round,
    moves: unit.moves,
    bound: unit.bound,
    ...(state.heuristic === undefined ? {} : { heuristic: state.heuristic }),
  };
}

/**
 * Replaces a unit by its children, which inherit its proven bound (as the core's own re-split,
 * docs/distributed.md "Why the answer is optimal" 1-2); the state is the core's plain JSON.
 */
function splitUnit(state: SplitState, task: UnitTask): void {
  const index = state.units.findIndex(
    (u) => u.id === task.id && u.round === task.round && u.bound === task.bound,
  );
  if (index < 0 || state.shape === undefined) return;
  const unit = state.units[index];
  const kids = childMoves(state.shape, unit.moves, state.heuristic).map((moves) => ({
    id: state.nextId++,
    moves,
    bound: unit.bound,
    lastNodes: 0,
    busy: false,
    round: 0,
  }));
  state.units.splice(index, 1, ...kids);
  state.resplits++;
}

/**
 * The task of unit `id` at `round` (a unit job's, parsed from its id: parseUnitJobId) when that is
 * still the unit's current round in the state; undefined otherwise (stale). The caller checks first
 * that the job belongs to the state's plan (its epoch): ids and rounds start again from 0 in a new plan.
 */
export function currentTask(state: SplitState, id: number, round: number): UnitTask | undefined {
  const unit = state.units.find((u) => u.id === id);
  if (unit === undefined || unit.round !== round) return undefined;
  return { id, round, moves: unit.moves, bound: unit.bound, heuristic: state.heuristic };
}

/** A unit's outcome folded into the state (when current), its work counted in the search's record. */
export function foldOutcome(
  state: SplitState,
  record: SplitRecord,
  task: UnitTask,
  outcome: UnitOutcome,
): void {
  const result = outcome.result as UnitResult & { sliced?: boolean };
  // Stopped at the end of its time slice (another user waited): its children are shorter.
  if (result.sliced) splitUnit(state, task);
  const applied = fold(state, task, {
    ...result,
    nextBound: result.nextBound ?? Number.POSITIVE_INFINITY,
  });
  if (!applied && !result.stopped) return;
  record.nodes += result.nodes;
  record.folded++;
  if (outcome.runs > 1) record.reruns++;
  // A unit stopped before it started names no thread (it searched nothing).
  if (outcome.thread !== "" && !record.threads.includes(outcome.thread)) record.threads.push(outcome.thread);
}

/** The debug line of one unit result (`task` undefined: stale), times in ms since the search started. */
export function unitResultTrace(
  searchId: string,
  outcome: UnitOutcome,
  task: UnitTask | undefined,
  sentAt: number | undefined,
  startedAt: number,
): Record<string, unknown> {
  const result = outcome.result as (UnitResult & { sliced?: boolean }) | null;
  return {
    jobId: searchId,
    unit: outcome.unitJobId,
    moves: task?.moves,
    bound: task?.bound,
    nodes: result?.nodes,
    nextBound: result?.nextBound,
    solved: result?.solution != null,
    stopped: result?.stopped === true,
    stale: task === undefined,
    thread: outcome.thread,
    sentMs: sentAt === undefined ? undefined : sentAt - startedAt,
    foldedMs: Date.now() - startedAt,
  };
}
