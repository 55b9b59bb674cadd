// Puzzles in Postgres. Lists are keyset-paginated: newest first on the id (puzzles_kind_id_idx /
// puzzles_owner_id_id_idx / the primary key), most played on puzzle_stats (players, puzzle_id) and
// hardest on puzzle_stats (rating, puzzle_id), so a page costs one index range scan at any depth.
import { LRUCache } from "lru-cache";
import type { PrismaClient } from "../db/client.ts";
import { Prisma, type Puzzle, type PuzzleKind } from "../generated/prisma/client.ts";

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

/** The orderings of `find`, each with its keyset position. */
export type PuzzleOrder =
  | { readonly by: "NEWEST"; readonly after?: { readonly id: number } }
  | { readonly by: "MOST_PLAYED"; readonly after?: { readonly players: number; readonly id: number } }
  | { readonly by: "HARDEST"; readonly after?: { readonly rating: number; readonly id: number } };

export interface PuzzleSearch {
  readonly kind?: PuzzleKind;
  readonly rows?: number;
  readonly cols?: number;
  readonly ownerId?: number;
  /** Only puzzles whose canonical key has (true) or lacks (false) a proven optimum. */
  readonly hasOptimum?: boolean;
  readonly order: PuzzleOrder;
  readonly take: number;
}

/** A puzzle with the figures its ordering sorts on (the cursor is built from them). */
export interface FoundPuzzle {
  readonly puzzle: Puzzle;
  readonly players: number;
  readonly rating: number;
}

const PUZZLE_COLUMNS = Prisma.sql`p.id, p.owner_id AS "ownerId", p.kind, p.rows, p.cols, p.start, p.goal, p.title,
  p.canonical_key AS "canonicalKey", p.solvable, p.created_at AS "createdAt"`;

/**
 * Whether puzzle `p` is shown in lists: a daily puzzle joins them once its day (UTC) is over and it is
 * published, until then it is reached through dailyPuzzle only (docs/competition.md, "No spoilers
 * while it runs"); one whose proof never ended stays out. User.stats.puzzlesCreated counts only these
 * too, so that it agrees with User.puzzles and gives no hidden daily away. One primary-key probe of
 * daily_puzzles (puzzle_id, unique) per puzzle.
 */
export const LISTED = Prisma.sql`NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.puzzle_id = p.id
                                   AND (d.date >= (now() AT TIME ZONE 'UTC')::date OR d.published_at IS NULL))`;

export class PuzzleRepository {
  /**
   * Puzzles never change once created (nothing updates or deletes one but the cascade from its owner,
   * which no API offers): the most recent ones created or read by this process are kept, so asking for
   * a puzzle's solve right after creating it (what the web page does), or again, reads nothing.
   */
  private readonly recent = new LRUCache<number, Puzzle>({ max: 10_000 });

  constructor(private readonly prisma: PrismaClient) {}

  async create(puzzle: NewPuzzle): Promise<Puzzle> {
    // Its stats row is created with it, so the MOST_PLAYED and HARDEST orderings see every puzzle.
    const created = await this.prisma.puzzle.create({
      data: { ...puzzle, start: [...puzzle.start], goal: [...puzzle.goal], stats: { create: {} } },
    });
    this.recent.set(created.id, created);
    return created;
  }

  async findById(id: number): Promise<Puzzle | null> {
    const [puzzle] = await this.findByIds([id]);
    return puzzle ?? null;
  }

  /** For DataLoader: any order, missing ids absent. Those kept (see `recent`) are not read again. */
  async findByIds(ids: readonly number[]): Promise<Puzzle[]> {
    const kept: Puzzle[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const puzzle = this.recent.get(id);
      if (puzzle === undefined) missing.push(id);
      else kept.push(puzzle);
    }
    if (missing.length === 0) return kept;
    const read = await this.prisma.puzzle.findMany({ where: { id: { in: missing } } });
    for (const puzzle of read) this.recent.set(puzzle.id, puzzle);
    return [...kept, ...read];
  }

  /**
   * Puzzles matching the filter in the given order, after its keyset position. HARDEST lists only
   * puzzles with at least one rated game (a rating that never moved says nothing).
   */
  async find(search: PuzzleSearch): Promise<FoundPuzzle[]> {
    const where: Prisma.Sql[] = [LISTED];
    if (search.kind !== undefined) where.push(Prisma.sql`p.kind = ${search.kind}::"PuzzleKind"`);
    if (search.rows !== undefined) where.push(Prisma.sql`p.rows = ${search.rows}`);
    if (search.cols !== undefined) where.push(Prisma.sql`p.cols = ${search.cols}`);
    if (search.ownerId !== undefined) where.push(Prisma.sql`p.owner_id = ${search.ownerId}`);
    if (search.hasOptimum !== undefined) {
      const proven = Prisma.sql`EXISTS (SELECT 1 FROM solves v WHERE v.canonical_key = p.canonical_key
                                          AND v.status = 'SOLVED' AND v.optimal)`;
      where.push(search.hasOptimum ? proven : Prisma.sql`NOT ${proven}`);
    }
    const { order } = search;
    let orderBy: Prisma.Sql;
    if (order.by === "NEWEST") {
      if (order.after !== undefined) where.push(Prisma.sql`p.id < ${order.after.id}`);
      orderBy = Prisma.sql`p.id DESC`;
    } else if (order.by === "MOST_PLAYED") {
      if (order.after !== undefined)
        where.push(
          Prisma.sql`(s.players, s.puzzle_id) < (${order.after.players}::int, ${order.after.id}::int)`,
        );
      orderBy = Prisma.sql`s.players DESC, s.puzzle_id DESC`;
    } else {
      where.push(Prisma.sql`s.rated_games > 0`);
      if (order.after !== undefined)
        where.push(
          Prisma.sql`(s.rating, s.puzzle_id) < (${order.after.rating}::float8, ${order.after.id}::int)`,
        );
      orderBy = Prisma.sql`s.rating DESC, s.puzzle_id DESC`;
    }
    const condition = where.length === 0 ? Prisma.sql`true` : Prisma.join(where, " AND ");
    // NEWEST needs no stats: a LEFT JOIN keeps a puzzle whose stats row is missing (e.g. one inserted
    // by hand in SQL) in the list.
    const join = order.by === "NEWEST" ? Prisma.sql`LEFT JOIN` : Prisma.sql`JOIN`;
    const rows = await this.prisma.$queryRaw<(Puzzle & { players: number; rating: number })[]>`
      SELECT ${PUZZLE_COLUMNS}, coalesce(s.players, 0) AS players, coalesce(s.rating, 1500) AS rating
        FROM puzzles p ${join} puzzle_stats s ON s.puzzle_id = p.id
       WHERE ${condition}
       ORDER BY ${orderBy}
       LIMIT ${search.take}`;
    return rows.map(({ players, rating, ...puzzle }) => ({ puzzle, players, rating }));
  }
}
