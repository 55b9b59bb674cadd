// Puzzles: creation, lookup, lists (keyset pages, newest first) and the live feed of new puzzles.
import type { Puzzle, PuzzleKind } from "../../repositories/puzzles.ts";
import type { PublicUser } from "../../repositories/users.ts";
import { PUZZLE_CREATED, type CreatePuzzleInput, type PuzzleCreatedEvent } from "../../services/puzzles.ts";
import type { GraphQLContext } from "../context.ts";
import { limitWork } from "../guards.ts";
import { parseId } from "../ids.ts";
import { idConnection, idPage, type ConnectionArgs } from "../pagination.ts";

interface PuzzleListArgs extends ConnectionArgs {
  readonly kind?: PuzzleKind | null;
  readonly ownerName?: string | null;
  readonly ownerId?: number;
}

async function puzzleConnection(ctx: GraphQLContext, args: PuzzleListArgs) {
  const page = idPage(args);
  const rows = await ctx.services.puzzles.list({
    kind: args.kind,
    ownerName: args.ownerName,
    ownerId: args.ownerId,
    beforeId: page.beforeId,
    take: page.take,
  });
  for (const row of rows) ctx.loaders.puzzleById.prime(row.id, row);
  return idConnection(rows, page);
}

export const puzzleResolvers = {
  Query: {
    puzzle: (_: unknown, args: { id: string }, ctx: GraphQLContext) =>
      ctx.loaders.puzzleById.load(parseId(args.id)),
    puzzles: (_: unknown, args: PuzzleListArgs, ctx: GraphQLContext) => puzzleConnection(ctx, args),
  },
  Mutation: {
    async createPuzzle(_: unknown, args: { input: CreatePuzzleInput }, ctx: GraphQLContext) {
      const user = await limitWork(ctx);
      return ctx.services.puzzles.create(user, args.input);
    },
  },
  Subscription: {
    puzzleCreated: {
      subscribe: (_: unknown, args: { kind?: PuzzleKind | null }, ctx: GraphQLContext) =>
        ctx.app.events.subscribe<PuzzleCreatedEvent>(
          PUZZLE_CREATED,
          (event) => args.kind === null || args.kind === undefined || event.kind === args.kind,
        ),
      // Events carry the id only: the puzzle itself is read from Postgres.
      resolve: (event: PuzzleCreatedEvent, _: unknown, ctx: GraphQLContext) =>
        ctx.loaders.puzzleById.load(event.id),
    },
  },
  Puzzle: {
    id: (puzzle: Puzzle) => String(puzzle.id),
    goal: (puzzle: Puzzle) => (puzzle.kind === "ROTATION" ? null : puzzle.goal),
    owner: (puzzle: Puzzle, _: unknown, ctx: GraphQLContext) => ctx.loaders.userById.load(puzzle.ownerId),
  },
  User: {
    puzzles: (user: PublicUser, args: ConnectionArgs & { kind?: PuzzleKind | null }, ctx: GraphQLContext) =>
      puzzleConnection(ctx, { ...args, ownerId: user.id }),
  },
};
