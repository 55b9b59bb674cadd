// AUTO splits IDA* searches of rectangular boards of 15 cells or more (3x5, 4x5 and their turns) as
// it does 4x4 and 5x5 (docs/distributed.md, "Which searches split"). Before, only 4x4 and 5x5 split:
// a 4x5 search ran as one whole unit holding its solver thread until it ended or hit its time limit,
// so one user's two long 4x5 searches held a 2-thread fleet and every other user's search waited.
// Two workers of one solver thread each: a 2-thread fleet.
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { solve } from "../../src/core/solve.ts";
import { UNIT_QUEUE } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { FAST_PIPELINE, readSolve, requestSolve, startWorker, waitUntilFinished } from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

type User = Awaited<ReturnType<ReturnType<typeof api.client>["signUp"]>>;

const api = useTestServer({ env: FAST_PIPELINE });
/** A 2-thread fleet: two workers of one solver thread each. */
let workers: WorkerProcess[] = [];
let units: Queue;
let [alice, bob]: User[] = [];

/** Random 4x5 states (linear conflict proves 58 and 56 before its first iteration): hours of search. */
const LONG_4X5 = [
  [13, 7, 2, 1, 10, 17, 15, 19, 14, 8, 12, 0, 4, 11, 6, 9, 18, 16, 3, 5],
  [18, 6, 10, 2, 17, 3, 9, 7, 5, 8, 19, 14, 4, 16, 1, 0, 12, 13, 11, 15],
];
/**
 * 4x5, 64 moves: 17.7 M nodes with linear conflict (1.5 s on one thread), past AUTO's first try (250 ms
 * whole), so it splits. Before the first try this was a 42-move board of 2 M nodes, which the first try
 * now answers whole.
 */
const MEDIUM_4X5 = [3, 8, 12, 0, 17, 7, 18, 5, 16, 13, 2, 6, 1, 4, 19, 11, 14, 10, 9, 15];
/** 3x4, 38 moves: ~0.2 M nodes (tens of ms); AUTO runs it whole. */
const SMALL_3X4 = [7, 10, 2, 8, 11, 6, 3, 1, 9, 0, 5, 4];
/** 4x5, 36 moves, and 3x4, 34 moves: a thousand and 16 thousand nodes (other boards: no cached answer). */
const TINY_4X5 = [7, 1, 4, 5, 10, 2, 18, 11, 3, 9, 12, 16, 8, 13, 19, 6, 17, 15, 14, 0];
const OTHER_3X4 = [2, 1, 9, 5, 0, 6, 3, 4, 7, 11, 8, 10];

const goal = (cells: number) => [...Array.from({ length: cells - 1 }, (_, i) => i + 1), 0];

async function createPuzzle(
  client: GraphQLClient,
  rows: number,
  cols: number,
  start: readonly number[],
): Promise<string> {
  const data = await client.data<{ createPuzzle: { id: string } }>(
    `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
    { input: { kind: "SLIDING", rows, cols, start } },
  );
  return data.createPuzzle.id;
}

/** Unit jobs a thread is running (split units or whole searches alike). */
const activeUnits = async () => (await units.getJobs(["active"])).filter((job) => job !== undefined).length;

beforeAll(async () => {
  workers = await Promise.all(
    [0, 1].map(() => startWorker(api, { SOLVER_THREADS: "1", WORKER_HEARTBEAT_MS: "300" })),
  );
  units = new Queue(UNIT_QUEUE, { connection: { url: api.config.redisUrl }, prefix: api.config.redisPrefix });
  [alice, bob] = await Promise.all([api.client().signUp(), api.client().signUp()]);
}, 60_000);

afterAll(() => Promise.all([units?.close(), ...workers.map((w) => w.stop())]));

describe("AUTO on rectangular boards", () => {
  it("runs another user's small search while one user's two long 4x5 searches hold the fleet", async () => {
    const running = await Promise.all(
      LONG_4X5.map(async (board) =>
        requestSolve(alice.client, await createPuzzle(alice.client, 4, 5, board), { timeLimitSeconds: 20 }),
      ),
    );
    // Both searches under way, a unit of theirs on each of the two threads.
    const until = Date.now() + 10_000;
    for (;;) {
      const statuses = await Promise.all(
        running.map(async (s) => (await readSolve(alice.client, s.id)).status),
      );
      if (statuses.every((s) => s === "RUNNING") && (await activeUnits()) >= 2) break;
      expect(Date.now()).toBeLessThan(until);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const quickId = await createPuzzle(bob.client, 3, 4, SMALL_3X4);
    const asked = Date.now();
    const quick = await requestSolve(bob.client, quickId);
    // Before, it waited for a thread until one of Alice's searches hit its 20 s limit.
    const finished = await waitUntilFinished(bob.client, quick.id, 25_000);
    const latency = Date.now() - asked;
    expect(finished.status).toBe("SOLVED");
    expect(finished.length).toBe(38);
    expect(finished.unitsTotal).toBeNull(); // 12 cells: AUTO runs it whole
    expect(latency).toBeLessThan(3000);

    for (const s of running) {
      const read = await readSolve(alice.client, s.id);
      expect(read.status).toBe("RUNNING");
      await alice.client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: s.id });
    }
    for (const s of running)
      expect((await waitUntilFinished(alice.client, s.id, 10_000)).status).toBe("CANCELLED");
  }, 90_000);

  it("splits a 4x5 AUTO search, which ends optimal", async () => {
    const spec = { kind: "sliding" as const, rows: 4, cols: 5, start: MEDIUM_4X5, goal: goal(20) };
    const optimum = solve(spec, { heuristic: "linear-conflict" }).length;
    const solveView = await requestSolve(alice.client, await createPuzzle(alice.client, 4, 5, MEDIUM_4X5));
    const finished = await waitUntilFinished(alice.client, solveView.id, 30_000);
    expect(finished.status).toBe("SOLVED");
    expect(finished.split).toBeNull(); // asked for AUTO
    expect(finished.unitsTotal).toBeGreaterThan(0);
    expect(finished.optimal).toBe(true);
    expect(finished.length).toBe(optimum);
    expect(replayMoves(corePuzzle(spec), finished.moves as string).solved).toBe(true);
  }, 60_000);

  it("still runs a 4x5 search whole when asked (split: false), and a 3x4 split when asked (split: true)", async () => {
    const whole = await requestSolve(alice.client, await createPuzzle(alice.client, 4, 5, TINY_4X5), {
      split: false,
    });
    const small = await requestSolve(bob.client, await createPuzzle(bob.client, 3, 4, OTHER_3X4), {
      split: true,
    });
    const [w, s] = await Promise.all([
      waitUntilFinished(alice.client, whole.id, 30_000),
      waitUntilFinished(bob.client, small.id, 30_000),
    ]);
    expect(w.status).toBe("SOLVED");
    expect(w.length).toBe(36);
    expect(w.unitsTotal).toBeNull();
    expect(s.status).toBe("SOLVED");
    expect(s.length).toBe(34);
    expect(s.unitsTotal).toBeGreaterThan(0);
  }, 60_000);
});
