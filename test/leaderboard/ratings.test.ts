// Ratings against the real server: a player's first submission on a puzzle with a proven optimum is
// one Glicko-2 game (player vs puzzle), later ones are not rated, games submitted before the optimum
// was proven are rated once it is, and concurrent games never lose an update (the puzzle's and the
// player's rows are locked in one transaction per game).
import { describe, expect, it } from "vitest";
import { DEFAULT_RATING, rateGame, solutionScore } from "../../src/core/rating/index.ts";
import { SETTLE_BATCH } from "../../src/services/ratings.ts";
import { useTestServer } from "../helpers/server.ts";
import { type PuzzleFixture, ONE_STEP, createPuzzle, proveOptimum, submit } from "./fixtures.ts";
import { puzzleStart } from "./puzzle-start.ts";

const api = useTestServer();

const RATINGS = `query ($p: ID!, $u: String!) {
  puzzle(id: $p) { rating { value deviation volatility games } }
  user(name: $u) { rating { value deviation volatility games } }
}`;

/**
 * A 4x4 two moves from its goal, a different board each call (its goal's tiles rotated), so that no
 * other test has proven its optimum: no worker runs here, so it stays unknown until proven.
 */
let boards = 0;
function near4x4(): PuzzleFixture {
  boards += 1;
  const tiles = Array.from({ length: 15 }, (_, i) => ((i + boards) % 15) + 1);
  const goal = [...tiles, 0];
  const start = [...tiles.slice(0, 13), 0, tiles[13], tiles[14]];
  return {
    input: { kind: "SLIDING", rows: 4, cols: 4, start, goal },
    optimum: 2,
    solutions: { 2: "RR", 4: "RLRR" },
  };
}

async function games(puzzleId: string) {
  return api.server.app.prisma.ratedGame.findMany({
    where: { puzzleId: Number(puzzleId) },
    orderBy: { submissionId: "asc" },
  });
}

/**
 * Every game's "before" must be the previous game's "after": a lost update shows as two games
 * starting from the same rating. Returns the games in chain order.
 */
function chain<T>(rows: T[], before: (row: T) => number, after: (row: T) => number, start: number): T[] {
  const ordered: T[] = [];
  let current = start;
  const left = [...rows];
  while (left.length > 0) {
    const next = left.findIndex((row) => before(row) === current);
    if (next < 0) throw new Error(`no game starts from ${current}: an update was lost`);
    const [row] = left.splice(next, 1);
    ordered.push(row);
    current = after(row);
  }
  return ordered;
}

describe("ratings", () => {
  it("rates a player's first submission only, as Glicko-2 computes it", async () => {
    const owner = await api.client().signUp();
    const puzzleId = await createPuzzle(owner.client, ONE_STEP);
    await proveOptimum(api.server.app, puzzleId, ONE_STEP);
    const alice = await api.client().signUp();
    await submit(alice.client, puzzleId, "R");
    const expected = rateGame(DEFAULT_RATING, puzzleStart(ONE_STEP), 1);
    const first = await alice.client.data(RATINGS, { p: puzzleId, u: alice.user.name });
    expect(first.user.rating.games).toBe(1);
    expect(first.user.rating.value).toBeCloseTo(expected.player.value, 9);
    expect(first.user.rating.deviation).toBeCloseTo(expected.player.deviation, 9);
    expect(first.puzzle.rating.value).toBeCloseTo(expected.puzzle.value, 9);
    expect(first.puzzle.rating.value).toBeLessThan(1500);

    // Later submissions, better or worse, are not rated.
    await submit(alice.client, puzzleId, "LRR");
    await submit(alice.client, puzzleId, "R");
    expect(await alice.client.data(RATINGS, { p: puzzleId, u: alice.user.name })).toEqual(first);

    // A longer first solution scores (optimum/length)^2 against the puzzle's rating after the first game.
    const bob = await api.client().signUp();
    await submit(bob.client, puzzleId, "LRR");
    const bobs = rateGame(DEFAULT_RATING, expected.puzzle, solutionScore(3, 1));
    const second = await bob.client.data(RATINGS, { p: puzzleId, u: bob.user.name });
    expect(second.user.rating.value).toBeCloseTo(bobs.player.value, 9);
    expect(second.user.rating.value).toBeLessThan(1500);
    expect(second.puzzle.rating).toMatchObject({ games: 2 });
    expect(second.puzzle.rating.value).toBeCloseTo(bobs.puzzle.value, 9);
    expect((await games(puzzleId)).map((g) => [g.length, g.optimum, g.score])).toEqual([
      [1, 1, 1],
      [3, 1, 1 / 9],
    ]);
  });

  it("shows no rating before a first rated game", async () => {
    const { client, user } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, near4x4());
    const data = await client.data(RATINGS, { p: puzzleId, u: user.name });
    expect(data).toEqual({ puzzle: { rating: null }, user: { rating: null } });
  });

  it("rates submissions made before the optimum was proven once it is, in submission order", async () => {
    const owner = await api.client().signUp();
    const board = near4x4();
    const puzzleId = await createPuzzle(owner.client, board);
    const early = await api.client().signUp();
    expect((await submit(early.client, puzzleId, "RLRR")).optimal).toBeNull();
    expect(await games(puzzleId)).toEqual([]);
    await proveOptimum(api.server.app, puzzleId, board);
    // The next submission on the puzzle settles the pending game first, then its own.
    const late = await api.client().signUp();
    await submit(late.client, puzzleId, "RR");
    const rated = await games(puzzleId);
    expect(rated.map((g) => [g.userId, g.length, g.score])).toEqual([
      [Number(early.user.id), 4, 0.25],
      [Number(late.user.id), 2, 1],
    ]);
    expect(rated[1].puzzleBefore).toBe(rated[0].puzzleAfter);
  });

  it("drains a backlog of pending games at most SETTLE_BATCH per submission, oldest first", async () => {
    const owner = await api.client().signUp();
    const board = near4x4();
    const puzzleId = await createPuzzle(owner.client, board);
    const early = await Promise.all(Array.from({ length: SETTLE_BATCH + 3 }, () => api.client().signUp()));
    for (const p of early) await submit(p.client, puzzleId, "RR");
    await proveOptimum(api.server.app, puzzleId, board);
    const late = await api.client().signUp();
    await submit(late.client, puzzleId, "RR");
    const firstPass = await games(puzzleId);
    expect(firstPass.map((g) => g.userId)).toEqual(
      early.slice(0, SETTLE_BATCH).map((p) => Number(p.user.id)),
    );
    await submit(late.client, puzzleId, "RLRR"); // not a game itself, but it drains the rest
    expect((await games(puzzleId)).map((g) => g.userId)).toEqual(
      [...early, late].map((p) => Number(p.user.id)),
    );
  });

  it("serialises concurrent first submissions on one puzzle: no update is lost", async () => {
    const owner = await api.client().signUp();
    const board = near4x4();
    const puzzleId = await createPuzzle(owner.client, board);
    await proveOptimum(api.server.app, puzzleId, board);
    const players = await Promise.all(Array.from({ length: 12 }, () => api.client().signUp()));
    await Promise.all(players.map((p, i) => submit(p.client, puzzleId, i % 2 === 0 ? "RR" : "RLRR")));
    const rated = await games(puzzleId);
    expect(rated).toHaveLength(12);
    const ordered = chain(
      rated,
      (g) => g.puzzleBefore,
      (g) => g.puzzleAfter,
      puzzleStart(board).value,
    );
    const stats = await api.server.app.prisma.puzzleStats.findUniqueOrThrow({
      where: { puzzleId: Number(puzzleId) },
    });
    expect(stats).toMatchObject({ ratedGames: 12, players: 12, rating: ordered.at(-1)?.puzzleAfter });
  });

  it("rates every game of more concurrent first submissions than SETTLE_BATCH, each once", async () => {
    // Each request settles its puzzle before it returns. Concurrent calls used to read the same
    // oldest SETTLE_BATCH pending games and race for them, leaving the rest pending (about 25 of 40
    // rated) until some later submission on the puzzle.
    const owner = await api.client().signUp();
    const board = near4x4();
    const puzzleId = await createPuzzle(owner.client, board);
    await proveOptimum(api.server.app, puzzleId, board);
    const count = SETTLE_BATCH + 15;
    const players = await Promise.all(Array.from({ length: count }, () => api.client().signUp()));
    await Promise.all(players.map((p, i) => submit(p.client, puzzleId, i % 2 === 0 ? "RR" : "RLRR")));
    const rated = await games(puzzleId);
    expect(rated.map((g) => g.userId).sort((a, b) => a - b)).toEqual(
      players.map((p) => Number(p.user.id)).sort((a, b) => a - b),
    );
    const ordered = chain(
      rated,
      (g) => g.puzzleBefore,
      (g) => g.puzzleAfter,
      puzzleStart(board).value,
    );
    const stats = await api.server.app.prisma.puzzleStats.findUniqueOrThrow({
      where: { puzzleId: Number(puzzleId) },
    });
    expect(stats).toMatchObject({
      ratedGames: count,
      players: count,
      rating: ordered.at(-1)?.puzzleAfter,
    });
  });

  it("serialises one player's concurrent games on different puzzles", async () => {
    const owner = await api.client().signUp();
    const puzzleIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const board = near4x4();
      const id = await createPuzzle(owner.client, board);
      await proveOptimum(api.server.app, id, board);
      puzzleIds.push(id);
    }
    const player = await api.client().signUp();
    await Promise.all(puzzleIds.map((id) => submit(player.client, id, "RR")));
    const rated = await api.server.app.prisma.ratedGame.findMany({
      where: { userId: Number(player.user.id) },
    });
    expect(rated).toHaveLength(8);
    const ordered = chain(
      rated,
      (g) => g.playerBefore,
      (g) => g.playerAfter,
      DEFAULT_RATING.value,
    );
    const rating = await api.server.app.prisma.playerRating.findUniqueOrThrow({
      where: { userId: Number(player.user.id) },
    });
    expect(rating).toMatchObject({ games: 8, value: ordered.at(-1)?.playerAfter });
  });
});
