// Postgres (a private server: never the machine's shared one) stopped for at least 10 s in the middle
// of a split search on two worker processes, with a follower of that search and another user's
// search queued just before: the search ends while Postgres is away (its result write fails and is
// retried with the job's lock held), and once Postgres is back every Solve gets its one result,
// SOLVED and replayable, each subscriber its final event, and no Solve is left QUEUED or RUNNING. The
// API answers SERVICE_UNAVAILABLE meanwhile, /readyz 503 naming the database, and recovers by itself.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import { WorkerProcess } from "../pipeline/worker-process.ts";
import { ApiProcess } from "./api-process.ts";
import { PostgresCluster } from "./postgres-cluster.ts";
import { duplicatedJobs, printReport } from "./report.ts";

/** The shortest outage; it lasts until the search's result write has failed at least once. */
const OUTAGE_MS = 10_000;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `faults-pg-split-${process.pid}`;
let cluster: PostgresCluster;
let api: ApiProcess;
let workers: WorkerProcess[] = [];
let prisma: PrismaClient;

beforeAll(async () => {
  cluster = await PostgresCluster.create();
  const env = {
    ...FAST_PIPELINE,
    DATABASE_URL: cluster.url("faults"),
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    DAILY_PUZZLES: "false",
    RATE_LIMIT_REQUESTS: "1000000",
    RATE_LIMIT_WORK: "1000000",
  };
  api = await ApiProcess.start(env); // creates and migrates the database
  workers = await Promise.all([
    WorkerProcess.start({ ...env, SOLVER_THREADS: "1" }),
    WorkerProcess.start({ ...env, SOLVER_THREADS: "1" }),
  ]);
  prisma = createPrismaClient(env.DATABASE_URL);
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await api?.stop();
  await prisma?.$disconnect();
  cluster?.destroy();
  await deleteRedisKeys(REDIS_URL, PREFIX);
});

const READ = `{ puzzles(first: 5) { edges { node { id } } } }`;

describe("Postgres away for 10 s mid-way through a split search", () => {
  it("writes the search's result once Postgres is back: one result, followers and subscribers served, nothing stuck", async () => {
    const alice = await new GraphQLClient(api.url).signUp();
    const bob = await new GraphQLClient(api.url).signUp();
    const longPuzzle = await createPuzzle(alice.client, BOARDS.twoSeconds);
    const queuedPuzzle = await createPuzzle(bob.client, BOARDS.another);
    const spare = await createPuzzle(bob.client, BOARDS.second);
    const searched = await requestSolve(alice.client, longPuzzle, IDA_LC);
    const watch = new ProgressWatch(api.wsUrl, alice.token, searched.id);
    await watch.waitFor((e) => e.unitsTotal !== null, 30_000);
    // Bob follows the running search, and asks for another search, just before Postgres goes.
    const follower = await requestSolve(bob.client, longPuzzle, IDA_LC);
    const followerWatch = new ProgressWatch(api.wsUrl, bob.token, follower.id);
    const queued = await requestSolve(bob.client, queuedPuzzle, IDA_LC);
    const queuedWatch = new ProgressWatch(api.wsUrl, bob.token, queued.id);
    await followerWatch.waitFor(() => true, 10_000);
    await queuedWatch.waitFor(() => true, 10_000);
    const { jobId } = await prisma.solve.findUniqueOrThrow({ where: { id: Number(searched.id) } });
    expect((await prisma.solve.findUniqueOrThrow({ where: { id: Number(follower.id) } })).jobId).toBe(jobId);
    const workerLogs = () => workers.flatMap((w) => w.logs);
    const resultWriteFailed = () =>
      workerLogs().some((l) => l.jobId === jobId && l.msg === "writing the search's result failed; retrying");

    cluster.stop();
    const down = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The API meanwhile: coded errors at once, /readyz 503 naming the database.
    const readStarted = Date.now();
    const read = await alice.client.request(READ);
    const readMs = Date.now() - readStarted;
    const solveWhileDown = await bob.client.request(
      `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id } }`,
      { id: spare, options: IDA_LC },
    );
    const ready = await fetch(`${api.origin}/readyz`);
    const readyBody = (await ready.json()) as { checks: Record<string, string> };
    // Down for OUTAGE_MS, and at least until the search has ended and failed to write its result.
    while (Date.now() - down < OUTAGE_MS || (!resultWriteFailed() && Date.now() - down < 60_000)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const outageMs = Date.now() - down;
    const finishedBeforeRestart = workerLogs().some((l) => l.jobId === jobId && l.msg === "search finished");
    cluster.start();
    const up = Date.now();

    // Each read by its requester (Solve.moves are shown to the requester only).
    const [finished, followed, other] = await Promise.all(
      (
        [
          [alice, searched.id],
          [bob, follower.id],
          [bob, queued.id],
        ] as const
      ).map(([user, id]) => waitUntilFinished(user.client, id, 120_000)),
    );
    const recoveredMs = Date.now() - up;
    const events = await Promise.all([watch, followerWatch, queuedWatch].map((w) => w.finished(30_000)));
    const readyAfter = await fetch(`${api.origin}/readyz`);
    const open = await prisma.solve.count({ where: { status: { in: ["QUEUED", "RUNNING"] } } });
    const rows = await prisma.solve.findMany({ where: { jobId }, orderBy: { id: "asc" } });
    const resultWrites = workerLogs().filter(
      (l) => l.jobId === jobId && l.msg === "search finished" && Number(l.updated) > 0,
    );
    const redis = new Redis(REDIS_URL);
    const splitKeys = await redis.keys(`${PREFIX}:split:*`).finally(() => redis.disconnect());
    const retried = workerLogs().filter((l) => String(l.msg).endsWith("failed; retrying"));
    printReport("Postgres away during a split search", {
      accepted: 3,
      finished: [finished, followed, other].filter((s) => s.status === "SOLVED").length,
      lost: [finished, followed, other].filter((s) => s.status !== "SOLVED").length,
      duplicates: duplicatedJobs(workerLogs()).length,
      "outage (ms)": outageMs,
      "search ended while down": String(finishedBeforeRestart || resultWriteFailed()),
      "worker writes retried": retried.length,
      "read while down": `${read.status} ${read.body.errors?.[0]?.extensions?.code} in ${readMs} ms`,
      "/readyz while down": `${ready.status} ${JSON.stringify(readyBody.checks)}`,
      "all answered after (ms)": recoveredMs,
    });

    // Postgres away: coded errors at once, and /readyz names the database.
    expect(read.status).toBe(503);
    expect(read.body.errors?.[0]?.extensions).toMatchObject({ code: "SERVICE_UNAVAILABLE", retryAfter: 5 });
    expect(readMs).toBeLessThan(2000);
    expect(solveWhileDown.body.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
    expect(ready.status).toBe(503);
    expect(readyBody.checks).toMatchObject({ postgres: "unavailable", redis: "ok" });
    // The search ended while Postgres was away: its result write failed, was retried, and landed.
    expect(resultWriteFailed()).toBe(true);
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.twoSeconds });
    for (const solve of [finished, followed]) {
      expect(solve.status).toBe("SOLVED");
      expect(solve.length).toBe(56);
      expect(replayMoves(spec, solve.moves ?? "").solved).toBe(true);
    }
    expect(followed.moves).toBe(finished.moves);
    expect(other.status).toBe("SOLVED");
    expect(other.length).toBe(54);
    const otherSpec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.another });
    expect(replayMoves(otherSpec, other.moves ?? "").solved).toBe(true);
    // One result: one write for the job, two rows (the requester's and the follower's), one each.
    expect(rows.map((row) => String(row.id))).toEqual([searched.id, follower.id]);
    expect(resultWrites).toHaveLength(1);
    expect(Number(resultWrites[0].updated)).toBe(2);
    expect(duplicatedJobs(workerLogs())).toEqual([]);
    expect(open).toBe(0);
    expect(splitKeys).toEqual([]);
    // Every subscriber got the final event, with the moves.
    for (const [i, list] of events.entries()) {
      const last = list.at(-1);
      expect(last?.status, `subscriber ${i}`).toBe("SOLVED");
      expect(last?.solve?.moves, `subscriber ${i}`).toBe([finished, followed, other][i].moves);
    }
    // The API and the workers recovered by themselves.
    expect(readyAfter.status).toBe(200);
    expect((await alice.client.request(READ)).status).toBe(200);
    expect(api.alive, api.tail()).toBe(true);
    for (const worker of workers) expect(worker.alive, worker.tail()).toBe(true);
  }, 240_000);
});
