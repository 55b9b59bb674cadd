// A puzzle's first rated game starts it where its difficulty says (docs/competition.md, "Puzzle
// starts"), against the real server. Every puzzle used to start at 1500: a player who created
// trivial puzzles and solved each optimally climbed as if beating 1500-rated puzzles (about 2,366
// after 100). Now a one-move board starts at the floor and is worth almost nothing; puzzles already
// rated keep their ratings; boards of unknown difficulty (the Rotation Game) still start at 1500.
import { describe, expect, it } from "vitest";
import { createPuzzle as coreCreatePuzzle, solve } from "../../src/core/index.ts";
import { DEFAULT_RATING, type Rating, rateGame } from "../../src/core/rating/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { type PuzzleFixture, ONE_STEP, ROTATION, createPuzzle, proveOptimum, submit } from "./fixtures.ts";
import { puzzleStart } from "./puzzle-start.ts";

const api = useTestServer();

const RATINGS = `query ($p: ID!, $u: String!) {
  puzzle(id: $p) { rating { value deviation volatility games } }
  user(name: $u) { rating { value deviation volatility games } }
}`;

/** A 1500 newcomer's rating after one optimal game against each of these puzzle ratings, in order. */
function replay(starts: readonly Rating[]): number {
  let player = DEFAULT_RATING;
  for (const start of starts) player = rateGame(player, start, 1).player;
  return player.value;
}

/** The first rated game on the puzzle. */
async function firstGame(puzzleId: string) {
  return api.server.app.prisma.ratedGame.findFirstOrThrow({
    where: { puzzleId: Number(puzzleId) },
    orderBy: { submissionId: "asc" },
  });
}

/** A 3x3 31 moves from its goal (the most any 3x3 needs), with the core's optimal solution. */
function hardest3x3(): PuzzleFixture {
  const start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
  const result = solve(coreCreatePuzzle({ kind: "sliding", rows: 3, cols: 3, start }));
  if (result.status !== "solved") throw new Error(result.status);
  return {
    input: { kind: "SLIDING", rows: 3, cols: 3, start },
    optimum: result.moves.length,
    solutions: { [result.moves.length]: result.moves },
  };
}

describe("puzzle starts from difficulty", () => {
  it("optimally solving trivial puzzles one has created raises a rating far less than before", async () => {
    const owner = await api.client().signUp();
    const farmer = await api.client().signUp();
    const count = 6;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const fixture = { ...ONE_STEP, input: { ...ONE_STEP.input, title: `trivial ${i}` } };
      const id = await createPuzzle(owner.client, fixture);
      await proveOptimum(api.server.app, id, fixture);
      await submit(farmer.client, id, "R");
      ids.push(id);
    }
    const start = puzzleStart(ONE_STEP);
    // A one-move 3x3 is easier than all but 0.001% of its board's positions: the floor.
    expect(start).toEqual({ value: 400, deviation: 350, volatility: 0.06 });
    for (const id of ids) expect((await firstGame(id)).puzzleBefore).toBe(start.value);

    const { user, puzzle } = await farmer.client.data(RATINGS, { p: ids[0], u: farmer.user.name });
    expect(user.rating.games).toBe(count);
    const now = replay(Array.from({ length: count }, () => start));
    const before = replay(Array.from({ length: count }, () => DEFAULT_RATING));
    expect(user.rating.value).toBeCloseTo(now, 9);
    // Six such games used to give about +414; now about +35, under a tenth of that.
    expect(user.rating.value - DEFAULT_RATING.value).toBeLessThan((before - DEFAULT_RATING.value) / 4);
    // The puzzle's rating after its one game is its start's update (a loss at the floor stays there).
    const expected = rateGame(DEFAULT_RATING, start, 1).puzzle;
    expect(puzzle.rating).toMatchObject({ value: expected.value, deviation: expected.deviation, games: 1 });
    expect(puzzle.rating.value).toBe(400);
  });

  it("a hard board starts high; the Rotation Game, whose difficulty is not known, at 1500", async () => {
    const owner = await api.client().signUp();
    const hard = hardest3x3();
    expect(hard.optimum).toBe(31);
    for (const [fixture, value] of [
      [hard, 2500],
      [ROTATION, DEFAULT_RATING.value],
    ] as const) {
      const player = await api.client().signUp(); // a newcomer each time: 1500 / 350 / 0.06
      const id = await createPuzzle(owner.client, fixture);
      await proveOptimum(api.server.app, id, fixture);
      await submit(player.client, id, fixture.solutions[fixture.optimum]);
      expect(puzzleStart(fixture).value).toBe(value);
      const game = await firstGame(id);
      expect(game).toMatchObject({ optimum: fixture.optimum, score: 1, puzzleBefore: value });
      const { puzzle } = await player.client.data(RATINGS, { p: id, u: player.user.name });
      expect(puzzle.rating.value).toBeCloseTo(
        rateGame(DEFAULT_RATING, puzzleStart(fixture), 1).puzzle.value,
        9,
      );
    }
  });

  it("a puzzle that already has rated games keeps its rating: no back-fill", async () => {
    const owner = await api.client().signUp();
    const id = await createPuzzle(owner.client, {
      ...ONE_STEP,
      input: { ...ONE_STEP.input, title: "rated before" },
    });
    await proveOptimum(api.server.app, id, ONE_STEP);
    const first = await api.client().signUp();
    await submit(first.client, id, "R");
    // As if rated under the old rule: 1500 after one game.
    const old = await api.server.app.prisma.puzzleStats.update({
      where: { puzzleId: Number(id) },
      data: { rating: 1500, deviation: 300 },
    });
    const second = await api.client().signUp();
    await submit(second.client, id, "R");
    const games = await api.server.app.prisma.ratedGame.findMany({
      where: { puzzleId: Number(id) },
      orderBy: { submissionId: "asc" },
    });
    expect(games.map((game) => game.puzzleBefore)).toEqual([400, 1500]);
    const expected = rateGame(DEFAULT_RATING, { value: 1500, deviation: 300, volatility: old.volatility }, 1);
    const { user } = await second.client.data(RATINGS, { p: id, u: second.user.name });
    expect(user.rating.value).toBeCloseTo(expected.player.value, 6);
  });
});
