// A daily puzzle not published yet (its optimum still being proven, or never proven before its day
// ended) is no puzzle to anyone: every operation that takes a puzzle id reads it through here, so it
// answers as for an unknown id (docs/competition.md, "Published once proven").
import { NotFoundError } from "../../errors/index.ts";
import type { Puzzle } from "../../repositories/puzzles.ts";
import type { GraphQLContext } from "../context.ts";

/** The puzzle, or null when there is none or it is a daily puzzle not published yet. */
export async function visiblePuzzle(ctx: GraphQLContext, puzzleId: number): Promise<Puzzle | null> {
  const puzzle = await ctx.loaders.puzzleById.load(puzzleId);
  return puzzle !== null && (await ctx.services.daily.unpublished(puzzle)) ? null : puzzle;
}

/** As visiblePuzzle, but NOT_FOUND (`no puzzle with id N`) instead of null. */
export async function requireVisiblePuzzle(ctx: GraphQLContext, puzzleId: number): Promise<Puzzle> {
  const puzzle = await visiblePuzzle(ctx, puzzleId);
  if (puzzle === null) throw new NotFoundError(`no puzzle with id ${puzzleId}`);
  return puzzle;
}

/** The Solve, or null when there is none or its puzzle is not visible (the proof of a daily not published yet). */
export async function visibleSolve<S extends { puzzleId: number }>(
  ctx: GraphQLContext,
  solve: S | null,
): Promise<S | null> {
  return solve === null || (await visiblePuzzle(ctx, solve.puzzleId)) === null ? null : solve;
}
