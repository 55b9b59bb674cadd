// The daily puzzles in Postgres: one row per (date, category) (the primary key), created together
// with its puzzle under a transaction-scoped advisory lock, so that two schedulers firing at once
// create one puzzle, not one each with a lost row. Dates are UTC days, `YYYY-MM-DD`.
import type { PrismaClient } from "../db/client.ts";
import type { DailyCategory, Puzzle } from "../generated/prisma/client.ts";
import type { NewPuzzle } from "./puzzles.ts";

export interface DailyRow {
  readonly date: string;
  readonly category: DailyCategory;
  readonly puzzleId: number;
  readonly canonicalKey: string;
  readonly optimalLength: number | null;
  readonly publishedAt: Date | null;
}

/** The account that owns the daily puzzles (created by the migration). */
const DAILY_OWNER = "daily puzzle";
/** First key of the advisory lock that serialises the creation of one (date, category). */
const CREATE_LOCK = 73_112_024;

const day = (date: Date): string => date.toISOString().slice(0, 10);
const asDate = (date: string): Date => new Date(`${date}T00:00:00Z`);

function toRow(row: {
  date: Date;
  category: DailyCategory;
  puzzleId: number;
  canonicalKey: string;
  optimalLength: number | null;
  publishedAt: Date | null;
}): DailyRow {
  return {
    date: day(row.date),
    category: row.category,
    puzzleId: row.puzzleId,
    canonicalKey: row.canonicalKey,
    optimalLength: row.optimalLength,
    publishedAt: row.publishedAt,
  };
}

export class DailyPuzzleRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async find(date: string, category: DailyCategory): Promise<DailyRow | null> {
    const row = await this.prisma.dailyPuzzle.findUnique({
      where: { date_category: { date: asDate(date), category } },
    });
    return row === null ? null : toRow(row);
  }

  /**
   * The day's row, created with its puzzle (from `board`, called only when none exists) unless
   * another process did it first. `created` says whether this call made it.
   */
  async findOrCreate(
    date: string,
    category: DailyCategory,
    board: (ownerId: number) => NewPuzzle,
  ): Promise<{ row: DailyRow; created: boolean; puzzle?: Puzzle }> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CREATE_LOCK}::int, hashtext(${`${date}:${category}`}))`;
      const existing = await tx.dailyPuzzle.findUnique({
        where: { date_category: { date: asDate(date), category } },
      });
      if (existing !== null) return { row: toRow(existing), created: false };
      const owner = await tx.user.findUniqueOrThrow({ where: { name: DAILY_OWNER }, select: { id: true } });
      const input = board(owner.id);
      const puzzle = await tx.puzzle.create({
        data: { ...input, start: [...input.start], goal: [...input.goal], stats: { create: {} } },
      });
      const row = await tx.dailyPuzzle.create({
        data: { date: asDate(date), category, puzzleId: puzzle.id, canonicalKey: puzzle.canonicalKey },
      });
      return { row: toRow(row), created: true, puzzle };
    });
  }

  /** The daily row of this puzzle (puzzle_id is unique); null when it is no daily puzzle. */
  async findByPuzzle(puzzleId: number): Promise<DailyRow | null> {
    const row = await this.prisma.dailyPuzzle.findUnique({ where: { puzzleId } });
    return row === null ? null : toRow(row);
  }

  /** The `daily puzzle` account's id (made by the daily puzzles' migration); null without it. */
  async ownerId(): Promise<number | null> {
    const owner = await this.prisma.user.findUnique({ where: { name: DAILY_OWNER }, select: { id: true } });
    return owner?.id ?? null;
  }

  async publish(date: string, category: DailyCategory, optimalLength: number): Promise<DailyRow> {
    const row = await this.prisma.dailyPuzzle.update({
      where: { date_category: { date: asDate(date), category } },
      data: { optimalLength, publishedAt: new Date() },
    });
    return toRow(row);
  }

  /** Published days of the category, newest first, dated before `beforeDate` when given. */
  async page(category: DailyCategory, take: number, beforeDate?: string): Promise<DailyRow[]> {
    const rows = await this.prisma.dailyPuzzle.findMany({
      where: {
        category,
        publishedAt: { not: null },
        ...(beforeDate === undefined ? {} : { date: { lt: asDate(beforeDate) } }),
      },
      orderBy: { date: "desc" },
      take,
    });
    return rows.map(toRow);
  }

  /** The daily puzzles dated `today` or later: those whose day is not over (a few rows). */
  async running(today: string): Promise<DailyRow[]> {
    const rows = await this.prisma.dailyPuzzle.findMany({ where: { date: { gte: asDate(today) } } });
    return rows.map(toRow);
  }
}
