// leaderboardChanged over a real WebSocket: each new personal best arrives with its current rank;
// a submission that is not a personal best sends nothing; other puzzles' events are not delivered.
import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import { startTestServer, useTestServer } from "../helpers/server.ts";
import { subscribe, waitForSubscribers, wsClient } from "../helpers/ws.ts";
import { LEADERBOARD_CHANGED } from "../../src/services/leaderboard.ts";
import { ONE_STEP, createPuzzle, submit } from "./fixtures.ts";

const api = useTestServer();
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
});

const CHANGED = `subscription ($p: ID!) {
  leaderboardChanged(puzzleId: $p) { rank length submittedAt user { name } puzzle { id } }
}`;

describe("leaderboardChanged", () => {
  it("pushes each new best entry with its rank, and nothing for worse submissions", async () => {
    const a = await api.client().signUp();
    const b = await api.client().signUp();
    const puzzleId = await createPuzzle(a.client, ONE_STEP);
    const other = await createPuzzle(a.client, ONE_STEP);
    const ws = wsClient(api.wsUrl);
    clients.push(ws);
    const feed = subscribe(ws, CHANGED, { p: puzzleId });
    await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));

    await submit(a.client, puzzleId, ONE_STEP.solutions[5]);
    expect((await feed.next()).data?.leaderboardChanged).toMatchObject({
      rank: 1,
      length: 5,
      user: { name: a.user.name },
      puzzle: { id: puzzleId },
    });

    await submit(b.client, other, ONE_STEP.solutions[1]); // another puzzle: not delivered here
    await submit(b.client, puzzleId, ONE_STEP.solutions[3]);
    expect((await feed.next()).data?.leaderboardChanged).toMatchObject({
      rank: 1,
      length: 3,
      user: { name: b.user.name },
    });

    await submit(a.client, puzzleId, ONE_STEP.solutions[7]); // worse than a's 5: no event
    await submit(a.client, puzzleId, ONE_STEP.solutions[5]); // equal to a's best: no event
    await submit(a.client, puzzleId, ONE_STEP.solutions[1]);
    expect((await feed.next()).data?.leaderboardChanged).toMatchObject({
      rank: 1,
      length: 1,
      user: { name: a.user.name },
    });
    await feed.stop();
  });

  it("reaches subscribers of another API process (through Redis)", async () => {
    const second = await startTestServer({
      env: { DATABASE_URL: api.config.databaseUrl, REDIS_PREFIX: api.config.redisPrefix },
    });
    try {
      const { client, user } = await api.client().signUp();
      const puzzleId = await createPuzzle(client, ONE_STEP);
      const ws = wsClient(second.wsUrl);
      clients.push(ws);
      const feed = subscribe(ws, CHANGED, { p: puzzleId });
      await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));
      await submit(client, puzzleId, ONE_STEP.solutions[3]);
      expect((await feed.next()).data?.leaderboardChanged).toMatchObject({
        rank: 1,
        length: 3,
        user: { name: user.name },
      });
      await feed.stop();
    } finally {
      await second.close();
    }
  });

  it("answers NOT_FOUND for an unknown puzzle", async () => {
    const ws = wsClient(api.wsUrl);
    clients.push(ws);
    const feed = subscribe(ws, CHANGED, { p: "999999" });
    const result = await feed.next();
    expect(result.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
