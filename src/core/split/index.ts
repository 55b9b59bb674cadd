// Searches as short, independent work units (docs/distributed.md): the frontier, the planner, the
// coordinator (serialisable state), searchUnit for the IDA* kernels, and the one-thread driver.

export { DEFAULT_RESPLIT, EXHAUSTED, SplitSearch, withParity } from "./coordinator.ts";
export type { ResplitPolicy, SplitState, SplitUnit, UnitResult, UnitTask } from "./coordinator.ts";
export { childNodes, expandFrontier } from "./frontier.ts";
export type { Frontier, FrontierNode } from "./frontier.ts";
export { planUnits, solutionParity, unitChildren } from "./plan.ts";
export type { Plan, PlanOptions } from "./plan.ts";
export { frontierResult, solveSplit, splitResult } from "./solve-split.ts";
export { unitSearcherFor } from "./unit-searcher.ts";
export type { UnitControl, UnitSearcher } from "./unit-searcher.ts";
