// GraphQL over WebSocket: authentication in connection_init, the puzzleCreated feed (filtered, fanned
// out across API processes through Redis, cleaned up on unsubscribe), and graceful shutdown.
import { describe, expect, it } from "vitest";
import { PUZZLE_CREATED } from "../../src/services/puzzles.ts";
import { startTestServer, useTestServer } from "../helpers/server.ts";
import { subscribe, waitForSubscribers, wsClient } from "../helpers/ws.ts";

const api = useTestServer();
const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id kind } }`;
const SLIDING = { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] };
const ROTATION = { kind: "ROTATION", start: [...Array(8).fill(1), ...Array(8).fill(2), ...Array(8).fill(3)] };
const FEED = `subscription ($kind: PuzzleKind) { puzzleCreated(kind: $kind) { id kind owner { name } } }`;

const channel = () => api.server.app.events.channel(PUZZLE_CREATED);

describe("WebSocket", () => {
  it("authenticates with the token sent in connection_init", async () => {
    const { token, user } = await api.client().signUp();
    const client = wsClient(api.wsUrl, token);
    try {
      expect((await subscribe(client, `{ me { id name } }`).next()).data).toEqual({ me: user });
    } finally {
      await client.dispose();
    }
  });

  it("streams new puzzles of the requested kind, and unsubscribing releases the Redis channel", async () => {
    const author = await api.client().signUp();
    const client = wsClient(api.wsUrl);
    try {
      const feed = subscribe(client, FEED, { kind: "SLIDING" });
      const pending = feed.next();
      await waitForSubscribers(api.server.app.redis, channel(), 1);
      await author.client.data(CREATE, { input: ROTATION });
      const created = (await author.client.data(CREATE, { input: SLIDING })).createPuzzle;
      expect((await pending).data).toEqual({
        puzzleCreated: { id: created.id, kind: "SLIDING", owner: { name: author.user.name } },
      });
      await feed.stop();
      await expect
        .poll(
          async () =>
            ((await api.server.app.redis.call("PUBSUB", "NUMSUB", channel())) as [string, number])[1],
        )
        .toBe(0);
    } finally {
      await client.dispose();
    }
  });

  it("fans events out to subscribers of another API process", async () => {
    const other = await startTestServer({
      env: { DATABASE_URL: api.config.databaseUrl, REDIS_PREFIX: api.config.redisPrefix },
    });
    const client = wsClient(other.wsUrl);
    try {
      const feed = subscribe(client, FEED);
      const pending = feed.next();
      await waitForSubscribers(api.server.app.redis, channel(), 1);
      const author = await api.client().signUp();
      const created = (await author.client.data(CREATE, { input: ROTATION })).createPuzzle;
      expect((await pending).data?.puzzleCreated).toMatchObject({ id: created.id, kind: "ROTATION" });
    } finally {
      await client.dispose();
      await other.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("ends open subscriptions, closes sockets and stops listening", async () => {
    const server = await startTestServer({ env: { DATABASE_URL: api.config.databaseUrl } });
    const closed: number[] = [];
    const client = wsClient(server.wsUrl);
    client.on("closed", (event) => closed.push((event as { code: number }).code));
    const feed = subscribe(client, FEED);
    const outcome = feed.next(10_000).then(
      () => "event",
      (error: unknown) => String((error as Error).message ?? error),
    );
    await waitForSubscribers(server.server.app.redis, server.server.app.events.channel(PUZZLE_CREATED), 1);
    await server.close();
    expect(await outcome).not.toBe("event");
    expect(closed).toContain(1001);
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();
    await client.dispose();
  });
});
