// Puzzles: creation, lookup, lists (keyset pages, newest first) and the live feed of new puzzles.
import type { FoundPuzzle, Puzzle, PuzzleKind, PuzzleOrder } from "../../repositories/puzzles.ts";
import type { PublicUser } from "../../repositories/users.ts";
import { PUZZLE_CREATED, type CreatePuzzleInput, type PuzzleCreatedEvent } from "../../services/puzzles.ts";
import { forgetCachedReads, type GraphQLContext } from "../context.ts";
import { limitWork } from "../guards.ts";
import { parseId } from "../ids.ts";
import { visiblePuzzle } from "./puzzle-visibility.ts";
import {
  decodeCursor,
  hardestCursor,
  mostPlayedCursor,
  newestCursor,
  pageSize,
  toConnection,
  type ConnectionArgs,
  type CursorValue,
} from "../pagination.ts";

type PuzzleOrderName = PuzzleOrder["by"];

interface PuzzleFilterInput {
  readonly kind?: PuzzleKind | null;
  readonly rows?: number | null;
  readonly cols?: number | null;
  readonly hasOptimum?: boolean | null;
  readonly owner?: string | null;
}

interface PuzzleListArgs extends ConnectionArgs {
  readonly kind?: PuzzleKind | null;
  readonly ownerName?: string | null;
  readonly ownerId?: number;
  readonly filter?: PuzzleFilterInput | null;
  readonly orderBy?: PuzzleOrderName | null;
}

/**
 * Cursors per ordering (schemas in ../pagination.ts). NEWEST keeps the plain [id] of every id-ordered
 * list (old cursors stay valid); the others carry the ordering's name, so a cursor from one ordering
 * is refused by another.
 */
const CURSORS = {
  NEWEST: {
    encode: (row: FoundPuzzle): CursorValue[] => [row.puzzle.id],
    decode: (after: string | null | undefined): PuzzleOrder => ({
      by: "NEWEST",
      after: decodeCursor(after, newestCursor),
    }),
  },
  MOST_PLAYED: {
    encode: (row: FoundPuzzle): CursorValue[] => ["MOST_PLAYED", row.players, row.puzzle.id],
    decode: (after: string | null | undefined): PuzzleOrder => ({
      by: "MOST_PLAYED",
      after: decodeCursor(after, mostPlayedCursor),
    }),
  },
  HARDEST: {
    encode: (row: FoundPuzzle): CursorValue[] => ["HARDEST", row.rating, row.puzzle.id],
    decode: (after: string | null | undefined): PuzzleOrder => ({
      by: "HARDEST",
      after: decodeCursor(after, hardestCursor),
    }),
  },
} as const satisfies Record<PuzzleOrderName, unknown>;

async function puzzleConnection(ctx: GraphQLContext, args: PuzzleListArgs) {
  const size = pageSize(args.first);
  const by = args.orderBy ?? "NEWEST";
  const order = CURSORS[by].decode(args.after);
  const filter = args.filter ?? {};
  const kind = filter.kind ?? args.kind;
  // Both kinds given and different: nothing matches.
  if (filter.kind && args.kind && filter.kind !== args.kind)
    return toConnection([], size, () => [], args.after);
  const ownerName = filter.owner ?? args.ownerName;
  if (filter.owner && args.ownerName && filter.owner !== args.ownerName)
    return toConnection([], size, () => [], args.after);
  const rows = await ctx.services.puzzles.list({
    kind,
    rows: filter.rows,
    cols: filter.cols,
    hasOptimum: filter.hasOptimum,
    ownerName,
    ownerId: args.ownerId,
    order,
    take: size + 1,
  });
  for (const row of rows) ctx.loaders.puzzleById.prime(row.puzzle.id, row.puzzle);
  const connection = toConnection(rows, size, CURSORS[by].encode, args.after);
  return {
    ...connection,
    edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.puzzle })),
  };
}

export const puzzleResolvers = {
  Query: {
    // A daily puzzle not published yet is no puzzle to anyone (docs/competition.md, "Daily puzzles").
    puzzle: (_: unknown, args: { id: string }, ctx: GraphQLContext) => visiblePuzzle(ctx, parseId(args.id)),
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
      resolve: (event: PuzzleCreatedEvent, _: unknown, ctx: GraphQLContext) => {
        forgetCachedReads(ctx); // the event's nested fields (owner, stats) read as of this event
        return ctx.loaders.puzzleById.load(event.id);
      },
    },
  },
  Puzzle: {
    id: (puzzle: Puzzle) => String(puzzle.id),
    goal: (puzzle: Puzzle) => (puzzle.kind === "ROTATION" ? null : puzzle.goal),
    owner: (puzzle: Puzzle, _: unknown, ctx: GraphQLContext) => ctx.loaders.userById.load(puzzle.ownerId),
  },
  User: {
    puzzles: (user: PublicUser, args: ConnectionArgs & { kind?: PuzzleKind | null }, ctx: GraphQLContext) =>
      puzzleConnection(ctx, { first: args.first, after: args.after, kind: args.kind, ownerId: user.id }),
  },
};
