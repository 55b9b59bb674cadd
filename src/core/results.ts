// The one place SolveResults are made: one constructor per outcome (see the variants in types.ts).

import type { SolvedResult, SolveFigures, StopReason, StoppedResult, UnsolvableResult } from "./types.ts";

/** An optimal solution; `centre` for the Rotation Game. */
export function solvedResult(moves: string, figures: SolveFigures, centre?: number): SolvedResult {
  return {
    status: "solved",
    moves,
    length: moves.length,
    ...figuresOf(figures),
    optimal: true,
    lowerBound: moves.length,
    ...(centre === undefined ? {} : { centre }),
  };
}

export function unsolvableResult(figures: SolveFigures): UnsolvableResult {
  return {
    status: "unsolvable",
    moves: "",
    length: -1,
    ...figuresOf(figures),
    optimal: false,
    lowerBound: -1,
  };
}

/** A search that stopped for `reason`, having proved that no solution is shorter than `lowerBound`. */
export function stoppedResult<Reason extends StopReason>(
  reason: Reason,
  lowerBound: number,
  figures: SolveFigures,
): StoppedResult<Reason> {
  return { status: reason, moves: "", length: -1, ...figuresOf(figures), optimal: false, lowerBound };
}

/** The figures with no `heuristic` key when there is none (table lookups), nor `units` when not split. */
function figuresOf(figures: SolveFigures): SolveFigures {
  const { algorithm, heuristic, nodes, elapsedMs, units } = figures;
  return {
    algorithm,
    ...(heuristic === undefined ? {} : { heuristic }),
    nodes,
    elapsedMs,
    ...(units === undefined ? {} : { units }),
  };
}
