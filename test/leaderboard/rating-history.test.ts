// User.ratingHistory: a player's rated games, newest first, each with the rating before and after;
// unrated games (the player had the platform solve the board first) are not in it.
import { describe, expect, it } from "vitest";
import { DEFAULT_RATING, rateGame } from "../../src/core/rating/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, TWO_STEPS, createPuzzle, proveOptimum, submit } from "./fixtures.ts";
import { puzzleStart } from "./puzzle-start.ts";

const api = useTestServer();

const HISTORY = `query ($u: String!, $first: Int) {
  user(name: $u) {
    rating { value }
    ratingHistory(first: $first) { puzzle { id } length optimum score ratingBefore ratingAfter playedAt }
  }
}`;

describe("rating history", () => {
  it("lists a player's rated games, newest first, chained from 1500", async () => {
    const owner = await api.client().signUp();
    const first = await createPuzzle(owner.client, ONE_STEP);
    await proveOptimum(api.server.app, first, ONE_STEP);
    const alice = await api.client().signUp();
    expect((await alice.client.data(HISTORY, { u: alice.user.name })).user.ratingHistory).toEqual([]);

    await submit(alice.client, first, "LRR");
    const second = await createPuzzle(owner.client, {
      ...ONE_STEP,
      input: { ...ONE_STEP.input, title: "again" },
    });
    await proveOptimum(api.server.app, second, ONE_STEP);
    await submit(alice.client, second, "R");

    const { user } = await alice.client.data(HISTORY, { u: alice.user.name });
    expect(user.ratingHistory.map((g: { puzzle: { id: string } }) => g.puzzle.id)).toEqual([second, first]);
    const [latest, earliest] = user.ratingHistory;
    expect(earliest).toMatchObject({ length: 3, optimum: 1, ratingBefore: DEFAULT_RATING.value });
    expect(earliest.score).toBeCloseTo(1 / 9, 9);
    expect(latest.ratingBefore).toBe(earliest.ratingAfter);
    expect(latest.ratingAfter).toBe(user.rating.value);
    expect(earliest.ratingAfter).toBeCloseTo(
      rateGame(DEFAULT_RATING, puzzleStart(ONE_STEP), 1 / 9).player.value,
      9,
    );

    const one = await alice.client.data(HISTORY, { u: alice.user.name, first: 1 });
    expect(one.user.ratingHistory).toHaveLength(1);
    await expect(alice.client.data(HISTORY, { u: alice.user.name, first: 0 })).rejects.toThrow(/first/);
  });

  it("leaves out unrated games (a board the player had the platform solve before submitting)", async () => {
    const owner = await api.client().signUp();
    const alice = await api.client().signUp();
    const rated = await createPuzzle(owner.client, ONE_STEP);
    await proveOptimum(api.server.app, rated, ONE_STEP);
    await submit(alice.client, rated, "LRR");
    // Alice asked for a Solve of the second board before her first submission on it: unrated game.
    const unrated = await createPuzzle(owner.client, TWO_STEPS);
    await proveOptimum(api.server.app, unrated, TWO_STEPS);
    const puzzle = await api.server.app.prisma.puzzle.findUniqueOrThrow({ where: { id: Number(unrated) } });
    await api.server.app.prisma.solve.create({
      data: {
        puzzleId: puzzle.id,
        requestedById: Number(alice.user.id),
        canonicalKey: puzzle.canonicalKey,
        status: "SOLVED",
        moves: TWO_STEPS.solutions[2],
        length: 2,
        optimal: true,
        lowerBound: 2,
        queuedAt: new Date(Date.now() - 1000),
        finishedAt: new Date(),
      },
    });
    await submit(alice.client, unrated, "RR");
    const games = await api.server.app.prisma.ratedGame.findMany({
      where: { userId: Number(alice.user.id) },
    });
    expect(games.map((game) => [String(game.puzzleId), game.unrated]).sort()).toEqual(
      [
        [rated, false],
        [unrated, true],
      ].sort(),
    );

    const { user } = await alice.client.data(HISTORY, { u: alice.user.name });
    expect(user.ratingHistory).toHaveLength(1);
    expect(user.ratingHistory[0]).toMatchObject({ puzzle: { id: rated }, length: 3, optimum: 1 });
    expect(user.ratingHistory[0].ratingAfter).toBe(user.rating.value);
    expect((await alice.client.data(HISTORY, { u: alice.user.name, first: 1 })).user.ratingHistory).toEqual(
      user.ratingHistory,
    );
  });
});
