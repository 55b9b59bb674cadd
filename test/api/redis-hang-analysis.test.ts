// 4x4 analyses and hints while Redis hangs (connected, not answering: DEBUG SLEEP here, as a SIGSTOPped
// or stuck server). They go through a job on the analysis queue (src/services/distance-oracle.ts), and
// BullMQ's connections have no command deadline: before, analyzeSolution and hint answered only when
// Redis woke (9.4 s into a 12 s sleep with ANALYSIS_WAIT_MS 500). Now adding the job waits at most
// ENQUEUE_TIMEOUT_MS and the answer is PENDING, as when the proof is not ready yet. Nothing is lost:
// the job sent during the hang is in the queue once Redis answers, and asking again (a worker now
// running) gives the real answer. The reads that need Redis least (dailyPuzzle, leaderboard, a
// solveProgress subscription's first event) answer in bounded time too. A stopped Redis (the adding
// fails at once) answers PENDING as well.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Queue } from "bullmq";
import { pdbDirectory } from "../../src/pdb-settings.ts";
import { loadPdb } from "../../src/pdb-store/store.ts";
import { ANALYSIS_QUEUE } from "../../src/services/analysis-jobs.ts";
import { askOnce, askUntilReady, optimal4x4, startAnalysisWorkers } from "../competition/answers-4x4.ts";
import { applyMoves, GOAL4, randomWalk } from "../competition/boards.ts";
import { ANALYZE, CREATE } from "../competition/operations.ts";
import type { TestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { IDA_LC, requestSolve } from "../pipeline/pipeline.ts";
import { type HangRig, startHangRig, timed } from "./redis-hang.ts";

const PDB_DIR = pdbDirectory();
/** Long enough for every call below to be made while Redis sleeps. */
const SLEEP_SECONDS = 8;
const ENQUEUE_TIMEOUT_MS = 500;
/** The first request of a hang waits up to 500 ms for the rate limiter, the job's add ENQUEUE_TIMEOUT_MS. */
const ANSWER_MS = 2000;
/** LISTEN_WAIT_MS (2 s) and a second for the rest. */
const SUBSCRIPTION_MS = 3000;
const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status progress move distance } }`;
const INVERSE: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };

let rig: HangRig;
let server: TestServer;
let queue: Queue;
let workers: { close(): Promise<void> } | undefined;

beforeAll(async () => {
  rig = await startHangRig({
    ANALYSIS_WAIT_MS: "500",
    ENQUEUE_TIMEOUT_MS: String(ENQUEUE_TIMEOUT_MS),
    PDB_DIR,
    WORKER_PDBS: "663",
    SOLVER_THREADS: "1",
  });
  server = rig.server;
  queue = new Queue(ANALYSIS_QUEUE, {
    connection: { url: rig.redis.url },
    prefix: server.config.redisPrefix,
  });
  loadPdb("663", { dir: PDB_DIR });
}, 60_000);

afterAll(async () => {
  await workers?.close();
  await queue?.close();
  await rig?.close();
});

describe("a Redis that hangs (connected, not answering)", () => {
  it("answers a 4x4 analyzeSolution and hint PENDING within ENQUEUE_TIMEOUT_MS; asked again once Redis answers, the real answer", async () => {
    const { client, token } = await server.client().signUp();
    const walk = randomWalk(4, 4, GOAL4, 14);
    const start = applyMoves(4, 4, GOAL4, walk);
    const { createPuzzle } = await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } });
    const puzzleId = createPuzzle.id as string;
    // The walk back: a solution (not always an optimal one).
    const moves = [...walk]
      .reverse()
      .map((move) => INVERSE[move])
      .join("");
    const position = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 9));
    const solve = await requestSolve(client, puzzleId, IDA_LC);

    // Before the hang: no worker runs, so PENDING after ANALYSIS_WAIT_MS; the oracle's connections are
    // made and in use when Redis stops answering.
    expect((await askOnce(client, HINT, { p: puzzleId })).status).toBe("PENDING");

    await rig.hang(SLEEP_SECONDS);
    const analysis = await timed(
      ANSWER_MS,
      () => askOnce(client, ANALYZE, { p: puzzleId, m: moves }),
      "analyzeSolution",
    );
    expect(analysis.value).toMatchObject({
      status: "PENDING",
      progress: 0,
      moves: null,
      optimalLength: null,
    });
    expect(analysis.ms).toBeLessThan(ANSWER_MS);
    const hint = await timed(ANSWER_MS, () => askOnce(client, HINT, { p: puzzleId, pos: position }), "hint");
    expect(hint.value).toMatchObject({ status: "PENDING", progress: 0, move: null, distance: null });
    expect(hint.ms).toBeLessThan(ANSWER_MS);

    // The API's other reads that Redis could hold: Postgres reads, and a subscription's stored state.
    const daily = await timed(ANSWER_MS, () =>
      client.data(`query { dailyPuzzle(category: SLIDING_3X3) { optimalLength } }`),
    );
    expect(daily.ms).toBeLessThan(ANSWER_MS);
    const leaderboard = await timed(ANSWER_MS, () =>
      client.data(`query ($p: ID!) { leaderboard(puzzleId: $p) { edges { node { length } } } }`, {
        p: puzzleId,
      }),
    );
    expect(leaderboard.ms).toBeLessThan(ANSWER_MS);
    // A subscription first waits up to 2 s for Redis to acknowledge its channels (LISTEN_WAIT_MS,
    // src/solves/progress.ts), then sends the stored state.
    const ws = wsClient(server.wsUrl, token);
    try {
      const progress = await timed(SUBSCRIPTION_MS, () =>
        subscribe(ws, `subscription ($id: ID!) { solveProgress(solveId: $id) { status } }`, {
          id: solve.id,
        }).next(SUBSCRIPTION_MS + 500),
      );
      expect((progress.value.data as any).solveProgress.status).toBe("QUEUED");
      expect(progress.ms).toBeLessThan(SUBSCRIPTION_MS);
    } finally {
      await ws.dispose();
    }

    // Redis answers again: the jobs sent during the hang are in the queue (nothing was lost)...
    const deadline = Date.now() + SLEEP_SECONDS * 1000 + 5000;
    for (;;) {
      const jobs = await queue.getJobs(["waiting", "prioritized"]);
      const boards = jobs.flatMap((job) => job.data.positions.map((board: number[]) => board.join(",")));
      if (boards.includes(position.join(",")) && boards.includes(start.join(","))) break;
      if (Date.now() > deadline) throw new Error(`the jobs sent during the hang are not queued: ${boards}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // ...and, a worker running, the same requests get their real answers.
    workers = await startAnalysisWorkers(server.config);
    const analysed = await askUntilReady(client, ANALYZE, { p: puzzleId, m: moves });
    expect(analysed.optimalLength).toBe(optimal4x4(start).length);
    expect(analysed.movesLost).toBe(moves.length - analysed.optimalLength);
    const hinted = await askUntilReady(client, HINT, { p: puzzleId, pos: position });
    const distance = optimal4x4(position).length;
    expect(hinted.distance).toBe(distance);
    expect(optimal4x4(applyMoves(4, 4, position, hinted.move)).length).toBe(distance - 1);
  }, 120_000);

  it("answers PENDING while Redis is stopped too, and the real answer once it is back", async () => {
    const { client } = await server.client().signUp();
    const start = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 12));
    const { createPuzzle } = await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } });
    await rig.redis.stop();
    try {
      const hint = await timed(ANSWER_MS, () => askOnce(client, HINT, { p: createPuzzle.id }), "hint");
      expect(hint.value).toMatchObject({ status: "PENDING", progress: 0, move: null, distance: null });
      expect(hint.ms).toBeLessThan(ANSWER_MS);
    } finally {
      await rig.redis.start(); // empty: the job is added when the hint is asked again
    }
    const hinted = await askUntilReady(client, HINT, { p: createPuzzle.id });
    expect(hinted.distance).toBe(optimal4x4(start).length);
  }, 60_000);
});
