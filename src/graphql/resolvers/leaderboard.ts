// Leaderboards: submitSolution, leaderboard, topSolvers, User.submissions / stats, a daily puzzle's
// day ranking and players, and the leaderboardChanged feed. Thin over SubmissionService and LeaderboardService; per-row fields that
// need the database (optimal, rank, stats) go through per-request DataLoaders.
import type {
  LeaderboardKey,
  LeaderboardRow,
  RatedSolverKey,
  SolverKey,
  SolverRow,
} from "../../repositories/leaderboard.ts";
import type { DailyRow } from "../../repositories/daily-puzzles.ts";
import type { PlayerGame } from "../../repositories/ratings.ts";
import type { Puzzle, PuzzleKind } from "../../repositories/puzzles.ts";
import type { Submission } from "../../repositories/submissions.ts";
import type { PublicUser } from "../../repositories/users.ts";
import { dayBoard } from "../../services/daily.ts";
import { isOptimumProven, type LeaderboardEvent } from "../../services/leaderboard.ts";
import { leaderboardLoaders } from "../../services/leaderboard-loaders.ts";
import { forgetCachedReads, type GraphQLContext } from "../context.ts";
import { NotFoundError } from "../../errors/index.ts";
import { limitWork } from "../guards.ts";
import { parseId } from "../ids.ts";
import { movesVisible } from "./moves-visibility.ts";
import { requireVisiblePuzzle } from "./puzzle-visibility.ts";
import {
  decodeCursor,
  idConnection,
  idPage,
  leaderboardCursor,
  ratedSolversCursor,
  pageSize,
  toConnection,
  topSolversCursor,
  type ConnectionArgs,
} from "../pagination.ts";

/** Why a leaderboardChanged event was sent (LeaderboardChange in the schema). */
type Change = "NEW_BEST" | "OPTIMUM_PROVEN";

/**
 * A leaderboard row (with its user) and the puzzle's optimum, read together; `change` only on the
 * entries sent by leaderboardChanged.
 */
type Entry = LeaderboardRow & { readonly optimum: number | null; readonly change?: Change };

const loaders = (ctx: GraphQLContext) => leaderboardLoaders(ctx, ctx.services, ctx.user?.id ?? null);

/** true / false against the proven optimum, null while it is unknown. */
function isOptimal(length: number, optimum: number | null): boolean | null {
  return optimum === null ? null : length <= optimum;
}

/**
 * A page and the connection's own fields in two queries run at once (the page joins its users):
 * a leaderboard page costs one round trip to Postgres. NOT_FOUND for an unknown puzzle, and for a daily
 * puzzle not published yet (the summary says which, docs/competition.md). With `before`,
 * the leaderboard as it stood then (a daily puzzle's day ranking).
 */
async function leaderboardConnection(
  ctx: GraphQLContext,
  puzzleId: number,
  args: ConnectionArgs,
  before?: Date,
) {
  const size = pageSize(args.first);
  const after: LeaderboardKey | undefined = decodeCursor(args.after, leaderboardCursor);
  const service = ctx.services.leaderboards;
  const [summary, rows] = await Promise.all([
    service.summary(puzzleId, before),
    service.page(puzzleId, size + 1, after, before),
  ]);
  if (!summary.puzzleShown) throw new NotFoundError(`no puzzle with id ${puzzleId}`);
  const entries: Entry[] = rows.map((row) => ({ ...row, optimum: summary.optimum }));
  const connection = toConnection(
    entries,
    size,
    (row) => [row.length, row.createdAt.getTime(), row.userId],
    args.after,
  );
  return { ...connection, optimalLength: summary.optimum, totalEntries: summary.totalEntries };
}

interface TopSolversArgs extends ConnectionArgs {
  readonly kind?: PuzzleKind | null;
  readonly rows?: number | null;
  readonly cols?: number | null;
  readonly orderBy?: "OPTIMAL_SOLUTIONS" | "RATING" | null;
}

/**
 * By rating: cursors ["RATING", rating, userId] (JSON writes a double so that it reads back exactly),
 * tagged so that a cursor of the other ordering is refused.
 */
async function topRatedConnection(ctx: GraphQLContext, args: TopSolversArgs) {
  const size = pageSize(args.first);
  const after: RatedSolverKey | undefined = decodeCursor(args.after, ratedSolversCursor);
  const rows = await ctx.services.leaderboards.topRated(args, size + 1, after);
  return toConnection(rows, size, (row) => ["RATING", row.rating, row.userId], args.after);
}

async function topSolversConnection(ctx: GraphQLContext, args: TopSolversArgs) {
  if (args.orderBy === "RATING") return topRatedConnection(ctx, args);
  const size = pageSize(args.first);
  const after: SolverKey | undefined = decodeCursor(args.after, topSolversCursor);
  const rows = await ctx.services.leaderboards.topSolvers(args, size + 1, after);
  return toConnection(rows, size, (row) => [row.optimalSolutions, row.excessMoves, row.userId], args.after);
}

export const leaderboardResolvers = {
  Query: {
    leaderboard: (_: unknown, args: ConnectionArgs & { puzzleId: string }, ctx: GraphQLContext) =>
      leaderboardConnection(ctx, parseId(args.puzzleId, "puzzleId"), args),
    topSolvers: (_: unknown, args: TopSolversArgs, ctx: GraphQLContext) => topSolversConnection(ctx, args),
  },
  Mutation: {
    async submitSolution(_: unknown, args: { puzzleId: string; moves: string }, ctx: GraphQLContext) {
      const puzzleId = parseId(args.puzzleId, "puzzleId");
      const user = await limitWork(ctx);
      // A daily puzzle not published yet cannot be played before everyone sees it.
      await requireVisiblePuzzle(ctx, puzzleId);
      return ctx.services.submissions.submit(user, puzzleId, args.moves);
    },
  },
  Subscription: {
    leaderboardChanged: {
      async subscribe(_: unknown, args: { puzzleId: string }, ctx: GraphQLContext) {
        const puzzleId = parseId(args.puzzleId, "puzzleId");
        await requireVisiblePuzzle(ctx, puzzleId);
        return ctx.services.leaderboards.changes(puzzleId);
      },
      // The event is a hint: the entry (with its rank now), the optimum and every nested field are
      // read fresh (the loaders' caches would live as long as the subscription). A new best sends the
      // user's entry; a proven optimum (every entry's `optimal` changed) sends the puzzle's leader.
      async resolve(event: LeaderboardEvent, _: unknown, ctx: GraphQLContext): Promise<Entry | null> {
        forgetCachedReads(ctx);
        const service = ctx.services.leaderboards;
        const proven = isOptimumProven(event);
        const [entry, optima] = await Promise.all([
          proven ? service.leader(event.puzzleId) : service.entry(event.puzzleId, event.userId),
          service.optima([event.puzzleId]),
        ]);
        if (entry === null) return null;
        const change: Change = proven ? "OPTIMUM_PROVEN" : "NEW_BEST";
        return { ...entry, optimum: optima.get(event.puzzleId) ?? null, change };
      },
    },
  },
  Submission: {
    id: (submission: Submission) => String(submission.id),
    moves: async (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      (await movesVisible(ctx, submission.puzzleId, submission.userId)) ? submission.moves : null,
    puzzle: (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      ctx.loaders.puzzleById.load(submission.puzzleId),
    user: (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      ctx.loaders.userById.load(submission.userId),
    optimal: async (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      isOptimal(submission.length, await loaders(ctx).optimumByPuzzleId.load(submission.puzzleId)),
    rank: (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      loaders(ctx).rankOfSubmission.load(submission),
    game: async (submission: Submission, _: unknown, ctx: GraphQLContext) =>
      (await loaders(ctx).gameOfSubmission.load(submission.id)) ?? "NOT_A_GAME",
  },
  LeaderboardEntry: {
    puzzle: (entry: Entry, _: unknown, ctx: GraphQLContext) => ctx.loaders.puzzleById.load(entry.puzzleId),
    submittedAt: (entry: Entry) => entry.createdAt,
    optimal: (entry: Entry) => isOptimal(entry.length, entry.optimum),
    change: (entry: Entry) => entry.change ?? null,
  },
  UserRanking: {
    user: (row: SolverRow, _: unknown, ctx: GraphQLContext) => ctx.loaders.userById.load(row.userId),
  },
  User: {
    async submissions(user: PublicUser, args: ConnectionArgs, ctx: GraphQLContext) {
      const page = idPage(args);
      const rows = await ctx.services.submissions.pageByUser(user.id, page.take, page.beforeId);
      return idConnection(rows, page);
    },
    stats: (user: PublicUser, _: unknown, ctx: GraphQLContext) => loaders(ctx).statsByUserId.load(user.id),
    rating: (user: PublicUser, _: unknown, ctx: GraphQLContext) => loaders(ctx).ratingByUserId.load(user.id),
    ratingHistory: (user: PublicUser, args: { first?: number | null }, ctx: GraphQLContext) =>
      ctx.services.ratings.history(user.id, pageSize(args.first)),
  },
  DailyPuzzle: {
    // The day's ranking: submissions made before the day's end only, each player's best of those.
    leaderboard: (row: DailyRow, args: ConnectionArgs, ctx: GraphQLContext) => {
      const board = dayBoard(row);
      return leaderboardConnection(ctx, board.puzzleId, args, board.before);
    },
    // The day's players: the day ranking's totalEntries.
    players: (row: DailyRow, _: unknown, ctx: GraphQLContext) =>
      loaders(ctx).playersBefore.load(dayBoard(row)),
  },
  RatedGame: {
    puzzle: (game: PlayerGame, _: unknown, ctx: GraphQLContext) => ctx.loaders.puzzleById.load(game.puzzleId),
  },
  Puzzle: {
    leaderboard: (puzzle: Puzzle, args: ConnectionArgs, ctx: GraphQLContext) =>
      leaderboardConnection(ctx, puzzle.id, args),
    optimalLength: (puzzle: Puzzle, _: unknown, ctx: GraphQLContext) =>
      loaders(ctx).optimumByPuzzleId.load(puzzle.id),
    rating: (puzzle: Puzzle, _: unknown, ctx: GraphQLContext) =>
      loaders(ctx).ratingByPuzzleId.load(puzzle.id),
    async difficulty(puzzle: Puzzle, _: unknown, ctx: GraphQLContext) {
      const optimum = await loaders(ctx).optimumByPuzzleId.load(puzzle.id);
      return optimum === null ? null : ctx.services.puzzles.difficulty(puzzle, optimum);
    },
    async optimalSolution(puzzle: Puzzle, _: unknown, ctx: GraphQLContext) {
      const solve = await loaders(ctx).optimalSolveByPuzzleId.load(puzzle.id);
      if (solve === null) return null;
      // The Solve may have been asked for by anyone (or the platform): only its author is exempt.
      return (await movesVisible(ctx, puzzle.id, solve.requestedById)) ? solve : { ...solve, moves: null };
    },
    async myBest(puzzle: Puzzle, _: unknown, ctx: GraphQLContext) {
      const best = await loaders(ctx).viewerBestByPuzzleId.load(puzzle.id);
      if (best === null) return null;
      return loaders(ctx).submissionById.load(best.submissionId);
    },
  },
};
