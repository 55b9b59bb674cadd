// Solving: requestSolve, cancelSolve, the solve history and the solveProgress subscription. Thin
// over SolveService; the rows are Prisma's Solve, with ids as strings and BigInts as numbers.
import type { Solve } from "../../generated/prisma/client.ts";
import type { Puzzle } from "../../repositories/puzzles.ts";
import type { PublicUser } from "../../repositories/users.ts";
import {
  puzzleSpec,
  type RequestSolveOptions,
  type SolveEvent,
  storedAlgorithmUsed,
} from "../../solves/index.ts";
import { forgetCachedReads, type GraphQLContext } from "../context.ts";
import { ForbiddenError, NotFoundError } from "../../errors/index.ts";
import { limitWork, requireUser } from "../guards.ts";
import { parseId } from "../ids.ts";
import { idConnection, idPage, type ConnectionArgs } from "../pagination.ts";
import { movesVisible } from "./moves-visibility.ts";
import { requireVisiblePuzzle, visibleSolve } from "./puzzle-visibility.ts";

async function solveConnection(
  ctx: GraphQLContext,
  args: ConnectionArgs,
  owner: { puzzleId: number } | { userId: number },
) {
  const page = idPage(args);
  const rows = await ctx.services.solves.page({ ...owner, beforeId: page.beforeId, take: page.take });
  return idConnection(rows, page);
}

async function givesDailyAway(ctx: GraphQLContext, puzzleId: number, moves: string): Promise<boolean> {
  const puzzle = await ctx.loaders.puzzleById.load(puzzleId);
  return puzzle !== null && ctx.services.daily.givesAway(puzzleSpec(puzzle), moves);
}

export const solveResolvers = {
  Query: {
    async solve(_: unknown, args: { id: string }, ctx: GraphQLContext) {
      // A Solve of a daily puzzle not published yet carries that puzzle: it is not found until then.
      return visibleSolve(ctx, await ctx.services.solves.findById(parseId(args.id)));
    },
  },
  Mutation: {
    async requestSolve(
      _: unknown,
      args: { puzzleId: string; options?: RequestSolveOptions | null },
      ctx: GraphQLContext,
    ) {
      const puzzleId = parseId(args.puzzleId, "puzzleId");
      const user = await limitWork(ctx);
      // A running daily puzzle's board, a copy of it, or a puzzle a few moves from it (sliding: also
      // renamed, turned, mirrored or with start and goal swapped) is not solved for anyone before its
      // day ends (docs/competition.md, "No copying").
      // A daily puzzle not published yet is NOT_FOUND, as an unknown id is.
      const puzzle = await requireVisiblePuzzle(ctx, puzzleId);
      const spec = puzzleSpec(puzzle);
      // Bad options are bad input on any board, a running daily's too (before: DAILY_IN_PROGRESS).
      ctx.services.solves.checkOptions(puzzle, args.options ?? {});
      await ctx.services.daily.refuseNearRunning(spec, "a solve");
      const solve = await ctx.services.solves.request(user, puzzleId, args.options ?? {});
      // An answer known at once that passes near the daily on an optimal route of it gives it away:
      // refused, and Solve.moves hides it until the day ends (so do answers that arrive later).
      if (solve.moves !== null) {
        await ctx.services.daily.refuseGivingAway(spec, solve.moves, "a solve");
      }
      // The requester has had help on this board: a first submission on it (or a disguised copy)
      // after this plays an unrated game (docs/competition.md).
      await ctx.services.ratings.recordHelp(user.id, spec);
      return solve;
    },
    async cancelSolve(_: unknown, args: { id: string }, ctx: GraphQLContext) {
      const user = requireUser(ctx);
      const id = parseId(args.id);
      try {
        return await ctx.services.solves.cancel(user, id);
      } catch (error) {
        // The proof of a daily puzzle not published yet is no one's Solve, and not found: FORBIDDEN
        // would tell that it is there. Read only on a refusal, which the proof always gets.
        if (error instanceof ForbiddenError) {
          const solve = await ctx.services.solves.findById(id);
          if (solve !== null && (await visibleSolve(ctx, solve)) === null)
            throw new NotFoundError(`no solve with id ${id}`);
        }
        throw error;
      }
    },
  },
  Subscription: {
    solveProgress: {
      async subscribe(_: unknown, args: { solveId: string }, ctx: GraphQLContext) {
        const id = parseId(args.solveId, "solveId");
        const solve = await visibleSolve(ctx, await ctx.services.solves.findById(id));
        const stream = solve === null ? undefined : await ctx.services.solves.progress(id);
        if (!stream) throw new NotFoundError(`no solve with id ${id}`);
        return stream;
      },
      resolve: (event: SolveEvent, _: unknown, ctx: GraphQLContext) => {
        forgetCachedReads(ctx); // the event's nested fields read as of this event
        return event;
      },
    },
  },
  Solve: {
    id: (solve: Solve) => String(solve.id),
    puzzle: (solve: Solve, _: unknown, ctx: GraphQLContext) => ctx.loaders.puzzleById.load(solve.puzzleId),
    requestedBy: (solve: Solve, _: unknown, ctx: GraphQLContext) =>
      solve.requestedById === null ? null : ctx.loaders.userById.load(solve.requestedById),
    onBehalfOf: (solve: Solve, _: unknown, ctx: GraphQLContext) =>
      solve.onBehalfOfId === null ? null : ctx.loaders.userById.load(solve.onBehalfOfId),
    nodesExpanded: (solve: Solve) => (solve.nodesExpanded === null ? null : Number(solve.nodesExpanded)),
    algorithmUsed: (solve: Solve) => storedAlgorithmUsed(solve.algorithmUsed),
    // The spoiler rule: one's own requests always; others' (and the platform's) as others' moves;
    // nobody's while they give a running daily puzzle away.
    moves: async (solve: Solve, _: unknown, ctx: GraphQLContext) =>
      solve.moves !== null &&
      (await movesVisible(ctx, solve.puzzleId, solve.requestedById)) &&
      !(await givesDailyAway(ctx, solve.puzzleId, solve.moves))
        ? solve.moves
        : null,
  },
  SolveEvent: {
    solveId: (event: SolveEvent) => String(event.solveId),
  },
  Puzzle: {
    solves: (puzzle: Puzzle, args: ConnectionArgs, ctx: GraphQLContext) =>
      solveConnection(ctx, args, { puzzleId: puzzle.id }),
  },
  User: {
    solves: (user: PublicUser, args: ConnectionArgs, ctx: GraphQLContext) =>
      solveConnection(ctx, args, { userId: user.id }),
  },
};
