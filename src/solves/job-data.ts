// Builds a search job's payload from stored rows (used by requestSolve and by the reconciler, so a
// re-added job is the same job).
import { createPuzzle } from "../core/puzzle.ts";
import type { PuzzleSpec } from "../core/types.ts";
import type { Puzzle, Solve } from "../generated/prisma/client.ts";
import type { SolveJobData } from "./contracts.ts";
import { coreAlgorithm, coreHeuristic } from "./search-options.ts";

export function puzzleSpec(puzzle: Pick<Puzzle, "kind" | "rows" | "cols" | "start" | "goal">): PuzzleSpec {
  if (puzzle.kind === "ROTATION") return createPuzzle({ kind: "rotation", start: puzzle.start });
  return createPuzzle({
    kind: "sliding",
    rows: puzzle.rows ?? undefined,
    cols: puzzle.cols ?? undefined,
    start: puzzle.start,
    goal: puzzle.goal,
  });
}

type SearchColumns = Pick<
  Solve,
  "puzzleId" | "canonicalKey" | "algorithm" | "heuristic" | "timeLimitSeconds" | "requestedById"
> &
  Partial<Pick<Solve, "onBehalfOfId" | "split" | "startedAt" | "provenLowerBound">>;

/**
 * Whose fair share a search's units count toward (docs/pipeline.md, "Fairness"): the requester, or
 * the user a platform search runs for, else the platform.
 */
function searchOwner(solve: SearchColumns): string {
  const user = solve.requestedById ?? solve.onBehalfOfId ?? null;
  return user === null ? "platform" : `user:${user}`;
}

/**
 * The job of a stored Solve: what it asked for (its `split` flag included: a re-added job runs the
 * same), when it started if it has (a re-added job keeps its time limit's clock), and the bound its
 * search had proved if one was stored (a re-added split search is planned from it).
 */
export function searchJobData(solve: SearchColumns, spec: PuzzleSpec): SolveJobData {
  const { split, startedAt, provenLowerBound } = solve;
  return {
    owner: searchOwner(solve),
    ...(split === undefined || split === null ? {} : { split }),
    ...(startedAt === undefined || startedAt === null ? {} : { startedAt: startedAt.getTime() }),
    ...(provenLowerBound === undefined || provenLowerBound === null ? {} : { provenLowerBound }),
    puzzleId: solve.puzzleId,
    canonicalKey: solve.canonicalKey,
    spec,
    algorithm: coreAlgorithm(solve.algorithm),
    heuristic: coreHeuristic(solve.heuristic),
    timeLimitMs: solve.timeLimitSeconds * 1000,
  };
}
