// Searches as short, independent work units (docs/distributed.md). The platform's API, plain JSON
// in and out: planUnits(spec, options) -> SplitState; next(state) -> UnitTask | null;
// searchUnit(spec, task, tables) -> UnitResult; fold(state, task, result) (idempotent); release.

export {
  DEFAULT_RESPLIT,
  EXHAUSTED,
  childMoves,
  fold,
  initialState,
  isDone,
  isObsolete,
  lowerBound,
  next,
  release,
  widen,
  withParity,
} from "./coordinator.ts";
export type { ResplitPolicy, SplitState, SplitUnit, UnitResult, UnitTask } from "./coordinator.ts";
export { searchUnitDeepening } from "./deepening-unit.ts";
export { childNodes, expandFrontier } from "./frontier.ts";
export type { Frontier, FrontierNode, FrontierOptions, SiblingOrder } from "./frontier.ts";
export { planUnits, solutionParity } from "./plan.ts";
export type { PlanOptions } from "./plan.ts";
export { solveSplit, splitResult } from "./solve-split.ts";
export { chooseHeuristic, heuristicLabel, searchUnit } from "./unit-searcher.ts";
export type { UnitControl } from "./unit-searcher.ts";
