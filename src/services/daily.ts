// Daily puzzles (docs/competition.md): one per category per UTC day, drawn from DAILY_SECRET,
// created once however many schedulers fire, and published only once the platform's own solve has
// proven its optimum. While its day runs, the board (and any copy of it: same canonical key) is under
// the strict spoiler rule: no optimal solution, no one else's moves, no hints, no analysis; and no
// solve of a puzzle near it (SPOILER_RADIUS; up to renaming, symmetry and, for sliding dailies,
// swapping start and goal), nor an answer that passes near it on an optimal route.
import {
  boardsEqual,
  canonicalKey,
  createPuzzle,
  isRotationGoal,
  isSolvable,
  nearKey,
  neighbourhood,
  positionsAlong,
  specOfKey,
} from "../core/index.ts";
import type { PuzzleSpec } from "../core/types.ts";
import type { Solve } from "../generated/prisma/client.ts";
import { BadInputError, DailyInProgressError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import type { DailyPuzzleRepository, DailyRow } from "../repositories/daily-puzzles.ts";
import type { BoardAt } from "../repositories/leaderboard.ts";
import type { NewPuzzle } from "../repositories/puzzles.ts";
import { FreshRead } from "../fresh-read.ts";
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

/** The BullMQ queue of the daily puzzles' scheduler (workers/daily-scheduler.ts; the dashboard shows it). */
export const DAILY_QUEUE = "daily-puzzles";

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The days a user may name (`dailyPuzzle(date:)`, `dailyPuzzles` cursors): years 2000..9999. */
const FIRST_DAY = "2000-01-01";
const LAST_DAY = "9999-12-31";
/** The platform's proof of a daily 4x4 gets this long (random 15-puzzle states take seconds with 6-6-3). */
const PROOF_LIMIT_SECONDS = 600;

/**
 * How many moves from a running daily's start a board is too close to be solved for anyone
 * (docs/competition.md, "No copying"): each board one move further out is a separate solve, and only a
 * few of them lie on an optimal route. 4x4 and Rotation Game states are too many for a legitimate board
 * to land this close by chance; a 3x3 stays at 4 (about one random 3x3 answer in 450 passes that near
 * on an optimal route of the day's board, one in 900 at radius 2), and anyone can solve a 3x3 offline
 * in a fraction of a second anyway.
 */
export const SPOILER_RADIUS: Readonly<Record<DailyCategory, number>> = {
  SLIDING_3X3: 4,
  SLIDING_4X4: 8,
  ROTATION: 3,
};
/** Whether `date` is a real day written `YYYY-MM-DD`, of years 2000..9999 (Postgres has no year 0). */
export function isDailyDate(date: string): boolean {
  if (!DATE.test(date) || date < FIRST_DAY || date > LAST_DAY) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && utcDay(parsed) === date;
}

/** The UTC day of `at`, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When the UTC day `date` ends (the next midnight), ISO. */
export function dayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString();
}

/**
 * A daily puzzle's day ranking: its puzzle's leaderboard as it stood when the day ended, each user's
 * best submission made during the day (docs/leaderboards.md). What came later (the optimal moves are
 * public by then) has no place in it.
 */
export function dayBoard(row: DailyRow): BoardAt {
  return { puzzleId: row.puzzleId, before: new Date(dayEnd(row.date)) };
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
    const solved = spec.kind === "sliding" ? boardsEqual(spec.start, spec.goal) : isRotationGoal(spec.start);
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

/**
 * Which puzzles can meet a daily's neighbourhood: the Rotation Game's, or sliding puzzles of the same
 * board up to transposition (renaming makes every goal comparable).
 */
function family(spec: PuzzleSpec): string {
  if (spec.kind === "rotation") return "R";
  return `S${Math.min(spec.rows, spec.cols)}x${Math.max(spec.rows, spec.cols)}`;
}

/** A daily puzzle whose day runs, as its guard sees it. */
interface RunningDaily {
  readonly key: string;
  readonly puzzleId: number;
  /** Shown by `dailyPuzzle`: its optimum is proven. */
  readonly published: boolean;
  readonly family: string;
  /** Null until proven (a 4x4 is published minutes after its creation). */
  readonly optimum: number | null;
  /** Its `neighbourhood` within its SPOILER_RADIUS: computed once per daily and process. */
  readonly near: ReadonlyMap<string, number>;
}

export class DailyService {
  private readonly now: () => Date;
  /**
   * The running dailies (rows dated today or later), read for every check and never from a cache: a
   * row a worker creates at midnight guards its neighbours from the next check on (until the
   * thirty-first session a cached "no row" left them unguarded for up to 5 s). Concurrent checks
   * share one read that began after each of them (FreshRead): one query per query latency under load
   * rather than one or more per request.
   */
  private running: { readonly today: string; readonly reader: FreshRead<RunningDaily[]> } | undefined;
  /** The `daily puzzle` account's id, read once. */
  private owner: Promise<number | null> | undefined;
  /** Daily puzzles seen published: publishing is for good, so these need no read again. */
  private publishedIds = new Set<number>();
  /** Each running daily's neighbourhood by canonical key: computed once per daily and process. */
  private nearSets = new Map<string, ReadonlyMap<string, number>>();

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
    if (!isDailyDate(date)) {
      throw new BadInputError(
        `date must be a day written YYYY-MM-DD from ${FIRST_DAY} to ${LAST_DAY}, got ${JSON.stringify(date)}`,
        "date",
      );
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

  /**
   * Whether the puzzle is a daily puzzle not published yet (its optimum still being proven): until
   * `dailyPuzzle` shows it, nothing else may (`puzzle(id)`, its Solves, submissions). Puzzles of any
   * other owner answer without a query; the daily account's read the running dailies (shared read),
   * and one whose day is over (not among them: its proof may never have ended) its own row by id;
   * one seen published none (publishedIds).
   */
  async unpublished(puzzle: { readonly id: number; readonly ownerId: number }): Promise<boolean> {
    this.owner ??= this.dailies.ownerId().catch((error: unknown) => {
      this.owner = undefined;
      throw error;
    });
    if (puzzle.ownerId !== (await this.owner) || this.publishedIds.has(puzzle.id)) return false;
    const running = (await this.runningDailies()).find((daily) => daily.puzzleId === puzzle.id);
    const published = running === undefined ? await this.publishedDay(puzzle.id) : running.published;
    if (published) this.publishedIds.add(puzzle.id);
    return !published;
  }

  /** Whether the daily puzzle of a day that is over was published (true for no daily at all). */
  private async publishedDay(puzzleId: number): Promise<boolean> {
    const row = await this.dailies.findByPuzzle(puzzleId);
    return row === null || row.publishedAt !== null;
  }

  /** Published days, newest first. */
  page(category: DailyCategory, take: number, beforeDate?: string): Promise<DailyRow[]> {
    return this.dailies.page(category, take, beforeDate);
  }

  /** Of these canonical keys, those of a daily puzzle whose day runs. */
  async runningKeys(keys: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(keys);
    return new Set((await this.runningDailies()).map((daily) => daily.key).filter((key) => wanted.has(key)));
  }

  /** Throws DAILY_IN_PROGRESS when one of the boards is (a copy of) a daily puzzle whose day runs. */
  async refuseWhileRunning(keys: readonly string[], what: string): Promise<void> {
    if ((await this.runningKeys(keys)).size === 0) return;
    throw this.dailyItself(what);
  }

  private dailyItself(what: string): DailyInProgressError {
    return this.inProgress(`${what} is not available for a daily puzzle`);
  }

  /**
   * Throws DAILY_IN_PROGRESS when the puzzle is within SPOILER_RADIUS moves of a running daily
   * (`neighbourhood`: its start, and for sliding dailies its goal, moved by that many moves in all,
   * and any renamed, turned or mirrored copy, for sliding dailies swapped too), or is an exact copy of a running daily (any day not over, as `refuseWhileRunning`).
   * One indexed query (shared with the checks running at the same time).
   */
  async refuseNearRunning(spec: PuzzleSpec, what: string): Promise<void> {
    await this.refuseNearAny([spec], what);
  }

  /**
   * As refuseNearRunning for several puzzles at once: a hint's position, every position an analysis
   * gives distances for (a distance near the daily tells the way to it as well as a solve would).
   */
  async refuseNearAny(puzzles: readonly PuzzleSpec[], what: string): Promise<void> {
    if (puzzles.length === 0) return;
    const dailies = await this.runningDailies();
    const near = puzzles.some((puzzle) => {
      const meeting = dailies.filter((daily) => daily.family === family(puzzle));
      if (meeting.length === 0) return false;
      const key = nearKey(puzzle);
      return meeting.some((daily) => daily.near.has(key));
    });
    if (near) {
      throw this.inProgress(`${what} is not available for a board this close to a running daily puzzle`);
    }
    const keys = new Set(puzzles.map(canonicalKey));
    if (dailies.some((daily) => keys.has(daily.key))) throw this.dailyItself(what);
  }

  /**
   * Whether `moves` (normalized) from the puzzle's start give a running daily puzzle away. Along the
   * route b_0..b_n (b_n the goal), the last n - i moves solve b_i -> goal and the first i solve
   * start -> b_i. Either, when it is a puzzle of the daily's neighbourhood `away` moves short of the
   * daily, completes to a daily solution of away + those moves: an optimal one when that is at most
   * the optimum (any entry counts while the optimum is unproven). docs/competition.md, "Near a
   * running daily, too".
   */
  async givesAway(spec: PuzzleSpec, moves: string): Promise<boolean> {
    const dailies = (await this.runningDailies()).filter((daily) => daily.family === family(spec));
    if (dailies.length === 0) return false;
    const completes = (puzzle: PuzzleSpec, length: number) => {
      const key = nearKey(puzzle);
      return dailies.some((daily) => {
        const away = daily.near.get(key);
        return away !== undefined && (daily.optimum === null || away + length <= daily.optimum);
      });
    };
    const boards = positionsAlong(spec, moves);
    const n = boards.length - 1;
    // A Rotation Game route's prefix is no Rotation Game puzzle (its goal is any centre of one symbol).
    return boards.some(
      (board, i) =>
        completes({ ...spec, start: board }, n - i) ||
        (spec.kind === "sliding" && completes({ ...spec, goal: board }, i)),
    );
  }

  /** Throws DAILY_IN_PROGRESS when `givesAway`. */
  async refuseGivingAway(spec: PuzzleSpec, moves: string, what: string): Promise<void> {
    if (await this.givesAway(spec, moves)) {
      throw this.inProgress(`${what} passing this close to a running daily puzzle is not available`);
    }
  }

  private inProgress(what: string): DailyInProgressError {
    const endsAt = dayEnd(this.today());
    return new DailyInProgressError(`${what} before its day ends (${endsAt})`, endsAt);
  }

  /**
   * The running dailies: every row dated today or later (a worker whose clock runs ahead may have
   * made the next day's), as a read that began after this call.
   */
  private runningDailies(): Promise<RunningDaily[]> {
    const today = this.today();
    if (this.running?.today !== today) {
      this.running = { today, reader: new FreshRead(() => this.readRunning(today)) };
    }
    return this.running.reader.read();
  }

  private async readRunning(today: string): Promise<RunningDaily[]> {
    const rows = await this.dailies.running(today);
    const nearSets = new Map<string, ReadonlyMap<string, number>>();
    const dailies = rows.map((row) => {
      const spec = specOfKey(row.canonicalKey);
      const near = this.nearSets.get(row.canonicalKey) ?? neighbourhood(spec, SPOILER_RADIUS[row.category]);
      nearSets.set(row.canonicalKey, near);
      return {
        key: row.canonicalKey,
        puzzleId: row.puzzleId,
        published: row.publishedAt !== null,
        family: family(spec),
        optimum: row.optimalLength,
        near,
      };
    });
    this.nearSets = nearSets; // the dailies whose day is over are forgotten
    return dailies;
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
