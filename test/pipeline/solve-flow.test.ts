// The solving pipeline end to end: a real API server (HTTP + WebSocket), real Postgres and Redis,
// and a real worker process started from dist/ (`npm run build` first; `npm test` does it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { newSolveJobId, addSearchJob, createSolveQueue, type SolveQueue } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  readSolve,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess;
let queue: SolveQueue;
let alice: { token: string; client: GraphQLClient };
let bob: { token: string; client: GraphQLClient };

beforeAll(async () => {
  worker = await startWorker(api);
  queue = createSolveQueue({ redisUrl: api.config.redisUrl, prefix: api.config.redisPrefix });
  alice = await api.client().signUp();
  bob = await api.client().signUp();
});

afterAll(async () => {
  await queue?.close();
  await worker?.stop();
});

function replays(start: readonly number[], moves: string): boolean {
  return replayMoves(corePuzzle({ kind: "sliding", rows: 4, cols: 4, start }), moves).solved;
}

async function row(id: string) {
  return api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(id) } });
}

describe("a 4x4 search through the queue", () => {
  it("streams the stored state, growing bounds, then the optimal result, and updates the row", async () => {
    const puzzleId = await createPuzzle(alice.client, BOARDS.twoSeconds);
    const requested = await requestSolve(alice.client, puzzleId, IDA_LC);
    expect(requested).toMatchObject({ status: "QUEUED", cached: false, moves: null });

    const watch = new ProgressWatch(api.wsUrl, alice.token, requested.id);
    const events = await watch.finished();

    expect(events[0].solve?.id).toBe(requested.id);
    expect(["QUEUED", "RUNNING"]).toContain(events[0].status);
    const live = events.filter((e) => e.status === "RUNNING" && e.solve === null);
    const bounds = live.map((e) => e.lowerBound as number);
    expect(new Set(bounds).size).toBeGreaterThanOrEqual(2);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(live.at(-1)?.nodesExpanded).toBeGreaterThan(0);
    expect(live.at(-1)?.nodesPerSecond).toBeGreaterThan(0);

    const last = events.at(-1)!;
    expect(last.status).toBe("SOLVED");
    expect(last.solve).toMatchObject({
      status: "SOLVED",
      length: 56,
      optimal: true,
      lowerBound: 56,
      cached: false,
    });
    expect(replays(BOARDS.twoSeconds, last.solve!.moves!)).toBe(true);

    const stored = await row(requested.id);
    expect(stored).toMatchObject({
      status: "SOLVED",
      moves: last.solve!.moves,
      length: 56,
      optimal: true,
      algorithmUsed: "idastar",
      heuristicUsed: "linear-conflict",
    });
    expect(Number(stored.nodesExpanded)).toBeGreaterThan(1_000_000);
    expect(stored.startedAt).not.toBeNull();
    expect(stored.finishedAt).not.toBeNull();
    expect(stored.jobId).toMatch(/^solve-[0-9a-f-]{36}$/);
  });

  it("sends a late subscriber the stored final state, then completes", async () => {
    const puzzleId = await createPuzzle(alice.client, BOARDS.quick);
    const requested = await requestSolve(alice.client, puzzleId, IDA_LC);
    await waitUntilFinished(alice.client, requested.id);
    const events = await new ProgressWatch(api.wsUrl, alice.token, requested.id).finished();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: "SOLVED", solve: { status: "SOLVED", length: 50 } });
  });
});

describe("answers without a job", () => {
  it("solves a 3x3 puzzle within the request", async () => {
    const puzzleId = await createPuzzle(alice.client, [8, 6, 7, 2, 5, 4, 3, 0, 1], 3);
    const solve = await requestSolve(alice.client, puzzleId);
    expect(solve).toMatchObject({
      status: "SOLVED",
      length: 31,
      optimal: true,
      cached: false,
      algorithmUsed: "BFS_TABLE",
    });
    expect((await row(solve.id)).jobId).toBeNull();
    // The split asked for is kept, as on queued Solves (Solve.split: "the split asked for").
    for (const split of [true, false]) {
      const asked = await requestSolve(alice.client, puzzleId, { split });
      expect(asked).toMatchObject({ status: "SOLVED", split });
    }
  });

  it("solves a Rotation Game board within the request", async () => {
    const board = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];
    const { createPuzzle: created } = await alice.client.data<{ createPuzzle: { id: string } }>(
      `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
      { input: { kind: "ROTATION", start: board } },
    );
    const solve = await requestSolve(alice.client, created.id);
    expect(solve).toMatchObject({ status: "SOLVED", optimal: true, algorithmUsed: "BFS_TABLE" });
    expect(solve.moves).toMatch(/^[A-H]+$/);
  });

  it("answers an unsolvable puzzle at once", async () => {
    const puzzleId = await createPuzzle(alice.client, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0]);
    const solve = await requestSolve(alice.client, puzzleId, IDA_LC);
    expect(solve).toMatchObject({ status: "UNSOLVABLE", moves: null, algorithmUsed: null });
    expect((await row(solve.id)).jobId).toBeNull();
  });

  it("refuses options that do not fit the puzzle", async () => {
    const puzzleId = await createPuzzle(alice.client, BOARDS.quick);
    const ask = (options: Record<string, unknown>) =>
      alice.client.error(
        `mutation ($id: ID!, $o: SolveOptions) { requestSolve(puzzleId: $id, options: $o) { id } }`,
        { id: puzzleId, o: options },
      );
    expect((await ask({ algorithm: "BFS_TABLE" })).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "options.algorithm",
    });
    expect((await ask({ timeLimitSeconds: 3601 })).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "options.timeLimitSeconds",
    });
    expect((await ask({ heuristic: "PDB_6666" })).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "options.heuristic",
    });
    const offCorner =
      await alice.client.data(`mutation { createPuzzle(input: { kind: SLIDING, rows: 4, cols: 4,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
      goal: [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }) { id } }`);
    const pdbOffCorner = await alice.client.error(
      `mutation ($id: ID!) { requestSolve(puzzleId: $id, options: { heuristic: PDB_663 }) { id } }`,
      { id: offCorner.createPuzzle.id },
    );
    expect(pdbOffCorner.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.heuristic" });
    const anonymous = await api
      .client()
      .error(`mutation ($id: ID!) { requestSolve(puzzleId: $id) { id } }`, { id: puzzleId });
    expect(anonymous.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("sharing work", () => {
  it("lets an identical request follow the search already running: one job, one result", async () => {
    const first = await requestSolve(alice.client, await createPuzzle(alice.client, BOARDS.second), IDA_LC);
    // Another user, another puzzle row, the same board: the same canonical key.
    const second = await requestSolve(bob.client, await createPuzzle(bob.client, BOARDS.second), IDA_LC);
    // QUEUED, or RUNNING when the search is already marked running (it joins it, from its start).
    expect(second.cached).toBe(false);
    expect(["QUEUED", "RUNNING"]).toContain(second.status);
    const [a, b] = [await row(first.id), await row(second.id)];
    expect(b.jobId).toBe(a.jobId);
    const jobs = await queue.getJobs(["waiting", "prioritized", "active", "completed"]);
    expect(jobs.filter((job) => job.data.canonicalKey === a.canonicalKey)).toHaveLength(1);

    const [doneA, doneB] = await Promise.all([
      waitUntilFinished(alice.client, first.id),
      waitUntilFinished(bob.client, second.id),
    ]);
    expect(doneA).toMatchObject({ status: "SOLVED", length: 58, cached: false });
    expect(doneB).toMatchObject({ status: "SOLVED", length: 58, cached: false, moves: doneA.moves });
  });

  it("answers a puzzle solved optimally before from that result", async () => {
    const puzzleId = await createPuzzle(bob.client, BOARDS.second);
    const solve = await requestSolve(bob.client, puzzleId, { algorithm: "ASTAR" });
    expect(solve).toMatchObject({ status: "SOLVED", cached: true, length: 58, optimal: true });
    expect(replays(BOARDS.second, solve.moves!)).toBe(true);
    expect((await row(solve.id)).jobId).toBeNull();
  });

  it("answers a job queued before the board's optimum was proven from that optimum, without a search", async () => {
    // A Solve of the same board whose job was queued earlier with other options (written here as
    // the request would have left it then: the request-time cache had nothing yet).
    const puzzleId = await createPuzzle(bob.client, BOARDS.second);
    const cached = await row((await requestSolve(bob.client, puzzleId, IDA_LC)).id);
    const jobId = newSolveJobId();
    const queued = await api.server.app.prisma.solve.create({
      data: {
        puzzleId: Number(puzzleId),
        requestedById: cached.requestedById,
        canonicalKey: cached.canonicalKey,
        algorithm: "IDA_STAR",
        heuristic: "AUTO",
        timeLimitSeconds: 77,
        status: "QUEUED",
        jobId,
        cached: false,
        queuedAt: new Date(),
      },
    });
    await addSearchJob(queue, jobId, {
      puzzleId: Number(puzzleId),
      canonicalKey: cached.canonicalKey,
      spec: corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.second }),
      algorithm: "idastar",
      heuristic: "auto",
      timeLimitMs: 77_000,
    });
    const done = await waitUntilFinished(bob.client, String(queued.id));
    expect(done).toMatchObject({
      status: "SOLVED",
      cached: true,
      length: 58,
      optimal: true,
      nodesExpanded: 0,
    });
    expect(done.moves).toBe(cached.moves);
    // The worker logs the answer after it has written and announced it: waited for, not read at once.
    await worker.waitForLog(
      (line) => line.jobId === jobId && line.msg === "answered from a known optimal solve, no search",
      10_000,
    );
    const lines = worker.logs.filter((line) => line.jobId === jobId);
    expect(lines.some((line) => line.msg === "search started")).toBe(false);
  });

  it("lists solves newest first on the puzzle and on the user", async () => {
    const puzzleId = await createPuzzle(bob.client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await requestSolve(bob.client, puzzleId)).id);
    const pageQuery = `query ($id: ID!, $after: String) { puzzle(id: $id) { solves(first: 2, after: $after) {
      edges { node { id } } pageInfo { hasNextPage endCursor } } } }`;
    const page1 = (await bob.client.data(pageQuery, { id: puzzleId })).puzzle.solves;
    const page2 = (await bob.client.data(pageQuery, { id: puzzleId, after: page1.pageInfo.endCursor })).puzzle
      .solves;
    const seen = [...page1.edges, ...page2.edges].map((edge: { node: { id: string } }) => edge.node.id);
    expect(seen).toEqual([...ids].reverse());
    expect(page1.pageInfo.hasNextPage).toBe(true);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const mine = (
      await bob.client.data(
        `{ me { solves(first: 1) { edges { node { id requestedBy { id } puzzle { id } } } } } }`,
      )
    ).me.solves;
    expect(mine.edges[0].node).toMatchObject({ id: ids[2], puzzle: { id: puzzleId } });
  });
});

describe("stopping searches", () => {
  it("cancels a running search for its requester only, on the worker that runs it", async () => {
    const requested = await requestSolve(alice.client, await createPuzzle(alice.client, BOARDS.hard), IDA_LC);
    const watch = new ProgressWatch(api.wsUrl, alice.token, requested.id);
    // Cancelled once the search has counted work (a split search counts a unit's nodes when the unit
    // ends: cancelled before any did, on a loaded machine, it would truly have nothing to report).
    const live = await watch.waitFor(
      (e) =>
        e.status === "RUNNING" && e.solve === null && e.lowerBound !== null && (e.nodesExpanded ?? 0) > 0,
    );

    const cancel = `mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`;
    expect((await bob.client.error(cancel, { id: requested.id })).extensions?.code).toBe("FORBIDDEN");
    const { cancelSolve } = await alice.client.data(cancel, { id: requested.id });
    expect(cancelSolve).toMatchObject({ id: requested.id, status: "CANCELLED" });

    const events = await watch.finished();
    expect(events.at(-1)).toMatchObject({ status: "CANCELLED" });
    const stored = await row(requested.id);
    await worker.waitForLog((line) => line.msg === "search finished" && line.jobId === stored.jobId);
    expect(worker.logs.some((line) => line.msg === "search cancelled" && line.jobId === stored.jobId)).toBe(
      true,
    );
    // The worker's own write found nothing left waiting: the row stays CANCELLED, as cancelSolve left
    // it, and gets what the search proved (the schema: "lowerBound keeps what the search proved").
    const cancelled = await row(requested.id);
    expect(cancelled).toMatchObject({ status: "CANCELLED", finishedAt: stored.finishedAt, moves: null });
    const read = await readSolve(alice.client, requested.id);
    expect(read).toMatchObject({ status: "CANCELLED", error: null });
    expect(read.lowerBound).toBeGreaterThanOrEqual((live.provenLowerBound ?? live.lowerBound) as number);
    expect(read.lowerBound).toBeLessThanOrEqual(66);
    expect(read.nodesExpanded).toBeGreaterThan(0);
    expect(read.durationMs).toBeGreaterThan(0);
    // Cancelling again changes nothing.
    expect((await alice.client.data(cancel, { id: requested.id })).cancelSolve.status).toBe("CANCELLED");
  });

  it("ends a search at its time limit with the lower bound it proved", async () => {
    const requested = await requestSolve(alice.client, await createPuzzle(alice.client, BOARDS.hard), {
      ...IDA_LC,
      timeLimitSeconds: 1,
    });
    const done = await waitUntilFinished(alice.client, requested.id);
    expect(done).toMatchObject({ status: "TIMED_OUT", moves: null, optimal: null });
    expect(done.lowerBound).toBeGreaterThan(30);
    expect(done.lowerBound).toBeLessThanOrEqual(66);
    // `error` is for FAILED only (the schema): the status says the time limit stopped it.
    expect(done.error).toBeNull();
  });

  it("marks the Solves of a search that throws FAILED, without retrying it", async () => {
    const puzzleId = Number(await createPuzzle(alice.client, BOARDS.quick));
    const canonicalKey = `broken-${Date.now()}`;
    const { solve } = await api.server.app.repositories.solves.createQueued(
      {
        puzzleId,
        requestedById: null,
        canonicalKey,
        algorithm: "IDA_STAR",
        heuristic: "AUTO",
        timeLimitSeconds: 5,
      },
      newSolveJobId(),
    );
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.quick });
    // A heuristic no thread knows: the search throws, as a bug would.
    await addSearchJob(queue, solve.jobId!, {
      puzzleId,
      canonicalKey,
      spec,
      algorithm: "idastar",
      heuristic: "pdb:999",
      timeLimitMs: 5000,
    });
    const done = await waitUntilFinished(alice.client, String(solve.id));
    expect(done.status).toBe("FAILED");
    expect(done.error).toContain("pdb:999");
    expect(
      worker.logs.filter((line) => line.msg === "search started" && line.jobId === solve.jobId),
    ).toHaveLength(1);
  });
});
