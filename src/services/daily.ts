// Daily puzzles (docs/competition.md): one per category per UTC day, drawn from DAILY_SECRET,
// created once however many schedulers fire, and published only once the platform's own solve has
// proven its optimum. While its day runs, the board (and any copy of it: same canonical key) is under
// the strict spoiler rule: no optimal solution, no one else's moves, no hints, no analysis.
import { canonicalKey, createPuzzle, isSolvable } from "../core/index.ts";
import type { Solve } from "../generated/prisma/client.ts";
import { BadInputError, DailyInProgressError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import type { DailyPuzzleRepository, DailyRow } from "../repositories/daily-puzzles.ts";
import type { NewPuzzle } from "../repositories/puzzles.ts";
import { type DailyCategory, dailyBoard } from "./daily-boards.ts";

/** What the daily service needs from the solving pipeline. */
export interface DailySolver {
  request(user: null, puzzleId: number, options: { timeLimitSeconds: number }): Promise<Solve>;
  findById(id: number): Promise<Solve | null>;
}

export interface DailySettings {
  readonly secret: string;
  /** How long `ensure` follows a queued proof (4x4) before leaving the day unpublished for a retry. */
  readonly proofTimeoutMs?: number;
  readonly pollMs?: number;
  readonly now?: () => Date;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The platform's proof of a daily 4x4 gets this long (random 15-puzzle states take seconds with 6-6-3). */
const PROOF_LIMIT_SECONDS = 600;

/** The UTC day of `at`, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When the UTC day `date` ends (the next midnight), ISO. */
export function dayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString();
}

function puzzleOf(date: string, category: DailyCategory, secret: string, ownerId: number): NewPuzzle {
  // A board already at its goal is no puzzle: draw again (astronomically rare but possible on 3x3).
  for (let attempt = 0; ; attempt++) {
    const board = dailyBoard(secret, date, category, attempt);
    const spec = createPuzzle({
      kind: board.kind === "ROTATION" ? "rotation" : "sliding",
      rows: board.kind === "SLIDING" ? board.rows : undefined,
      cols: board.kind === "SLIDING" ? board.cols : undefined,
      start: board.start,
    });
    const solved =
      spec.kind === "sliding" ? spec.start.every((tile, i) => tile === spec.goal[i]) : isGoal(spec.start);
    if (solved) continue;
    return {
      ownerId,
      kind: board.kind,
      rows: spec.kind === "sliding" ? spec.rows : null,
      cols: spec.kind === "sliding" ? spec.cols : null,
      start: spec.start,
      goal: spec.kind === "sliding" ? spec.goal : [],
      title: `Daily ${category.replace("SLIDING_", "").replace("X", "x").toLowerCase()} puzzle of ${date}`,
      canonicalKey: canonicalKey(spec),
      solvable: isSolvable(spec),
    };
  }
}

/** The Rotation Game's goal: one symbol on all eight centre cells. */
function isGoal(cells: readonly number[]): boolean {
  const centre = [6, 7, 8, 11, 12, 15, 16, 17].map((cell) => cells[cell]);
  return centre.every((symbol) => symbol === centre[0]);
}

export class DailyService {
  private readonly now: () => Date;

  constructor(
    private readonly dailies: DailyPuzzleRepository,
    private readonly solver: DailySolver,
    private readonly settings: DailySettings,
    private readonly log: Logger,
  ) {
    this.now = settings.now ?? (() => new Date());
  }

  today(): string {
    return utcDay(this.now());
  }

  /** `date` checked (a real `YYYY-MM-DD` day), or today when absent. BAD_USER_INPUT on field `date`. */
  parseDate(date: string | null | undefined): string {
    if (date === null || date === undefined) return this.today();
    const match = DATE.exec(date);
    const parsed = match ? new Date(`${date}T00:00:00Z`) : undefined;
    if (parsed === undefined || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== date) {
      throw new BadInputError(`date must be a day written YYYY-MM-DD, got ${JSON.stringify(date)}`, "date");
    }
    return date;
  }

  /** Whether `date`'s day is not over yet. */
  isRunning(date: string): boolean {
    return date >= this.today();
  }

  /** The published daily puzzle of that day; null before it is published, or for a day to come. */
  async get(category: DailyCategory, date: string): Promise<DailyRow | null> {
    const row = await this.dailies.find(date, category);
    return row?.publishedAt ? row : null;
  }

  /** Published days, newest first. */
  page(category: DailyCategory, take: number, beforeDate?: string): Promise<DailyRow[]> {
    return this.dailies.page(category, take, beforeDate);
  }

  players(puzzleIds: readonly number[]): Promise<Map<number, number>> {
    return this.dailies.players(puzzleIds);
  }

  /** Of these canonical keys, those of a daily puzzle whose day runs. */
  runningKeys(keys: readonly string[]): Promise<Set<string>> {
    return this.dailies.runningKeys(keys, this.today());
  }

  /** Throws DAILY_IN_PROGRESS when one of the boards is (a copy of) a daily puzzle whose day runs. */
  async refuseWhileRunning(keys: readonly string[], what: string): Promise<void> {
    if ((await this.runningKeys(keys)).size === 0) return;
    const endsAt = dayEnd(this.today());
    throw new DailyInProgressError(
      `${what} is not available for a daily puzzle before its day ends (${endsAt})`,
      endsAt,
    );
  }

  /**
   * Creates the day's puzzle of the category if missing, proves its optimum through the solving
   * pipeline and publishes it. Idempotent: safe to run from any number of schedulers at once.
   * Returns the row, published or (when the proof did not finish in time) not yet.
   */
  async ensure(date: string, category: DailyCategory, signal?: AbortSignal): Promise<DailyRow> {
    const { row } = await this.dailies.findOrCreate(date, category, (ownerId) =>
      puzzleOf(date, category, this.settings.secret, ownerId),
    );
    if (row.publishedAt !== null) return row;
    const optimum = await this.prove(row.puzzleId, signal);
    if (optimum === null) {
      this.log.warn(
        { date, category, puzzleId: row.puzzleId },
        "daily puzzle not published: no proven optimum yet",
      );
      return row;
    }
    const published = await this.dailies.publish(date, category, optimum);
    this.log.info({ date, category, puzzleId: row.puzzleId, optimum }, "daily puzzle published");
    return published;
  }

  /** The proven optimal length, through the pipeline (a table answers at once; 4x4 is queued). */
  private async prove(puzzleId: number, signal?: AbortSignal): Promise<number | null> {
    let solve = await this.solver.request(null, puzzleId, { timeLimitSeconds: PROOF_LIMIT_SECONDS });
    const deadline = Date.now() + (this.settings.proofTimeoutMs ?? (PROOF_LIMIT_SECONDS + 60) * 1000);
    // A worker shutting down stops waiting (the job is tried again, the search goes on elsewhere).
    while (
      (solve.status === "QUEUED" || solve.status === "RUNNING") &&
      Date.now() < deadline &&
      signal?.aborted !== true
    ) {
      await new Promise((resolve) => setTimeout(resolve, this.settings.pollMs ?? 1000));
      solve = (await this.solver.findById(solve.id)) ?? solve;
    }
    return solve.status === "SOLVED" && solve.optimal === true && solve.length !== null ? solve.length : null;
  }
}
