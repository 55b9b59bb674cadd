// Puzzles in Postgres. Lists are keyset-paginated on the id, newest first, so a page costs one
// index range scan (puzzles_kind_id_idx / puzzles_owner_id_id_idx / the primary key) at any depth.
import type { PrismaClient } from "../db/client.ts";
import type { Puzzle, PuzzleKind } from "../generated/prisma/client.ts";

export type { Puzzle, PuzzleKind };

export interface NewPuzzle {
  readonly ownerId: number;
  readonly kind: PuzzleKind;
  readonly rows: number | null;
  readonly cols: number | null;
  readonly start: readonly number[];
  readonly goal: readonly number[];
  readonly title: string | null;
  readonly canonicalKey: string;
  readonly solvable: boolean;
}

export interface PuzzlePageQuery {
  readonly kind?: PuzzleKind;
  readonly ownerId?: number;
  /** Only puzzles older than this id (the cursor). */
  readonly beforeId?: number;
  readonly take: number;
}

export class PuzzleRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(puzzle: NewPuzzle): Promise<Puzzle> {
    return this.prisma.puzzle.create({ data: { ...puzzle, start: [...puzzle.start], goal: [...puzzle.goal] } });
  }

  findById(id: number): Promise<Puzzle | null> {
    return this.prisma.puzzle.findUnique({ where: { id } });
  }

  /** For DataLoader: any order, missing ids absent. */
  findByIds(ids: readonly number[]): Promise<Puzzle[]> {
    return this.prisma.puzzle.findMany({ where: { id: { in: [...ids] } } });
  }

  /** Newest first: WHERE [kind/owner] AND id < cursor ORDER BY id DESC LIMIT take. */
  page(query: PuzzlePageQuery): Promise<Puzzle[]> {
    return this.prisma.puzzle.findMany({
      where: {
        kind: query.kind,
        ownerId: query.ownerId,
        id: query.beforeId === undefined ? undefined : { lt: query.beforeId },
      },
      orderBy: { id: "desc" },
      take: query.take,
    });
  }
}
