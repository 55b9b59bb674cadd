// A test puzzle's rating before its first rated game: its difficulty's start (docs/competition.md),
// computed by the core from the fixture's board and optimum, as the platform does at the first game.
import { type Rating, initialPuzzleRating } from "../../src/core/rating/index.ts";
import type { PuzzleFixture } from "./fixtures.ts";

export function puzzleStart(fixture: PuzzleFixture): Rating {
  const { kind, rows, cols, goal } = fixture.input as {
    kind: string;
    rows?: number;
    cols?: number;
    goal?: number[];
  };
  if (kind !== "SLIDING" || rows === undefined || cols === undefined)
    return initialPuzzleRating(undefined, undefined, -1, fixture.optimum);
  // Without a goal the platform's default goal is used: tiles in order, the blank last.
  const goalBlank = goal === undefined ? rows * cols - 1 : goal.indexOf(0);
  return initialPuzzleRating(rows, cols, goalBlank, fixture.optimum);
}
