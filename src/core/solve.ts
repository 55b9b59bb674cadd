// The solver facade: one call for every puzzle. It checks solvability first (an unsolvable sliding
// puzzle is reported at once, with no search), then runs the requested algorithm, or with
// `algorithm: "auto"` the fastest one that proves optimality: the distance table for boards of at
// most 9 cells, IDA* with the strongest available heuristic otherwise, the mask table for the
// Rotation Game.

import { PuzzleInputError } from "./errors.ts";
import { solveRotation } from "./rotation/index.ts";
import { aStar } from "./sliding/astar.ts";
import { boardsEqual } from "./sliding/board.ts";
import type { SearchOutcome } from "./sliding/control.ts";
import { autoHeuristicProvider, createSlidingHeuristic } from "./sliding/heuristic.ts";
import { idaStar } from "./sliding/idastar.ts";
import { isSlidingSolvable } from "./sliding/solvability.ts";
import { MAX_TABLE_CELLS, tableSolution } from "./sliding/table.ts";
import type { Algorithm, PuzzleSpec, SlidingSpec, SolveOptions, SolveResult } from "./types.ts";

const ALGORITHMS: readonly Algorithm[] = ["auto", "bfs", "astar", "idastar"];
const BUILT_IN_HEURISTICS = new Set(["manhattan", "linear-conflict"]);

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
    return {
      status: "unsolvable",
      moves: "",
      length: -1,
      algorithm: "solvability",
      nodes: 0,
      elapsedMs: performance.now() - began,
      optimal: false,
      lowerBound: -1,
    };
  }
  if (algorithm === "bfs" || (algorithm === "auto" && small && heuristicName === "auto")) {
    const moves = boardsEqual(start, goal) ? "" : tableSolution(rows, cols, start, goal)!;
    return {
      status: "solved",
      moves,
      length: moves.length,
      algorithm: "bfs-table",
      nodes: 0,
      elapsedMs: performance.now() - began,
      optimal: true,
      lowerBound: moves.length,
    };
  }
  const context = { onProgress: options.onProgress, isCancelled: options.isCancelled };
  let outcome: SearchOutcome;
  let usedHeuristic: string;
  if (algorithm === "astar") {
    const heuristic = createSlidingHeuristic(heuristicName, rows, cols, goal, context);
    usedHeuristic = heuristic.name;
    outcome = aStar(rows, cols, start, goal, heuristic, options);
  } else {
    // IDA*: the built-in kernel for Manhattan / linear conflict, the generic one for providers.
    const builtIn =
      BUILT_IN_HEURISTICS.has(heuristicName) ||
      (heuristicName === "auto" && autoHeuristicProvider(rows, cols, goal) === undefined);
    if (builtIn) {
      const kernel = heuristicName === "manhattan" ? "manhattan" : "linear-conflict";
      usedHeuristic = kernel;
      outcome = idaStar(rows, cols, start, goal, kernel, options);
    } else {
      const heuristic = createSlidingHeuristic(heuristicName, rows, cols, goal, context);
      usedHeuristic = heuristic.name;
      outcome = idaStar(rows, cols, start, goal, heuristic, options);
    }
  }
  const solved = outcome.status === "solved";
  return {
    status: outcome.status,
    moves: outcome.moves,
    length: solved ? outcome.moves.length : -1,
    algorithm: algorithm === "astar" ? "astar" : "idastar",
    heuristic: usedHeuristic,
    nodes: outcome.nodes,
    elapsedMs: performance.now() - began,
    optimal: solved,
    lowerBound: outcome.lowerBound,
  };
}
