// The spoiler rule (services/spoiler-rule.ts) applied in a request: for a solution of `puzzleId`
// made by `authorId` (a submission's user, a Solve's requester), with the viewer's best, the optimum
// and whether the board is a running daily puzzle read through per-request loaders.
import { competitionLoaders } from "../../services/competition-loaders.ts";
import { leaderboardLoaders } from "../../services/leaderboard-loaders.ts";
import { canSeeMoves } from "../../services/spoiler-rule.ts";
import type { GraphQLContext } from "../context.ts";

export async function movesVisible(
  ctx: GraphQLContext,
  puzzleId: number,
  authorId: number | null,
): Promise<boolean> {
  const viewerId = ctx.user?.id ?? null;
  if (viewerId === null) return false;
  if (authorId === viewerId) return true;
  const loaders = leaderboardLoaders(ctx, ctx.services, viewerId);
  const [best, optimum, puzzle] = await Promise.all([
    loaders.viewerBestByPuzzleId.load(puzzleId),
    loaders.optimumByPuzzleId.load(puzzleId),
    ctx.loaders.puzzleById.load(puzzleId),
  ]);
  const dailyRunning =
    puzzle !== null &&
    (await competitionLoaders(ctx, ctx.services.daily).dailyRunningByKey.load(puzzle.canonicalKey));
  return canSeeMoves({ viewerId, authorId, viewerBest: best?.length, optimum, dailyRunning });
}
