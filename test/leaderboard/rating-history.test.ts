// User.ratingHistory: a player's rated games, newest first, each with the rating before and after.
import { describe, expect, it } from "vitest";
import { DEFAULT_RATING, rateGame } from "../../src/core/rating/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, createPuzzle, proveOptimum, submit } from "./fixtures.ts";

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
    expect(earliest.ratingAfter).toBeCloseTo(rateGame(DEFAULT_RATING, DEFAULT_RATING, 1 / 9).player.value, 9);

    const one = await alice.client.data(HISTORY, { u: alice.user.name, first: 1 });
    expect(one.user.ratingHistory).toHaveLength(1);
    await expect(alice.client.data(HISTORY, { u: alice.user.name, first: 0 })).rejects.toThrow(/first/);
  });
});
