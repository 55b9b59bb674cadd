// leaderboardChanged when a puzzle's optimum becomes known after its entries: a 4x4 gets submissions
// while no search has proven its optimum (no worker runs yet: the platform's own solve waits in the
// queue), then a real worker process proves it. Every puzzle of that board (canonical key) with
// entries gets an event (change: OPTIMUM_PROVEN) carrying its leader's entry, now with `optimal`, and
// a refetch shows every entry's true/false. Before, only new personal bests were announced, so a
// subscriber kept showing "?" until the next submission.
import type { Client } from "graphql-ws";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LEADERBOARD_CHANGED } from "../../src/services/leaderboard.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, waitForSubscribers, wsClient } from "../helpers/ws.ts";
import { FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { LEADERBOARD, createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
});
afterAll(async () => {
  await worker?.stop();
});

/** A 4x4 two moves from the goal: no table answers a 4x4, so its optimum needs a worker's search. */
const TWO_AWAY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15] },
  optimum: 2,
  solutions: { 2: "RR", 4: "RLRR" },
};

const CHANGED = `subscription ($p: ID!) {
  leaderboardChanged(puzzleId: $p) { change rank length optimal user { name } puzzle { optimalLength } }
}`;

async function board(puzzleId: string) {
  const data = await api.client().data(LEADERBOARD, { p: puzzleId, first: 10 });
  return data.leaderboard as {
    optimalLength: number | null;
    edges: { node: { length: number; optimal: boolean | null; user: { name: string } } }[];
  };
}

describe("leaderboardChanged when the optimum is proven after the submissions", () => {
  it("tells every puzzle of the board with entries; a refetch shows optimal true/false", async () => {
    const alice = await api.client().signUp();
    const bob = await api.client().signUp();
    const carol = await api.client().signUp();
    // Two puzzles of one board (same canonical key), by different owners, and one without entries.
    const first = await createPuzzle(alice.client, TWO_AWAY);
    const second = await createPuzzle(bob.client, TWO_AWAY);
    const empty = await createPuzzle(carol.client, TWO_AWAY);

    expect((await submit(alice.client, first, TWO_AWAY.solutions[4]!)).optimal).toBeNull();
    expect((await submit(bob.client, first, TWO_AWAY.solutions[2]!)).optimal).toBeNull();
    expect((await submit(carol.client, second, TWO_AWAY.solutions[4]!)).optimal).toBeNull();
    expect((await board(first)).optimalLength).toBeNull();

    const ws = wsClient(api.wsUrl);
    clients.push(ws);
    const feeds = [first, second, empty].map((p) => subscribe(ws, CHANGED, { p }));
    await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));

    // The platform's own solve (asked for by the first submission) waits in the queue: a worker proves it.
    worker = await startWorker(api, { WORKER_PDBS: "none" });

    const [onFirst, onSecond] = [await feeds[0]!.next(20_000), await feeds[1]!.next(5000)];
    expect(onFirst.errors).toBeUndefined();
    expect(onFirst.data?.leaderboardChanged).toEqual({
      change: "OPTIMUM_PROVEN",
      rank: 1,
      length: 2,
      optimal: true,
      user: { name: bob.user.name },
      puzzle: { optimalLength: 2 },
    });
    expect(onSecond.data?.leaderboardChanged).toEqual({
      change: "OPTIMUM_PROVEN",
      rank: 1,
      length: 4,
      optimal: false,
      user: { name: carol.user.name },
      puzzle: { optimalLength: 2 },
    });
    // A puzzle of the board without entries has no leaderboard to change: nothing is sent.
    await expect(feeds[2]!.next(1000)).rejects.toThrow(/no subscription event/);

    const refetched = await board(first);
    expect(refetched.optimalLength).toBe(2);
    expect(refetched.edges.map(({ node }) => [node.user.name, node.length, node.optimal])).toEqual([
      [bob.user.name, 2, true],
      [alice.user.name, 4, false],
    ]);

    // A new best afterwards is still a NEW_BEST event, of that user's entry.
    await submit(alice.client, first, TWO_AWAY.solutions[2]!);
    expect((await feeds[0]!.next()).data?.leaderboardChanged).toMatchObject({
      change: "NEW_BEST",
      user: { name: alice.user.name },
      optimal: true,
    });
    for (const feed of feeds) await feed.stop();
  }, 60_000);
});
