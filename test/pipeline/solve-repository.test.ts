// The Solve repository against a real Postgres: cached answers, following a running search, and
// the conditional updates that make result writing idempotent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../src/db/client.ts";
import { type NewSolve, SolveJobRepository, SolveRepository } from "../../src/solves/index.ts";
import { openTestPrisma, type TestPrisma } from "../helpers/prisma-database.ts";
import { createPuzzleRow } from "../helpers/puzzle-row.ts";

let database: TestPrisma;
let db: PrismaClient;
let solves: SolveRepository;
let jobs: SolveJobRepository;
let base: NewSolve;
let keyCounter = 0;

beforeAll(async () => {
  database = await openTestPrisma("solves");
  db = database.db;
  solves = new SolveRepository(db);
  jobs = new SolveJobRepository(db);
  const { user, puzzle } = await createPuzzleRow(db, "repo-user", {
    rows: 2,
    cols: 2,
    start: [1, 2, 0, 3],
    canonicalKey: "k",
  });
  base = {
    puzzleId: puzzle.id,
    requestedById: user.id,
    canonicalKey: "k",
    algorithm: "IDA_STAR",
    heuristic: "AUTO",
    timeLimitSeconds: 60,
  };
});

afterAll(async () => {
  await database?.close();
});

function fresh(overrides: Partial<NewSolve> = {}): NewSolve {
  return { ...base, canonicalKey: `key-${++keyCounter}`, ...overrides };
}

/** Marks job `jobId` RUNNING, started `agoMs` before Postgres' now (markRunning writes its now()). */
async function markedAgo(jobId: string, agoMs: number): Promise<{ waiting: number; startedAt: Date }> {
  const waiting = await jobs.markRunning(jobId);
  const [row] = await db.$queryRaw<{ started_at: Date }[]>`
    UPDATE "solves" SET "started_at" = now() - make_interval(secs => ${agoMs / 1000}::float8)
    WHERE "job_id" = ${jobId} AND "status" = 'RUNNING' RETURNING "started_at"`;
  return { waiting, startedAt: row.started_at };
}

const solved = {
  status: "SOLVED",
  moves: "R",
  length: 1,
  optimal: true,
  lowerBound: 1,
  nodesExpanded: 3,
  durationMs: 1,
} as const;

describe("SolveRepository", () => {
  it("follows an identical search that is still waiting, and not a different one", async () => {
    const request = fresh();
    const first = await solves.createQueued(request, "solve-a1");
    const second = await solves.createQueued(request, "solve-a2");
    const otherLimit = await solves.createQueued({ ...request, timeLimitSeconds: 5 }, "solve-a3");
    expect(first.via).toBe("new");
    expect(second.via).toBe("followed");
    expect(second.solve.jobId).toBe("solve-a1");
    expect(otherLimit.via).toBe("new");
    expect(otherLimit.solve.jobId).toBe("solve-a3");
  });

  it("makes a Solve that follows a running search RUNNING from the same start, a waiting one QUEUED", async () => {
    const request = fresh();
    await solves.createQueued(request, "solve-j1");
    const early = await solves.createQueued(request, "solve-j2");
    expect(early).toMatchObject({ via: "followed", solve: { status: "QUEUED", startedAt: null } });
    const { waiting, startedAt } = await markedAgo("solve-j1", 2000);
    expect(waiting).toBe(2);
    const late = await solves.createQueued(request, "solve-j3");
    expect(late.via).toBe("followed");
    expect(late.solve).toMatchObject({ status: "RUNNING", jobId: "solve-j1" });
    expect(late.solve.startedAt?.getTime()).toBe(startedAt.getTime());
    // The result reaches it like every other follower.
    const rows = await jobs.finishJob(request.canonicalKey, "solve-j1", solved, new Date());
    expect(rows.map((row) => row.id).sort()).toContain(late.solve.id);
  });

  it("writes a result once, to every follower, and never moves a finished Solve back", async () => {
    const request = fresh();
    const a = await solves.createQueued(request, "solve-b1");
    const b = await solves.createQueued(request, "solve-b1-unused");
    expect(await jobs.markRunning("solve-b1")).toBe(2);
    expect(await jobs.finishJob(request.canonicalKey, "solve-b1", solved)).toHaveLength(2);
    // A duplicated or retried job: nothing moves, nothing is overwritten.
    expect(await jobs.markRunning("solve-b1")).toBe(0);
    expect(
      await jobs.finishJob(request.canonicalKey, "solve-b1", { ...solved, moves: "RL", length: 2 }),
    ).toHaveLength(0);
    expect(await jobs.requeue("solve-b1")).toBe(0);
    for (const id of [a.solve.id, b.solve.id]) {
      const row = await solves.findById(id);
      expect(row).toMatchObject({
        status: "SOLVED",
        moves: "R",
        length: 1,
        optimal: true,
        nodesExpanded: 3n,
      });
      expect(row?.startedAt).not.toBeNull();
      expect(row?.finishedAt).not.toBeNull();
    }
  });

  it("answers from an earlier optimal result, whatever the options", async () => {
    const request = fresh();
    await solves.createQueued(request, "solve-c1");
    await jobs.finishJob(request.canonicalKey, "solve-c1", solved);
    const again = await solves.createQueued({ ...request, algorithm: "ASTAR" }, "solve-c2");
    expect(again.via).toBe("cached");
    expect(again.solve).toMatchObject({
      status: "SOLVED",
      cached: true,
      moves: "R",
      jobId: null,
      nodesExpanded: 0n,
    });
  });

  it("counts the requester's open Solves (the fairness priority of a new search)", async () => {
    const user = await db.user.create({ data: { name: "repo-fair", tokenHash: "3".repeat(64) } });
    const counts = [];
    for (let i = 0; i < 3; i++)
      counts.push((await solves.createQueued(fresh({ requestedById: user.id }), `solve-h${i}`)).openBefore);
    expect(counts).toEqual([0, 1, 2]);
    await expect(
      solves.createQueued(fresh({ requestedById: user.id }), "solve-h9", { maxOpenPerUser: 3 }),
    ).rejects.toThrow(/at most 3 open solves/);
  });

  it("never refuses the platform's own requests (no requester), whatever the limit", async () => {
    const queued = await solves.createQueued(fresh({ requestedById: null }), "solve-p1", {
      maxOpenPerUser: 0,
    });
    expect(queued).toMatchObject({
      via: "new",
      openBefore: 0,
      solve: { status: "QUEUED", jobId: "solve-p1", requestedById: null },
    });
  });

  it("gives the result to a Solve that joined the job while it was being written (the lock)", async () => {
    const request = fresh();
    const first = await solves.createQueued(request, "solve-s1");
    let late: number | undefined;
    let writing: Promise<Awaited<ReturnType<SolveJobRepository["finishJob"]>>> | undefined;
    // A follower that chose this job under the canonical key's lock (as createQueued does) and
    // commits only once the result's write waits for that lock.
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${request.canonicalKey}, 0))`;
      late = (await tx.solve.create({ data: { ...request, jobId: "solve-s1" } })).id;
      writing = jobs.finishJob(request.canonicalKey, "solve-s1", solved);
      for (let waited = 0; ; waited += 10) {
        const [{ waiting }] = await db.$queryRaw<{ waiting: number }[]>`
          SELECT count(*)::int AS waiting FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        if (waiting > 0) break;
        if (waited > 5000) throw new Error("the result's write never waited for the lock");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const rows = await writing!;
    expect(rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([first.solve.id, late]);
    expect(rows[0]).toMatchObject({ status: "SOLVED", moves: "R", nodesExpanded: 3n });
    expect(await solves.findById(late as number)).toMatchObject({ status: "SOLVED", moves: "R", length: 1 });
  });

  it("keeps the first start time, or takes the one given to a Solve never marked RUNNING", async () => {
    const marked = fresh();
    await solves.createQueued(marked, "solve-t1");
    const { waiting, startedAt: markedAt } = await markedAgo("solve-t1", 5000);
    expect(waiting).toBe(1);
    // Marked again (a retried job): the first start stays.
    expect(await jobs.markRunning("solve-t1")).toBe(1);
    const [markedRow] = await jobs.finishJob(marked.canonicalKey, "solve-t1", solved, new Date());
    expect(markedRow.startedAt?.getTime()).toBe(markedAt.getTime());
    const direct = fresh();
    await solves.createQueued(direct, "solve-t2");
    const startedAt = new Date(Date.now() - 3000);
    const [directRow] = await jobs.finishJob(direct.canonicalKey, "solve-t2", solved, startedAt);
    expect(directRow).toMatchObject({ status: "SOLVED", startedAt });
  });

  it("does not answer from a result that is not proven optimal", async () => {
    const request = fresh();
    await solves.createQueued(request, "solve-d1");
    await jobs.finishJob(request.canonicalKey, "solve-d1", { status: "TIMED_OUT", lowerBound: 30 });
    const again = await solves.createQueued(request, "solve-d2");
    expect(again.via).toBe("new");
  });

  it("cancels one follower and says how many others still wait", async () => {
    const request = fresh();
    const a = await solves.createQueued(request, "solve-e1");
    const b = await solves.createQueued(request, "solve-e2");
    const first = await solves.cancel(a.solve.id);
    expect(first).toMatchObject({ cancelled: true, stillFollowing: 1, solve: { status: "CANCELLED" } });
    const second = await solves.cancel(b.solve.id);
    expect(second).toMatchObject({ cancelled: true, stillFollowing: 0 });
    expect(await solves.cancel(b.solve.id)).toMatchObject({ cancelled: false });
    expect(await jobs.finishJob(request.canonicalKey, "solve-e1", solved)).toHaveLength(0);
    expect(await solves.cancel(999_999)).toBeNull();
  });

  it("gives the Solves cancelled by their owners what their stopped search proved, status unchanged", async () => {
    const request = fresh();
    const a = await solves.createQueued(request, "solve-f1");
    const b = await solves.createQueued(request, "solve-f1-unused");
    expect(b.solve.jobId).toBe("solve-f1");
    // Started 10 s before the cancels: the duration written (at most the Solve's own) is the search's.
    expect((await markedAgo("solve-f1", 10_000)).waiting).toBe(2);
    expect(await solves.cancel(a.solve.id)).toMatchObject({ cancelled: true, stillFollowing: 1 });
    expect(await solves.cancel(b.solve.id)).toMatchObject({ cancelled: true, stillFollowing: 0 });
    const cancelledAt = new Map<number, number | undefined>();
    for (const id of [a.solve.id, b.solve.id])
      cancelledAt.set(id, (await solves.findById(id))?.finishedAt?.getTime());
    // Another job's cancelled Solve is not this search's.
    const other = await solves.createQueued(fresh(), "solve-f2");
    await solves.cancel(other.solve.id);

    // The search stopped because nobody waits for it any more: its write fills the figures in.
    const stopped = {
      status: "CANCELLED",
      lowerBound: 41,
      nodesExpanded: 123_456,
      durationMs: 678,
      algorithmUsed: "idastar",
      heuristicUsed: "linear-conflict",
    } as const;
    const rows = await jobs.finishJob(request.canonicalKey, "solve-f1", stopped, new Date());
    expect(rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([a.solve.id, b.solve.id]);
    for (const id of [a.solve.id, b.solve.id]) {
      const row = await solves.findById(id);
      expect(row).toMatchObject({
        status: "CANCELLED",
        lowerBound: 41,
        nodesExpanded: 123_456n,
        durationMs: 678,
        algorithmUsed: "idastar",
        heuristicUsed: "linear-conflict",
        moves: null,
        error: null,
      });
      // Finished when it was cancelled, not when the search stopped.
      expect(row?.finishedAt?.getTime()).toBe(cancelledAt.get(id));
    }
    // Written once: a retried write changes nothing.
    expect(
      await jobs.finishJob(request.canonicalKey, "solve-f1", {
        ...stopped,
        lowerBound: 50,
        nodesExpanded: 1,
      }),
    ).toHaveLength(0);
    expect(await solves.findById(b.solve.id)).toMatchObject({ lowerBound: 41, nodesExpanded: 123_456n });
    expect(await solves.findById(other.solve.id)).toMatchObject({
      status: "CANCELLED",
      lowerBound: null,
      nodesExpanded: null,
    });

    // A search that went on for others and ended otherwise writes nothing to the one cancelled before.
    const shared = fresh();
    const gone = await solves.createQueued(shared, "solve-f3");
    await solves.createQueued(shared, "solve-f3-unused");
    await solves.cancel(gone.solve.id);
    const timedOut = { status: "TIMED_OUT", lowerBound: 30, nodesExpanded: 9, durationMs: 5 } as const;
    expect(await jobs.finishJob(shared.canonicalKey, "solve-f3", timedOut)).toHaveLength(1);
    expect(await solves.findById(gone.solve.id)).toMatchObject({ status: "CANCELLED", lowerBound: null });
  });

  it("serialises concurrent requests for one puzzle: one search, everyone follows it", async () => {
    const request = fresh();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => solves.createQueued(request, `solve-f${i}`)),
    );
    const jobs = new Set(results.map((r) => r.solve.jobId));
    expect(jobs.size).toBe(1);
    expect(results.filter((r) => r.via === "new")).toHaveLength(1);
  });

  it("stores a running search's proven bound on its open Solves, only upwards, with the waiting count", async () => {
    const request = fresh();
    const leader = await solves.createQueued(request, "solve-lb1");
    expect(await jobs.markRunning("solve-lb1")).toBe(1);
    const bound = async (id: number) => (await solves.findById(id))?.provenLowerBound;
    // No bound known yet: a count, nothing written.
    expect(await jobs.pollActive("solve-lb1")).toBe(1);
    expect(await bound(leader.solve.id)).toBeNull();
    expect(await jobs.pollActive("solve-lb1", 52)).toBe(1);
    expect(await bound(leader.solve.id)).toBe(52);
    // Never lowered (a search planned again proves its bounds again from lower down).
    expect(await jobs.pollActive("solve-lb1", 48)).toBe(1);
    expect(await bound(leader.solve.id)).toBe(52);
    // A follower that joins gets it at the next poll; the reconciler's row for the job carries it.
    const follower = await solves.createQueued(request, "solve-lb2");
    expect(follower.via).toBe("followed");
    expect(await jobs.pollActive("solve-lb1", 54)).toBe(2);
    expect(await bound(follower.solve.id)).toBe(54);
    const { byJob } = await jobs.waitingJobs(new Date(Date.now() + 1000), 1000);
    expect(byJob.find((s) => s.jobId === "solve-lb1")?.provenLowerBound).toBe(54);
    // A finished Solve keeps it and is no longer written to nor counted.
    await jobs.finishJob(request.canonicalKey, "solve-lb1", { ...solved, length: 56, lowerBound: 56 });
    expect(await jobs.pollActive("solve-lb1", 56)).toBe(0);
    expect(await bound(leader.solve.id)).toBe(54);
  });

  it("gives a job at its start the board's known optimum and the highest bound and first start stored on its Solves", async () => {
    const request = fresh();
    await solves.createQueued(request, "solve-js1");
    // Nothing stored yet.
    expect(await jobs.jobStart(request.canonicalKey, "solve-js1")).toEqual({
      known: null,
      provenBound: null,
      startedAt: null,
    });
    const { startedAt: firstStart } = await markedAgo("solve-js1", 5000);
    // A Solve that joins the running job later keeps the job's first start.
    await solves.createQueued(request, "solve-js1");
    await jobs.markRunning("solve-js1");
    await jobs.pollActive("solve-js1", 44);
    // A follower asking for another heuristic's search of the same board is another job: its own bound.
    await solves.createQueued({ ...request, heuristic: "MANHATTAN" }, "solve-js2");
    await jobs.pollActive("solve-js2", 40);
    expect(await jobs.jobStart(request.canonicalKey, "solve-js1")).toEqual({
      known: null,
      provenBound: 44,
      startedAt: firstStart,
    });
    // Handed back by a shutdown (QUEUED again), it still has it: the next take's time limit counts
    // from the first start, not from the retry (until the thirty-sixth session it read null).
    expect(await jobs.requeue("solve-js1")).toBe(2);
    expect((await jobs.jobStart(request.canonicalKey, "solve-js1")).startedAt).toEqual(firstStart);
    // A job whose Solves never ran has no start.
    expect((await jobs.jobStart(request.canonicalKey, "solve-js2")).startedAt).toBeNull();
    expect((await jobs.jobStart(request.canonicalKey, "solve-js2")).provenBound).toBe(40);
    // Another board's key never lends its bound to the job.
    expect((await jobs.jobStart("another-key", "solve-js1")).provenBound).toBeNull();
    // Once the board's optimum is proven (by the other job), a job starting finds it.
    await jobs.finishJob(request.canonicalKey, "solve-js2", { ...solved, length: 46, lowerBound: 46 });
    const { known, provenBound } = await jobs.jobStart(request.canonicalKey, "solve-js1");
    expect(known).toMatchObject({
      status: "SOLVED",
      moves: "R",
      length: 46,
      optimal: true,
      nodesExpanded: 0,
    });
    expect(provenBound).toBe(44);
  });

  it("lists one waiting Solve per job for the reconciler, with its puzzle", async () => {
    const request = fresh();
    await solves.createQueued(request, "solve-g1");
    await solves.createQueued(request, "solve-g1-unused");
    const { byJob } = await jobs.waitingJobs(new Date(Date.now() + 1000), 1000);
    const mine = byJob.filter((s) => s.jobId === "solve-g1");
    expect(mine).toHaveLength(1);
    expect(mine[0].puzzle.kind).toBe("SLIDING");
  });

  it("inserts concurrent finished Solves together and gives each caller its own row", async () => {
    const other = await db.user.create({ data: { name: "repo-other", tokenHash: "2".repeat(64) } });
    const requests = Array.from({ length: 30 }, (_, i) => ({
      solve: { ...fresh(), requestedById: i % 2 === 0 ? base.requestedById : other.id },
      outcome:
        i % 3 === 0
          ? ({ status: "UNSOLVABLE" } as const)
          : ({ ...solved, moves: "R".repeat(1 + (i % 5)), length: 1 + (i % 5) } as const),
    }));
    const rows = await Promise.all(requests.map((r) => solves.createFinished(r.solve, r.outcome)));
    expect(new Set(rows.map((row) => row.id)).size).toBe(30);
    rows.forEach((row, i) => {
      expect(row).toMatchObject({
        canonicalKey: requests[i].solve.canonicalKey,
        requestedById: requests[i].solve.requestedById,
        status: requests[i].outcome.status,
        jobId: null,
      });
      if (requests[i].outcome.status === "SOLVED") expect(row.moves).toBe(requests[i].outcome.moves);
    });
  });
});
