// What a first submission made before the puzzle's optimum was proven turns out to be to the ratings.
// Its proof settles the game (rated, or unrated after a hint or a solve: docs/competition.md), but the
// server announces the optimum (leaderboardChanged, OPTIMUM_PROVEN) before it settles the games, so
// the refetch that brings the optimum still reads PENDING: the verdict asks again until it is settled.
import { puzzleExtras, type Submission } from "../api/operations.ts";
import type { Cleanup } from "../ui/router.ts";

const ASK_EVERY_MS = 1000;
/** A backlog is settled within seconds of the proof; after this many asks the verdict stays as it is. */
const ASK_AT_MOST = 30;

/** Calls `settled` with the game of the viewer's submission `submissionId` once it is no longer PENDING. */
export function followGame(
  puzzleId: string,
  submissionId: string,
  settled: (game: Submission["game"]) => void,
): Cleanup {
  let stopped = false;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    asked += 1;
    const best = (await puzzleExtras(puzzleId).catch(() => null))?.myBest;
    if (stopped) return;
    // Another submission of the viewer's is the best now (this one is not what the page shows).
    if (best && best.id !== submissionId) return;
    if (best && best.game !== "PENDING") {
      settled(best.game);
      return;
    }
    if (asked < ASK_AT_MOST) timer = setTimeout(ask, ASK_EVERY_MS);
  };
  void ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
