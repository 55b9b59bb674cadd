// leaderboardChanged on boards a distance table answers (3x3 and smaller, the Rotation Game): the first
// submission's own platform solve proves the optimum within submitSolution, so the event it sends
// carries the same `optimal` as submitSolution's answer, never null (it was published before that
// proof was stored, and subscribers read `optimal: null` while the submitter read `true`).
import type { Client } from "graphql-ws";
import { afterEach, describe, expect, it } from "vitest";
import { LEADERBOARD_CHANGED } from "../../src/services/leaderboard.ts";
import { subscribe, waitForSubscribers, wsClient } from "../helpers/ws.ts";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, ROTATION, TINY, TWO_STEPS, createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const api = useTestServer();
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
});

const CHANGED = `subscription ($p: ID!) {
  leaderboardChanged(puzzleId: $p) { rank length optimal puzzle { optimalLength } }
}`;

/** Each a board of its own (its own canonical key): no optimum is known before its first submission. */
const BOARDS: Readonly<Record<string, PuzzleFixture>> = {
  "3x3, one move": ONE_STEP,
  "3x3, two moves": TWO_STEPS,
  "2x2": TINY,
  "the Rotation Game": ROTATION,
};

describe("leaderboardChanged on a first submission of a board a table answers", () => {
  for (const [name, fixture] of Object.entries(BOARDS)) {
    it(`${name}: the event is optimal like submitSolution's answer`, async () => {
      const player = await api.client().signUp();
      const puzzleId = await createPuzzle(player.client, fixture);
      const ws = wsClient(api.wsUrl);
      clients.push(ws);
      const feed = subscribe(ws, CHANGED, { p: puzzleId });
      await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));

      const answer = await submit(player.client, puzzleId, fixture.solutions[fixture.optimum]);
      expect(answer.optimal).toBe(true);
      const event = (await feed.next()).data?.leaderboardChanged;
      expect(event).toEqual({
        rank: 1,
        length: fixture.optimum,
        optimal: true,
        puzzle: { optimalLength: fixture.optimum },
      });

      // A longer one by someone else: known not optimal at once too.
      const other = await api.client().signUp();
      const longer = Number(
        Object.keys(fixture.solutions).find((length) => Number(length) > fixture.optimum),
      );
      if (Number.isInteger(longer)) {
        await submit(other.client, puzzleId, fixture.solutions[longer]);
        expect((await feed.next()).data?.leaderboardChanged).toMatchObject({ rank: 2, optimal: false });
      }
      await feed.stop();
    });
  }

  it("each event's nested fields are read as of that event, not as of the subscription's first", async () => {
    const player = await api.client().signUp();
    const puzzleId = await createPuzzle(player.client, TWO_STEPS);
    const ws = wsClient(api.wsUrl);
    clients.push(ws);
    const feed = subscribe(
      ws,
      `subscription ($p: ID!) {
        leaderboardChanged(puzzleId: $p) { length user { stats { submissions optimalSolutions } } }
      }`,
      { p: puzzleId },
    );
    await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));
    await submit(player.client, puzzleId, TWO_STEPS.solutions[6]);
    expect((await feed.next()).data?.leaderboardChanged).toEqual({
      length: 6,
      user: { stats: { submissions: 1, optimalSolutions: 0 } },
    });
    // Before: the same subscription answered the first event's stats again (1 and 0).
    await submit(player.client, puzzleId, TWO_STEPS.solutions[2]);
    expect((await feed.next()).data?.leaderboardChanged).toEqual({
      length: 2,
      user: { stats: { submissions: 2, optimalSolutions: 1 } },
    });
    await feed.stop();
  });
});
