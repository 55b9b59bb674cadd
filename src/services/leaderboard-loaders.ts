// Per-request DataLoaders of the leaderboard domain, so a page of submissions, entries, puzzles or
// users costs one query per field (optimum, rank, stats, ratings, the viewer's bests) instead of one
// per row. They live beside the request's context object (a WeakMap entry) and die with it.
import DataLoader from "dataloader";
import type { Solve } from "../generated/prisma/client.ts";
import type { BestSubmission, BoardAt, UserStatsRow } from "../repositories/leaderboard.ts";
import type { StoredRating, SubmissionGame } from "../repositories/ratings.ts";
import type { RankKey, Submission } from "../repositories/submissions.ts";
import type { LeaderboardService } from "./leaderboard.ts";
import type { RatingService } from "./ratings.ts";

export interface LeaderboardLoaderDeps {
  readonly leaderboards: LeaderboardService;
  readonly ratings: RatingService;
  readonly submissions: { findByIds(ids: readonly number[]): Promise<Submission[]> };
}

function mapLoader<V>(read: (ids: readonly number[]) => Promise<Map<number, V>>) {
  return new DataLoader<number, V | null>(async (ids) => {
    const found = await read(ids);
    return ids.map((id) => found.get(id) ?? null);
  });
}

function createLeaderboardLoaders(
  { leaderboards: service, ratings, submissions }: LeaderboardLoaderDeps,
  viewerId: number | null,
) {
  return {
    /** Proven optimal length by puzzle id; null while unknown. */
    optimumByPuzzleId: mapLoader((ids) => service.optima(ids)),
    /** A submission's current rank. */
    rankOfSubmission: new DataLoader<RankKey, number, number>(
      async (keys) => {
        const ranks = await service.ranks(keys);
        return keys.map((key) => ranks.get(key.id) ?? new Error(`no rank for submission ${key.id}`));
      },
      { cacheKeyFn: (key) => key.id },
    ),
    /** Players of a board as it stood at its time (a daily puzzle's day), as its summary counts them. */
    playersBefore: new DataLoader<BoardAt, number, string>((boards) => service.playersBefore(boards), {
      cacheKeyFn: (board) => `${board.puzzleId}@${board.before.getTime()}`,
    }),
    statsByUserId: new DataLoader<number, UserStatsRow>(async (ids) => {
      const stats = await service.userStats(ids);
      return ids.map(
        (userId) => stats.get(userId) ?? { userId, submissions: 0, optimalSolutions: 0, puzzlesCreated: 0 },
      );
    }),
    /** The viewer's best submission by puzzle id; null when anonymous or none. */
    viewerBestByPuzzleId: mapLoader<BestSubmission>((ids) =>
      viewerId === null ? Promise.resolve(new Map()) : service.bestOf(viewerId, ids),
    ),
    /** The best proven Solve by puzzle id; null while none. */
    optimalSolveByPuzzleId: mapLoader<Solve>((ids) => service.optimalSolves(ids)),
    submissionById: mapLoader<Submission>(async (ids) => {
      return new Map((await submissions.findByIds(ids)).map((row) => [row.id, row]));
    }),
    /** Ratings; null before the first rated game. */
    ratingByUserId: mapLoader<StoredRating>((ids) => ratings.players(ids)),
    /** What a submission is to the ratings (RATED, UNRATED, PENDING, NOT_A_GAME). */
    gameOfSubmission: mapLoader<SubmissionGame>((ids) => ratings.gamesOfSubmissions(ids)),
    ratingByPuzzleId: mapLoader<StoredRating>((ids) => ratings.puzzles(ids)),
  };
}

export type LeaderboardLoaders = ReturnType<typeof createLeaderboardLoaders>;

const loadersByRequest = new WeakMap<object, LeaderboardLoaders>();

/** Forgets the loaders of `context` (their caches): the next use creates fresh ones. */
export function forgetLeaderboardLoaders(context: object): void {
  loadersByRequest.delete(context);
}

/** The loaders of the request `context` identifies (asked by `viewerId`), created on first use. */
export function leaderboardLoaders(
  context: object,
  deps: LeaderboardLoaderDeps,
  viewerId: number | null,
): LeaderboardLoaders {
  let loaders = loadersByRequest.get(context);
  if (loaders === undefined) {
    loaders = createLeaderboardLoaders(deps, viewerId);
    loadersByRequest.set(context, loaders);
  }
  return loaders;
}
