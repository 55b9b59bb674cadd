// The reconciler against real Postgres and Redis: every waiting Solve whose job Redis does not hold
// gets its job back, across pages, once; a second pass changes nothing; the job comes back as its
// Solves asked for it (SolveOptions.split included).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../src/db/client.ts";
import {
  newSolveJobId,
  Reconciler,
  createSolveQueue,
  type SolveQueue,
  SolveJobRepository,
  SolveRepository,
} from "../../src/solves/index.ts";
import { openTestPrisma, type TestPrisma } from "../helpers/prisma-database.ts";
import { createPuzzleRow } from "../helpers/puzzle-row.ts";

let database: TestPrisma;
let db: PrismaClient;
let queue: SolveQueue;

beforeAll(async () => {
  database = await openTestPrisma("reconcile");
  db = database.db;
  queue = createSolveQueue({
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    prefix: `test-${randomBytes(4).toString("hex")}`,
  });
});

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  await database?.close();
});

/** A 30 s IDA* (Manhattan) request of `canonicalKey`'s search on the puzzle. */
function manhattanRequest(puzzleId: number, requestedById: number, canonicalKey: string) {
  const options = { algorithm: "IDA_STAR" as const, heuristic: "MANHATTAN", timeLimitSeconds: 30 };
  return { puzzleId, requestedById, canonicalKey, ...options };
}

describe("Reconciler", () => {
  it("re-adds every missing job, page after page, and only once", async () => {
    const solves = new SolveRepository(db);
    const start = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    const { user, puzzle } = await createPuzzleRow(db, "reconcile", {
      rows: 3,
      cols: 3,
      start,
      canonicalKey: "r",
    });
    const jobIds = [];
    for (let i = 0; i < 5; i++) {
      const request = manhattanRequest(puzzle.id, user.id, `r${i}`);
      const { solve } = await solves.createQueued(request, newSolveJobId());
      // A follower of the same job: its job is checked once, not twice.
      await solves.createQueued(request, newSolveJobId());
      jobIds.push(solve.jobId as string);
    }
    const reconciler = new Reconciler(new SolveJobRepository(db), queue, {
      intervalMs: 60_000,
      graceMs: 0,
      batch: 3,
    });
    // graceMs 0 compares created_at (microseconds) with Date.now() (milliseconds): a row written in the
    // current millisecond would still count as too young.
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(await reconciler.runOnce()).toEqual({ checked: 5, enqueued: 5, failed: 0 });
    for (const [i, jobId] of jobIds.entries()) {
      const job = await queue.getJob(jobId);
      expect(job?.data).toMatchObject({
        canonicalKey: `r${i}`,
        algorithm: "idastar",
        heuristic: "manhattan",
        timeLimitMs: 30_000,
        spec: { start },
      });
    }
    expect(await reconciler.runOnce()).toEqual({ checked: 5, enqueued: 0, failed: 0 });
  });

  it("re-adds a job with the split its Solves asked for; a Solve follows only a search of the same split", async () => {
    const solves = new SolveRepository(db);
    const { user, puzzle } = await createPuzzleRow(db, "reconcile-split", {
      rows: 4,
      cols: 4,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
      canonicalKey: "split-key",
    });
    const request = (split: boolean | null) => ({
      puzzleId: puzzle.id,
      requestedById: user.id,
      canonicalKey: "split-key",
      algorithm: "IDA_STAR" as const,
      heuristic: "LINEAR_CONFLICT",
      timeLimitSeconds: 30,
      split,
    });
    const jobs = new Map<boolean | null, string>();
    for (const split of [true, false, null]) {
      const { solve, via } = await solves.createQueued(request(split), newSolveJobId());
      expect(via).toBe("new");
      expect(solve.split).toBe(split);
      // The same request again follows that search.
      const again = await solves.createQueued(request(split), newSolveJobId());
      expect(again.via).toBe("followed");
      expect(again.solve.jobId).toBe(solve.jobId);
      expect((await solves.findById(again.solve.id))?.split).toBe(split);
      jobs.set(split, solve.jobId as string);
    }
    expect(new Set(jobs.values()).size).toBe(3);

    const reconciler = new Reconciler(new SolveJobRepository(db), queue, { intervalMs: 60_000, graceMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reconciler.runOnce();
    expect((await queue.getJob(jobs.get(true)!))?.data.split).toBe(true);
    expect((await queue.getJob(jobs.get(false)!))?.data.split).toBe(false);
    const auto = await queue.getJob(jobs.get(null)!);
    expect(auto?.data.canonicalKey).toBe("split-key");
    expect(auto?.data).not.toHaveProperty("split");
  });

  it("ends a pass in progress after the job it is checking once stopped (a hung Redis: 2 s a job)", async () => {
    const solves = new SolveRepository(db);
    const { user, puzzle } = await createPuzzleRow(db, "reconcile-stop", {
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
      canonicalKey: "stop",
    });
    for (let i = 0; i < 4; i++) {
      await solves.createQueued(manhattanRequest(puzzle.id, user.id, `stop${i}`), newSolveJobId());
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Each look-up answers after 300 ms, as a slow Redis would; the first one in flight stops the reconciler.
    const lookUp = queue.getJobState.bind(queue);
    const reconciler = new Reconciler(new SolveJobRepository(db), queue, { intervalMs: 60_000, graceMs: 0 });
    let stopping: Promise<void> | undefined;
    queue.getJobState = async (jobId: string) => {
      stopping ??= reconciler.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return lookUp(jobId);
    };
    try {
      const report = await reconciler.runOnce();
      await stopping;
      // One job checked, not every waiting one (these four and the earlier tests'): the rest wait for
      // the next pass.
      expect(report.checked).toBe(1);
    } finally {
      queue.getJobState = lookUp;
    }
  });
});
