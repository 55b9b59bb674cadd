// solveRotation: the exact table by default (every answer in microseconds once the table is
// built), or the IDA* when asked for it by name (used to cross-check the table).

import { PuzzleInputError } from "../errors.ts";
import { solvedResult, stoppedResult } from "../results.ts";
import type { RotationSpec, SolveOptions, SolveResult } from "../types.ts";
import { rotationBoardProblem } from "./board.ts";
import { idaStarRotation } from "./idastar.ts";
import { rotationTable } from "./table.ts";
import { answerFromTable } from "./table-solver.ts";

export function solveRotation(spec: RotationSpec, options: SolveOptions = {}): SolveResult {
  const problem = rotationBoardProblem(spec.start);
  if (problem !== undefined) throw new PuzzleInputError(problem, "BAD_PUZZLE", "start");
  const algorithm = options.algorithm ?? "auto";
  const began = performance.now();
  if (algorithm === "idastar") {
    const outcome = idaStarRotation(spec.start, options);
    const figures = {
      algorithm: "rotation-idastar",
      heuristic: "centre-count",
      nodes: outcome.nodes,
      elapsedMs: performance.now() - began,
    };
    return outcome.status === "solved"
      ? solvedResult(outcome.moves, figures, outcome.centre)
      : stoppedResult(outcome.status, outcome.lowerBound, figures);
  }
  if (algorithm !== "auto" && algorithm !== "bfs") {
    throw new PuzzleInputError(
      `algorithm ${algorithm} is not available for the rotation game (use auto, bfs or idastar)`,
      "BAD_OPTION",
      "options",
    );
  }
  const answer = answerFromTable(spec.start, rotationTable());
  const figures = {
    algorithm: "rotation-table",
    nodes: answer.lookups,
    elapsedMs: performance.now() - began,
  };
  return solvedResult(answer.moves, figures, answer.centre);
}
