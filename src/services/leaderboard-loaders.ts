// Per-request DataLoaders of the leaderboard domain, so a page of submissions, entries or users
// costs one query per field (optimum, rank, stats) instead of one per row. They live beside the
// request's context object (a WeakMap entry) and die with it.
import DataLoader from "dataloader";
import type { UserStatsRow } from "../repositories/leaderboard.ts";
import type { RankKey } from "../repositories/submissions.ts";
import type { LeaderboardService } from "./leaderboard.ts";

function createLeaderboardLoaders(service: LeaderboardService) {
  return {
    /** Proven optimal length by puzzle id; null while unknown. */
    optimumByPuzzleId: new DataLoader<number, number | null>(async (ids) => {
      const optima = await service.optima(ids);
      return ids.map((id) => optima.get(id) ?? null);
    }),
    /** A submission's current rank. */
    rankOfSubmission: new DataLoader<RankKey, number, number>(
      async (keys) => {
        const ranks = await service.ranks(keys);
        return keys.map((key) => ranks.get(key.id) ?? new Error(`no rank for submission ${key.id}`));
      },
      { cacheKeyFn: (key) => key.id },
    ),
    statsByUserId: new DataLoader<number, UserStatsRow>(async (ids) => {
      const stats = await service.userStats(ids);
      return ids.map(
        (userId) => stats.get(userId) ?? { userId, submissions: 0, optimalSolutions: 0, puzzlesCreated: 0 },
      );
    }),
  };
}

export type LeaderboardLoaders = ReturnType<typeof createLeaderboardLoaders>;

const loadersByRequest = new WeakMap<object, LeaderboardLoaders>();

/** The loaders of the request `context` identifies, created on first use. */
export function leaderboardLoaders(context: object, service: LeaderboardService): LeaderboardLoaders {
  let loaders = loadersByRequest.get(context);
  if (loaders === undefined) {
    loaders = createLeaderboardLoaders(service);
    loadersByRequest.set(context, loaders);
  }
  return loaders;
}
