// Leaderboards and player records: a puzzle's ranking (one entry per user), the ranking of players
// across puzzles (topSolvers), per-user counts, and the live feed of new personal bests. Reads only:
// submissions are written by SubmissionService.
import { BadInputError } from "../errors/index.ts";
import type {
  BestSubmission,
  BoardAt,
  LeaderboardKey,
  LeaderboardRepository,
  LeaderboardRow,
  LeaderboardSummary,
  RatedSolverKey,
  RatedSolverRow,
  SolverFilter,
  SolverKey,
  SolverRow,
  UserStatsRow,
} from "../repositories/leaderboard.ts";
import type { RankKey, SubmissionRepository } from "../repositories/submissions.ts";
import type { Solve } from "../generated/prisma/client.ts";
import type { EventBus } from "./events.ts";

/**
 * Event bus topic: a user's best submission for a puzzle improved (or is their first), or the optimum
 * of the puzzle's board became known (every entry's `optimal` changed).
 */
export const LEADERBOARD_CHANGED = "leaderboard-changed";

/** A new personal best. A hint, not data: subscribers read the entry from Postgres. */
export interface LeaderboardChangedEvent {
  readonly puzzleId: number;
  readonly userId: number;
  readonly submissionId: number;
}

/**
 * A Solve proved the optimum of the puzzle's board (published by SettleOnSolve for each puzzle of the
 * canonical key with entries). Subscribers are sent the puzzle's leading entry, read from Postgres.
 */
export interface OptimumProvenEvent {
  readonly puzzleId: number;
  readonly optimumProven: true;
  readonly solveId: number;
}

export type LeaderboardEvent = LeaderboardChangedEvent | OptimumProvenEvent;

export function isOptimumProven(event: LeaderboardEvent): event is OptimumProvenEvent {
  return "optimumProven" in event && event.optimumProven === true;
}

/** Sliding boards are 2..5 on a side. */
const SIDE_MIN = 2;
const SIDE_MAX = 5;

/** A board side from the API: 2..5 or absent, else BAD_USER_INPUT naming the field. */
export function checkSide(value: number | null | undefined, field: "rows" | "cols"): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < SIDE_MIN || value > SIDE_MAX) {
    throw new BadInputError(`${field} must be from ${SIDE_MIN} to ${SIDE_MAX}, got ${value}`, field);
  }
  return value;
}

export interface SolverFilterInput {
  readonly kind?: SolverFilter["kind"] | null;
  readonly rows?: number | null;
  readonly cols?: number | null;
}

function checkFilter(filter: SolverFilterInput): SolverFilter {
  // The Rotation Game has one board and no rows or columns: such a filter matched nothing, silently.
  if (filter.kind === "ROTATION") {
    const field = filter.rows != null ? "rows" : filter.cols != null ? "cols" : undefined;
    if (field !== undefined)
      throw new BadInputError(
        `${field} does not apply to kind ROTATION (its board has no rows or columns)`,
        field,
      );
  }
  return {
    kind: filter.kind ?? undefined,
    rows: checkSide(filter.rows, "rows"),
    cols: checkSide(filter.cols, "cols"),
  };
}

export class LeaderboardService {
  constructor(
    private readonly leaderboards: LeaderboardRepository,
    private readonly submissions: SubmissionRepository,
    private readonly events: EventBus,
  ) {}

  /**
   * `take` rows of the puzzle's leaderboard after `after`. With `before`, of the leaderboard as it
   * stood then: each user's best submission made before it, ranked among those only (a daily
   * puzzle's day ranking: what came after cannot push a day player down).
   */
  page(puzzleId: number, take: number, after?: LeaderboardKey, before?: Date): Promise<LeaderboardRow[]> {
    return this.leaderboards.page(puzzleId, take, after, before);
  }

  /** The user's current entry on the puzzle's leaderboard, or null when they have none. */
  entry(puzzleId: number, userId: number): Promise<LeaderboardRow | null> {
    return this.leaderboards.entryOf(puzzleId, userId);
  }

  /** Whether the puzzle exists, its optimum and its number of entries (with `before`: as `page`). */
  summary(puzzleId: number, before?: Date): Promise<LeaderboardSummary> {
    return this.leaderboards.summary(puzzleId, before);
  }

  /** Each board's players as it stood at its time (its summary's totalEntries), in the order given. */
  playersBefore(boards: readonly BoardAt[]): Promise<number[]> {
    return this.leaderboards.playersBefore(boards);
  }

  /** Proven optimal lengths by puzzle id (absent: not known yet). */
  optima(puzzleIds: readonly number[]): Promise<Map<number, number>> {
    return this.leaderboards.optima(puzzleIds);
  }

  /** The current rank of each submission (see SubmissionRepository.ranks). */
  ranks(keys: readonly RankKey[]): Promise<Map<number, number>> {
    return this.submissions.ranks(keys);
  }

  topSolvers(filter: SolverFilterInput, take: number, after?: SolverKey): Promise<SolverRow[]> {
    return this.leaderboards.topSolvers(checkFilter(filter), take, after);
  }

  /** Players by rating (docs/competition.md), among those with an entry on a matching puzzle. */
  topRated(filter: SolverFilterInput, take: number, after?: RatedSolverKey): Promise<RatedSolverRow[]> {
    return this.leaderboards.topRated(checkFilter(filter), take, after);
  }

  /** The user's best submission per puzzle (absent: none). */
  bestOf(userId: number, puzzleIds: readonly number[]): Promise<Map<number, BestSubmission>> {
    return this.leaderboards.bestOf(userId, puzzleIds);
  }

  /** The shortest proven-optimal Solve per puzzle (absent: none yet). */
  optimalSolves(puzzleIds: readonly number[]): Promise<Map<number, Solve>> {
    return this.leaderboards.optimalSolves(puzzleIds);
  }

  userStats(userIds: readonly number[]): Promise<Map<number, UserStatsRow>> {
    return this.leaderboards.userStats(userIds);
  }

  /** The puzzle's leading entry (rank 1, earliest among ties), or null when it has none. */
  async leader(puzzleId: number): Promise<LeaderboardRow | null> {
    const [first] = await this.leaderboards.page(puzzleId, 1);
    return first ?? null;
  }

  /** New personal bests on the puzzle and proofs of its optimum, from any API process, from now on. */
  changes(puzzleId: number): AsyncIterableIterator<LeaderboardEvent> {
    return this.events.subscribe<LeaderboardEvent>(
      LEADERBOARD_CHANGED,
      (event) => event.puzzleId === puzzleId,
    );
  }
}
