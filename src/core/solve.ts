// The solver facade: one call for every puzzle. It checks solvability first (an unsolvable sliding
// puzzle is reported at once, with no search), then runs the requested algorithm, or with
// `algorithm: "auto"` the fastest one that proves optimality: the distance table for boards of at
// most 9 cells, IDA* with the strongest available heuristic otherwise (a pattern database whose
// tables are loaded, else Manhattan + linear conflict), the mask table for the Rotation Game.

import { PuzzleInputError } from "./errors.ts";
import { solvedResult, stoppedResult, unsolvableResult } from "./results.ts";
import type { SearchOutcome } from "./search-control.ts";
import { solveRotation } from "./rotation/index.ts";
import { aStar } from "./sliding/astar.ts";
import { boardsEqual } from "./sliding/board.ts";
import { type PdbHeuristic, solveWithPdb, strongestAvailablePdb } from "./pdb/index.ts";
import { createSlidingHeuristic } from "./sliding/heuristic.ts";
import { idaStar } from "./sliding/idastar.ts";
import { isSlidingSolvable } from "./sliding/solvability.ts";
import { solveSplit } from "./split/solve-split.ts";
import { MAX_TABLE_CELLS, tableSolution } from "./sliding/table.ts";
import type { Algorithm, PuzzleSpec, SlidingSpec, SolveOptions, SolveResult } from "./types.ts";

/** The algorithms `SolveOptions.algorithm` names (anything else is BAD_OPTION). */
export const ALGORITHMS: readonly Algorithm[] = ["auto", "bfs", "astar", "idastar"];

export function solve(spec: PuzzleSpec, options: SolveOptions = {}): SolveResult {
  const algorithm = options.algorithm ?? "auto";
  if (!ALGORITHMS.includes(algorithm)) {
    throw new PuzzleInputError(
      `unknown algorithm "${String(algorithm)}" (use ${ALGORITHMS.join(", ")})`,
      "BAD_OPTION",
      "algorithm",
    );
  }
  if (spec.kind === "rotation") return solveRotation(spec, options);
  return solveSliding(spec, algorithm, options);
}

function solveSliding(spec: SlidingSpec, algorithm: Algorithm, options: SolveOptions): SolveResult {
  const began = performance.now();
  const { rows, cols, start, goal } = spec;
  const heuristicName = options.heuristic ?? "auto";
  const small = rows * cols <= MAX_TABLE_CELLS;
  if (algorithm === "bfs" && !small) {
    throw new PuzzleInputError(
      `the bfs algorithm needs a board of at most ${MAX_TABLE_CELLS} cells (use astar or idastar for ${rows}x${cols})`,
      "BAD_OPTION",
      "algorithm",
    );
  }
  if (!isSlidingSolvable(spec)) {
    return unsolvableResult({ algorithm: "solvability", nodes: 0, elapsedMs: performance.now() - began });
  }
  if (algorithm === "bfs" || (algorithm === "auto" && small && heuristicName === "auto")) {
    const moves = boardsEqual(start, goal) ? "" : tableSolution(rows, cols, start, goal)!;
    return solvedResult(moves, { algorithm: "bfs-table", nodes: 0, elapsedMs: performance.now() - began });
  }
  // Pattern databases (src/core/pdb/) come with their own IDA*. "auto" uses the strongest one
  // whose tables are loaded in this process (a worker loads them from disk at start-up).
  const pdb = heuristicName.startsWith("pdb:")
    ? (heuristicName as PdbHeuristic)
    : heuristicName === "auto" && algorithm !== "astar"
      ? strongestAvailablePdb(spec)
      : null;
  if (options.split === true && algorithm !== "astar") return solveSplit(spec, options);
  if (pdb !== null) {
    if (algorithm === "astar") {
      throw new PuzzleInputError("pattern-database heuristics run with idastar", "BAD_OPTION", "heuristic");
    }
    return solveWithPdb(spec, pdb, options);
  }
  const heuristic = createSlidingHeuristic(heuristicName, rows, cols, goal);
  const outcome: SearchOutcome =
    algorithm === "astar"
      ? aStar(rows, cols, start, goal, heuristic, options)
      : idaStar(
          rows,
          cols,
          start,
          goal,
          heuristic.name === "manhattan" ? "manhattan" : "linear-conflict",
          options,
        );
  const figures = {
    algorithm: algorithm === "astar" ? "astar" : "idastar",
    heuristic: heuristic.name,
    nodes: outcome.nodes,
    elapsedMs: performance.now() - began,
  };
  return outcome.status === "solved"
    ? solvedResult(outcome.moves, figures)
    : stoppedResult(outcome.status, outcome.lowerBound, figures);
}
