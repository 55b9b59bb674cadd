// Per-request DataLoaders of the competition domain (a WeakMap entry beside the request's context,
// as the leaderboard's): whether a board is a running daily puzzle.
import DataLoader from "dataloader";
import type { DailyService } from "./daily.ts";

function createCompetitionLoaders(daily: DailyService) {
  return {
    /** Canonical key -> whether it is the board of a daily puzzle whose day runs. */
    dailyRunningByKey: new DataLoader<string, boolean>(async (keys) => {
      const running = await daily.runningKeys(keys);
      return keys.map((key) => running.has(key));
    }),
  };
}

export type CompetitionLoaders = ReturnType<typeof createCompetitionLoaders>;

const loadersByRequest = new WeakMap<object, CompetitionLoaders>();

/** Forgets the loaders of `context` (their caches): the next use creates fresh ones. */
export function forgetCompetitionLoaders(context: object): void {
  loadersByRequest.delete(context);
}

export function competitionLoaders(context: object, daily: DailyService): CompetitionLoaders {
  let loaders = loadersByRequest.get(context);
  if (loaders === undefined) {
    loaders = createCompetitionLoaders(daily);
    loadersByRequest.set(context, loaders);
  }
  return loaders;
}
