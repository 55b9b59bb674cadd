// The competition: daily puzzles and their archive, analyses and hints. Thin over DailyService,
// AnalysisService and HintService (a daily's players and day ranking are leaderboard reads: ./leaderboard.ts).
import { DailyInProgressError } from "../../errors/index.ts";
import type { DailyRow } from "../../repositories/daily-puzzles.ts";
import type { Submission } from "../../repositories/submissions.ts";
import type { DailyCategory } from "../../services/daily-boards.ts";
import { dayEnd } from "../../services/daily.ts";
import type { GraphQLContext } from "../context.ts";
import { limitWork, requireUser } from "../guards.ts";
import { parseId } from "../ids.ts";
import { type ConnectionArgs, dailyCursor, decodeCursor, pageSize, toConnection } from "../pagination.ts";
import { movesVisible } from "./moves-visibility.ts";
import { requireVisiblePuzzle } from "./puzzle-visibility.ts";

/** NOT_FOUND for an unknown id, and for a daily puzzle not published yet. */
const puzzleOrThrow = (ctx: GraphQLContext, id: string) => requireVisiblePuzzle(ctx, parseId(id, "puzzleId"));

export const competitionResolvers = {
  Query: {
    async dailyPuzzle(
      _: unknown,
      args: { category: DailyCategory; date?: string | null },
      ctx: GraphQLContext,
    ) {
      const date = ctx.services.daily.parseDate(args.date);
      return ctx.services.daily.get(args.category, date);
    },
    async dailyPuzzles(_: unknown, args: ConnectionArgs & { category: DailyCategory }, ctx: GraphQLContext) {
      const size = pageSize(args.first);
      const after = decodeCursor(args.after, dailyCursor);
      const rows = await ctx.services.daily.page(args.category, size + 1, after?.date);
      return toConnection(rows, size, (row) => ["DAILY", row.date], args.after);
    },
    async hint(_: unknown, args: { puzzleId: string; position?: number[] | null }, ctx: GraphQLContext) {
      // A query that needs a token, as a mutation does: UNAUTHENTICATED before its arguments are read.
      const user = requireUser(ctx);
      const puzzle = await puzzleOrThrow(ctx, args.puzzleId);
      await limitWork(ctx);
      return ctx.services.hints.hint(puzzle, user.id, args.position);
    },
  },
  Mutation: {
    async analyzeSolution(_: unknown, args: { puzzleId: string; moves: string }, ctx: GraphQLContext) {
      // UNAUTHENTICATED before its arguments are read (and before any read of the puzzle), as hint.
      requireUser(ctx);
      const puzzle = await puzzleOrThrow(ctx, args.puzzleId);
      const user = await limitWork(ctx);
      return ctx.services.analysis.analyze(puzzle, args.moves, user.id);
    },
  },
  DailyPuzzle: {
    puzzle: (row: DailyRow, _: unknown, ctx: GraphQLContext) => ctx.loaders.puzzleById.load(row.puzzleId),
    running: (row: DailyRow, _: unknown, ctx: GraphQLContext) => ctx.services.daily.isRunning(row.date),
    endsAt: (row: DailyRow) => new Date(dayEnd(row.date)),
  },
  Submission: {
    async analysis(submission: Submission, _: unknown, ctx: GraphQLContext) {
      if (!(await movesVisible(ctx, submission.puzzleId, submission.userId))) return null;
      const puzzle = await ctx.loaders.puzzleById.load(submission.puzzleId);
      // Beyond the limits (a 5x5, over 1,000 moves) null, not an error, and nothing charged.
      if (puzzle === null || !ctx.services.analysis.analysable(puzzle, submission.moves)) return null;
      // The same work as analyzeSolution (proofs on the workers for a 4x4), so the same budget: one
      // point per analysis asked for (a viewer who may read moves always has a token).
      await limitWork(ctx);
      try {
        // No player: whoever may read a submission's moves has a submission on its puzzle (their own,
        // or an optimal one), so this analysis reviews a game played and is no help.
        return await ctx.services.analysis.analyze(puzzle, submission.moves);
      } catch (error) {
        if (error instanceof DailyInProgressError) return null;
        throw error;
      }
    },
  },
};
