// A platform search for a submission that its submitter cancelled is not the platform's attempt: the
// next submission on the board starts a new one, so the proof arrives and the board's pending games
// are rated. Through the API (HTTP) with real Postgres, Redis and a worker process started once the
// cancelled search is out of the way (else a near-goal 4x4 is proven before it can be cancelled).
import { afterAll, describe, expect, it } from "vitest";
import { SolveJobRepository } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess | undefined;
afterAll(async () => {
  await worker?.stop();
});

/** 4x4 boards a few moves from the goal (distinct canonical keys; each test uses its own). */
const TWO_AWAY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15] },
  optimum: 2,
  solutions: { 2: "RR", 4: "RLRR" },
};
const ONE_AWAY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15] },
  optimum: 1,
  solutions: { 1: "R", 3: "RLR" },
};
const ONE_UP: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12] },
  optimum: 1,
  solutions: { 1: "D", 3: "DUD" },
};
const TWO_UP: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 8, 13, 14, 15, 12] },
  optimum: 2,
  solutions: { 2: "DD", 4: "DUDD" },
};

/** A 3x3 (a table answers it within the request). */
const THREE: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 0, 5, 7, 8, 6] },
  optimum: 2,
  solutions: { 2: "RD", 4: "RLRD" },
};

const CANCEL = `mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`;

function platformSolves(puzzleId: string) {
  return api.server.app.prisma.solve.findMany({
    where: { puzzleId: Number(puzzleId), requestedById: null },
    orderBy: { id: "asc" },
  });
}

async function cancel(client: GraphQLClient, id: number): Promise<void> {
  const { cancelSolve } = await client.data(CANCEL, { id: String(id) });
  expect(cancelSolve.status).toBe("CANCELLED");
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a cancelled platform search", () => {
  it("is searched again on the next submission: the proof arrives and the pending games are rated", async () => {
    const alice = await api.client().signUp();
    const bob = await api.client().signUp();
    const puzzleId = await createPuzzle(alice.client, TWO_AWAY);
    expect((await submit(alice.client, puzzleId, "RLRR")).optimal).toBeNull();
    const [first] = await platformSolves(puzzleId);
    expect(first).toMatchObject({ status: "QUEUED", onBehalfOfId: Number(alice.user.id) });
    await cancel(alice.client, first!.id);

    // Before: every later ask got the cancelled row back, and this stayed pending for good.
    expect((await submit(bob.client, puzzleId, "RLRR")).optimal).toBeNull();
    const solves = await platformSolves(puzzleId);
    expect(solves.map((s) => [s.status, s.onBehalfOfId])).toEqual([
      ["CANCELLED", Number(alice.user.id)],
      ["QUEUED", Number(bob.user.id)],
    ]);

    worker = await startWorker(api);
    const retry = solves[1]!;
    const proven = await until(
      "the new platform search",
      () => api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: retry.id } }),
      (s) => s.status !== "QUEUED" && s.status !== "RUNNING",
    );
    expect(proven).toMatchObject({ status: "SOLVED", length: 2, optimal: true });

    // Both first submissions are games, rated (not unrated: neither player requested a Solve).
    const RATED = `query ($p: ID!, $a: String!, $b: String!) {
      puzzle(id: $p) { rating { games } }
      a: user(name: $a) { rating { games } } b: user(name: $b) { rating { games } }
      me { submissions { edges { node { optimal } } } } }`;
    const vars = { p: puzzleId, a: alice.user.name, b: bob.user.name };
    const rated = await until(
      "the board's games",
      () => alice.client.data(RATED, vars),
      // The puzzle's and the players' ratings are read by separate queries: one read may see the
      // second game's transaction in one and not yet in the other, so this waits for all three.
      (d: any) => d.puzzle.rating?.games === 2 && d.a.rating !== null && d.b.rating !== null,
    );
    expect([rated.a.rating?.games, rated.b.rating?.games]).toEqual([1, 1]);
    expect(rated.me.submissions.edges.map((e: any) => e.node.optimal)).toEqual([false]);
    await worker.stop();
    worker = undefined;
  });
});

describe("the platform's searches for a board stay bounded", () => {
  it("one new search per submission after a cancel, one at a time, also for concurrent submissions", async () => {
    const alice = await api.client().signUp();
    const puzzleId = await createPuzzle(alice.client, ONE_AWAY);
    // No worker runs here: the searches stay queued.
    expect(worker).toBeUndefined();
    const players = [alice, ...(await Promise.all([api.client().signUp(), api.client().signUp()]))];
    const clientOf = new Map(players.map((p) => [Number(p.user.id), p.client]));
    await submit(alice.client, puzzleId, "RLR");
    for (let round = 0; round < 3; round += 1) {
      const open = (await platformSolves(puzzleId)).filter((s) => s.status === "QUEUED");
      expect(open).toHaveLength(1);
      await cancel(clientOf.get(open[0]!.onBehalfOfId!)!, open[0]!.id);
      // A cancel starts nothing by itself: nothing runs until someone submits again.
      expect((await platformSolves(puzzleId)).filter((s) => s.status === "QUEUED")).toHaveLength(0);
      // Three submissions at once start one search between them.
      await Promise.all(players.map((p) => submit(p.client, puzzleId, "RLR")));
    }
    const solves = await platformSolves(puzzleId);
    expect(solves.map((s) => s.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED", "QUEUED"]);
    // No two platform searches of the board were ever open together, and no new one while one is.
    await submit(alice.client, puzzleId, "R");
    expect(await platformSolves(puzzleId)).toHaveLength(4);
  });

  it("a search that ended without a proof (time limit) is still not retried on every submission", async () => {
    const alice = await api.client().signUp();
    const puzzleId = await createPuzzle(alice.client, ONE_UP);
    await submit(alice.client, puzzleId, "DUD");
    const [own] = await platformSolves(puzzleId);
    await new SolveJobRepository(api.server.app.prisma).finishJob(own!.canonicalKey, own!.jobId!, {
      status: "TIMED_OUT",
      lowerBound: 1,
    });
    const bob = await api.client().signUp();
    expect((await submit(bob.client, puzzleId, "DUD")).optimal).toBeNull();
    expect((await platformSolves(puzzleId)).map((s) => s.status)).toEqual(["TIMED_OUT"]);
  });

  it("a search that failed is searched again on the next submission, once", async () => {
    const alice = await api.client().signUp();
    const puzzleId = await createPuzzle(alice.client, TWO_UP);
    await submit(alice.client, puzzleId, "DUDD");
    const [own] = await platformSolves(puzzleId);
    await new SolveJobRepository(api.server.app.prisma).finishJob(own!.canonicalKey, own!.jobId!, {
      status: "FAILED",
      error: "worker lost",
    });
    const bob = await api.client().signUp();
    await submit(bob.client, puzzleId, "DUDD");
    await submit(bob.client, puzzleId, "DUDD");
    expect((await platformSolves(puzzleId)).map((s) => [s.status, s.onBehalfOfId])).toEqual([
      ["FAILED", Number(alice.user.id)],
      ["QUEUED", Number(bob.user.id)],
    ]);
  });

  it("a board a table answers is answered within the submission, past an old cancelled platform row", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, THREE);
    const puzzle = await api.server.app.prisma.puzzle.findUniqueOrThrow({ where: { id: Number(puzzleId) } });
    // E.g. queued before tables answered this size, then cancelled.
    await api.server.app.prisma.solve.create({
      data: {
        puzzleId: puzzle.id,
        requestedById: null,
        canonicalKey: puzzle.canonicalKey,
        status: "CANCELLED",
      },
    });
    expect((await submit(client, puzzleId, "RLRD")).optimal).toBe(false);
    expect((await platformSolves(puzzleId)).map((s) => [s.status, s.length])).toEqual([
      ["CANCELLED", null],
      ["SOLVED", 2],
    ]);
  });
});
