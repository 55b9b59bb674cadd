// Puzzles in Postgres. Lists are keyset-paginated on the id, newest first, so a page costs one
// index range scan (puzzles_kind_id_idx / puzzles_owner_id_id_idx / the primary key) at any depth.
import { LRUCache } from "lru-cache";
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
  /**
   * Puzzles never change once created (nothing updates or deletes one but the cascade from its owner,
   * which no API offers): the most recent ones created or read by this process are kept, so asking for
   * a puzzle's solve right after creating it (what the web page does), or again, reads nothing.
   */
  private readonly recent = new LRUCache<number, Puzzle>({ max: 10_000 });

  constructor(private readonly prisma: PrismaClient) {}

  async create(puzzle: NewPuzzle): Promise<Puzzle> {
    const created = await this.prisma.puzzle.create({
      data: { ...puzzle, start: [...puzzle.start], goal: [...puzzle.goal] },
    });
    this.recent.set(created.id, created);
    return created;
  }

  async findById(id: number): Promise<Puzzle | null> {
    const kept = this.recent.get(id);
    if (kept !== undefined) return kept;
    const puzzle = await this.prisma.puzzle.findUnique({ where: { id } });
    if (puzzle !== null) this.recent.set(id, puzzle);
    return puzzle;
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
