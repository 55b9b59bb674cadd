// The reconciler's time-limit check against real Postgres and Redis (no worker): Solves still waiting
// OVERDUE_MARGIN_MS past their job's start + limit (their coordinator's worker died or hangs) are
// ended TIMED_OUT with the bound stored on them, announced, and their search stopped as a cancel
// stops it (a job no worker holds removed with its split state, the cancel message sent). A
// coordinator's result written first wins; one written after fills in its figures, and a late SOLVED
// its answer, where the board's next job finds it. The check is Postgres' clock against itself: a
// worker's clock far ahead ends nothing early. One pass does not wait for a hung announce or stop.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "../../src/db/client.ts";
import type { Solve } from "../../src/generated/prisma/client.ts";
import {
  type NewSolve,
  Reconciler,
  type SolveOutcome,
  type SolveQueue,
  SolveJobRepository,
  SolveRepository,
  addSearchJob,
  createSolveQueue,
  newSolveJobId,
  splitKeys,
} from "../../src/solves/index.ts";
import { openTestPrisma, type TestPrisma } from "../helpers/prisma-database.ts";
import { createPuzzleRow } from "../helpers/puzzle-row.ts";

/** The margin the workers use (OVERDUE_MARGIN_MS in src/solves/reconciler.ts). */
const OVERDUE_MARGIN_MS = 5000;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-${randomBytes(4).toString("hex")}`;
let database: TestPrisma;
let db: PrismaClient;
let queue: SolveQueue;
let redis: Redis;
let solves: SolveRepository;
let solveJobs: SolveJobRepository;
let base: NewSolve;
let keys = 0;

beforeAll(async () => {
  database = await openTestPrisma("overdue");
  db = database.db;
  queue = createSolveQueue({ redisUrl: REDIS_URL, prefix });
  redis = new Redis(REDIS_URL);
  solves = new SolveRepository(db);
  solveJobs = new SolveJobRepository(db);
  const { user, puzzle } = await createPuzzleRow(db, "overdue", {
    rows: 3,
    cols: 3,
    start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
    canonicalKey: "o",
  });
  base = {
    puzzleId: puzzle.id,
    requestedById: user.id,
    canonicalKey: "o",
    algorithm: "IDA_STAR",
    heuristic: "LINEAR_CONFLICT",
    timeLimitSeconds: 5,
  };
});

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  redis?.disconnect();
  await database?.close();
});

/** A job with a Solve and a follower, marked RUNNING `agoMs` ago (never, when null). */
async function searchStarted(agoMs: number | null, limitSeconds = 5) {
  const request = { ...base, canonicalKey: `o${++keys}`, timeLimitSeconds: limitSeconds };
  const { solve } = await solves.createQueued(request, newSolveJobId());
  const follower = await solves.createQueued(request, newSolveJobId());
  const jobId = solve.jobId as string;
  expect(follower.solve.jobId).toBe(jobId);
  if (agoMs !== null) {
    await solveJobs.markRunning(jobId);
    // As if marked `agoMs` ago (Postgres' clock, as markRunning writes it).
    await db.$executeRaw`UPDATE "solves" SET "started_at" = now() - make_interval(secs => ${agoMs / 1000}::float8)
      WHERE "job_id" = ${jobId}`;
  }
  return { jobId, canonicalKey: request.canonicalKey, ids: [solve.id, follower.solve.id] };
}

function reconcilerFor(finished: Solve[], stopped: string[]) {
  return new Reconciler(solveJobs, queue, {
    intervalMs: 60_000,
    graceMs: 0,
    redis,
    onFinished: async (rows) => {
      finished.push(...rows);
    },
    stopSearch: async (jobId) => {
      stopped.push(jobId);
    },
  });
}

/**
 * A coordinator's write after the reconciler ended `job`'s Solves (`ended`: one as it ended them):
 * it fills every one of them in with `figures`, status TIMED_OUT, finishedAt and durationMs kept.
 */
async function expectFilled(
  job: { canonicalKey: string; jobId: string; ids: number[] },
  ended: Solve | null,
  late: SolveOutcome,
  figures: Partial<Solve>,
) {
  const filled = await solveJobs.finishJob(job.canonicalKey, job.jobId, late);
  expect(filled.map((row) => row.id).sort((a, b) => a - b)).toEqual(job.ids);
  for (const id of job.ids)
    expect(await solves.findById(id)).toMatchObject({
      status: "TIMED_OUT",
      durationMs: ended?.durationMs,
      finishedAt: ended?.finishedAt,
      ...figures,
    });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the reconciler's time-limit check", () => {
  it("ends TIMED_OUT the Solves waiting past their limit, with their stored bound, and stops the search", async () => {
    const overdue = await searchStarted(5000 + OVERDUE_MARGIN_MS + 500);
    await solveJobs.pollActive(overdue.jobId, 41);
    // Within the margin, not started, or a longer limit: left alone.
    const justDue = await searchStarted(5000 + OVERDUE_MARGIN_MS - 1000);
    const queued = await searchStarted(null);
    const longer = await searchStarted(10_000, 60);
    // The overdue job waits in Redis (handed back, no worker holds it), with split state.
    await addSearchJob(queue, overdue.jobId, { canonicalKey: overdue.canonicalKey } as never);
    const state = splitKeys(prefix, overdue.jobId).state;
    await redis.set(state, "{}");

    const finished: Solve[] = [];
    const stopped: string[] = [];
    const reconciler = reconcilerFor(finished, stopped);
    expect(await reconciler.expireOverdue()).toBe(2);
    for (const id of overdue.ids) {
      const row = (await solves.findById(id)) as Solve;
      expect(row).toMatchObject({ status: "TIMED_OUT", lowerBound: 41, nodesExpanded: null, error: null });
      const ranMs = (row.finishedAt as Date).getTime() - (row.startedAt as Date).getTime();
      expect(ranMs).toBeGreaterThanOrEqual(5000 + OVERDUE_MARGIN_MS);
      expect(Math.abs((row.durationMs as number) - ranMs)).toBeLessThan(1000);
    }
    expect(finished.map((row) => row.id).sort((a, b) => a - b)).toEqual(overdue.ids);
    expect(stopped).toEqual([overdue.jobId]);
    expect(await queue.getJob(overdue.jobId)).toBeUndefined();
    expect(await redis.exists(state)).toBe(0);
    for (const other of [justDue, queued, longer])
      for (const id of other.ids) expect((await solves.findById(id))?.status).toMatch(/QUEUED|RUNNING/);
    // Nothing more to do.
    expect(await reconciler.expireOverdue()).toBe(0);
  });

  it("writes nothing once the coordinator's own result is written", async () => {
    const job = await searchStarted(10_000);
    const result = { status: "TIMED_OUT", lowerBound: 44, nodesExpanded: 1000, durationMs: 5000 } as const;
    expect(await solveJobs.finishJob(job.canonicalKey, job.jobId, result)).toHaveLength(2);
    const finished: Solve[] = [];
    const stopped: string[] = [];
    expect(await reconcilerFor(finished, stopped).expireOverdue()).toBe(0);
    expect(finished).toEqual([]);
    expect(stopped).toEqual([]);
    expect(await solves.findById(job.ids[0])).toMatchObject({ lowerBound: 44, nodesExpanded: 1000n });
  });

  it("keeps the status a coordinator's late write finds, and takes its figures", async () => {
    const job = await searchStarted(10_000);
    await solveJobs.pollActive(job.jobId, 40);
    await reconcilerFor([], []).expireOverdue();
    const ended = await solves.findById(job.ids[0]);
    // A coordinator that woke up (SIGCONT), or the worker that took the job over, stops the search.
    const late = {
      status: "CANCELLED",
      lowerBound: 42,
      nodesExpanded: 9_000_000,
      durationMs: 40_000,
      algorithmUsed: "idastar",
      heuristicUsed: "linear-conflict",
      unitsTotal: 12,
    } as const;
    await expectFilled(job, ended, late, {
      lowerBound: 42,
      nodesExpanded: 9_000_000n,
      heuristicUsed: "linear-conflict",
      unitsTotal: 12,
    });
    // Once: a second write changes nothing, and a lower bound never replaces a higher one.
    expect(await solveJobs.finishJob(job.canonicalKey, job.jobId, { ...late, lowerBound: 30 })).toEqual([]);
    const other = await searchStarted(10_000);
    await solveJobs.pollActive(other.jobId, 50);
    await reconcilerFor([], []).expireOverdue();
    await solveJobs.finishJob(other.canonicalKey, other.jobId, { ...late, status: "TIMED_OUT" });
    expect(await solves.findById(other.ids[0])).toMatchObject({ lowerBound: 50, nodesExpanded: 9_000_000n });
  });

  it("compares Postgres' clock with itself: a worker's clock far ahead ends nothing early", async () => {
    const job = await searchStarted(0);
    const [{ skewMs }] = await db.$queryRaw<{ skewMs: number }[]>`
      SELECT abs(extract(epoch FROM min("started_at") - now()) * 1000)::float8 AS "skewMs"
      FROM "solves" WHERE "job_id" = ${job.jobId}`;
    expect(skewMs).toBeLessThan(2000);
    // This process's clock an hour ahead of Postgres' (another machine's, or NTP gone wrong).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_600_000 });
    const finished: Solve[] = [];
    const stopped: string[] = [];
    expect(await reconcilerFor(finished, stopped).expireOverdue()).toBe(0);
    vi.useRealTimers();
    expect(finished).toEqual([]);
    expect(stopped).toEqual([]);
    for (const id of job.ids) expect((await solves.findById(id))?.status).toBe("RUNNING");
  });

  it("keeps a SOLVED answer written after the reconciler's TIMED_OUT, where the board's next job finds it", async () => {
    const job = await searchStarted(10_000);
    await solveJobs.pollActive(job.jobId, 3);
    expect(await reconcilerFor([], []).expireOverdue()).toBe(2);
    const ended = await solves.findById(job.ids[0]);
    // The coordinator was alive: its answer, found just before the limit, is written after the margin.
    const answer = {
      status: "SOLVED",
      moves: "RDLU",
      length: 4,
      optimal: true,
      lowerBound: 4,
      nodesExpanded: 1234,
      durationMs: 4990,
      algorithmUsed: "idastar",
      heuristicUsed: "linear-conflict",
      unitsTotal: 3,
    } as const;
    await expectFilled(job, ended, answer, {
      moves: "RDLU",
      length: 4,
      optimal: true,
      lowerBound: 4,
      nodesExpanded: 1234n,
      unitsTotal: 3,
    });
    // The board's next search is answered from it.
    const next = await solves.createQueued({ ...base, canonicalKey: job.canonicalKey }, newSolveJobId());
    const start = await solveJobs.jobStart(job.canonicalKey, next.solve.jobId as string);
    expect(start.known).toMatchObject({ status: "SOLVED", moves: "RDLU", length: 4, optimal: true });
    // Once: a duplicate write changes nothing.
    expect(await solveJobs.finishJob(job.canonicalKey, job.jobId, { ...answer, moves: "LURD" })).toEqual([]);
  });

  it("does not let a hung announce or stop hold up the pass", async () => {
    const jobs = [await searchStarted(12_000), await searchStarted(12_000)];
    const never = new Promise<void>(() => undefined);
    const errors: unknown[] = [];
    const reconciler = new Reconciler(solveJobs, queue, {
      intervalMs: 60_000,
      graceMs: 0,
      redis,
      onFinished: () => never,
      stopSearch: () => never,
      onError: (error) => errors.push(error),
    });
    const began = Date.now();
    const ended = await Promise.race([
      reconciler.expireOverdue(),
      new Promise((resolve) => setTimeout(() => resolve("stalled"), 8000)),
    ]);
    expect(ended).toBe(4);
    // The announce (1 s) and the stop (2 s) of both jobs side by side.
    expect(Date.now() - began).toBeLessThan(6000);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const job of jobs)
      for (const id of job.ids) expect((await solves.findById(id))?.status).toBe("TIMED_OUT");
  }, 15_000);
});
