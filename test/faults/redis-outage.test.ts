// Redis stopped for 10 s during a burst of createPuzzle + requestSolve: every request is answered
// (accepted requests are stored QUEUED in Postgres), /readyz says 503 while Redis is away and 200
// again after, no process crashes, and every accepted solve finishes once Redis is back (restarted
// empty: the reconciler adds the lost jobs again).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { distinctBoards } from "../hostile/boards.ts";
import { FAST_PIPELINE, IDA_LC, startWorker } from "../pipeline/pipeline.ts";
import { RedisChild } from "../pipeline/redis-child.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { duplicatedJobs, printReport } from "./report.ts";
import { keepSending, newTally, pollStatus, tracked, waitForSolves } from "./traffic.ts";

const OUTAGE_MS = 10_000;
let redis: RedisChild;
let api: TestServer;
let worker: WorkerProcess;

beforeAll(async () => {
  redis = await RedisChild.start();
  api = await startTestServer({
    env: { ...FAST_PIPELINE, REDIS_URL: redis.url, MAX_OPEN_SOLVES_PER_USER: "1000" },
  });
  worker = await startWorker(api, { SOLVER_THREADS: "2" });
});

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await redis?.stop();
});

const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`;
const SOLVE = `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id status } }`;

describe("Redis stopped for 10 s during a burst of requestSolve", () => {
  it("answers every request, says 503 meanwhile, and finishes every accepted solve after", async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => api.client().signUp()));
    const boards = distinctBoards(600, 4, 30, 77);
    let next = 0;
    const tally = newTally();
    const readiness = pollStatus(`${api.origin}/readyz`);
    const health = pollStatus(`${api.origin}/healthz`);
    const traffic = keepSending(users.length, async (loop) => {
      const { client } = users[loop];
      const created = await tracked<{ createPuzzle: { id: string } }>(tally, client, CREATE, {
        input: { kind: "SLIDING", rows: 4, cols: 4, start: boards[next++ % boards.length] },
      });
      if (!created) return;
      const solve = await tracked<{ requestSolve: { id: string } }>(tally, client, SOLVE, {
        id: created.createPuzzle.id,
        options: IDA_LC,
      });
      if (solve) tally.accepted.push(solve.requestSolve.id);
    });

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const acceptedBefore = tally.accepted.length;
    await redis.stop();
    const down = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const acceptedWhileDown = tally.accepted.length - acceptedBefore;
    await redis.start();
    const up = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await traffic.stop();

    const statuses = await waitForSolves(api.server.app.prisma, tally.accepted);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, up + 7000 - Date.now())));
    await readiness.stop();
    await health.stop();
    const finished = [...statuses.values()].filter((status) => status === "SOLVED").length;
    const notSolved = await api.server.app.prisma.solve.findMany({
      where: {
        id: { in: [...statuses].filter(([, status]) => status !== "SOLVED").map(([id]) => Number(id)) },
      },
      select: { id: true, status: true, error: true, jobId: true },
    });
    // Asked after the probe's own 2 s wait for a reconnection, answered before Redis was back.
    const whileDown = readiness.samples.filter((s) => s.at > down + 2500 && s.end < up);
    const afterUp = readiness.samples.filter((s) => s.at > up + 5000);
    const duplicates = duplicatedJobs(worker.logs);
    printReport("Redis outage", {
      accepted: tally.accepted.length,
      finished,
      lost: tally.accepted.length - finished,
      duplicates: duplicates.length,
      "requests sent": tally.sent,
      "accepted while Redis was down": acceptedWhileDown,
      "coded errors": JSON.stringify(tally.coded),
      "/readyz while down": [...new Set(whileDown.map((s) => s.status))].join("/"),
      "/readyz after": [...new Set(afterUp.map((s) => s.status))].join("/"),
      "not solved": JSON.stringify(notSolved),
      "their worker log": JSON.stringify(
        worker.logs.filter((line) =>
          notSolved.some((solve) => JSON.stringify(line).includes(solve.jobId ?? "-")),
        ),
      ),
      "jobs taken again while their earlier run went on": worker.logs.filter(
        (line) => line.msg === "search job taken again while its earlier run goes on here: that run stops",
      ).length,
      "reconciler re-adds": worker.logs.filter((line) => line.msg === "reconciler re-added a missing job")
        .length,
    });

    expect(tally.uncoded).toEqual([]);
    expect(tally.coded).toEqual({});
    expect(acceptedWhileDown).toBeGreaterThan(0);
    expect(finished).toBe(tally.accepted.length);
    expect(duplicates).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.every((sample) => sample.status === 503)).toBe(true);
    expect(afterUp.length).toBeGreaterThan(0);
    expect(afterUp.every((sample) => sample.status === 200)).toBe(true);
    expect(health.samples.filter((sample) => sample.status !== 200)).toEqual([]);
    expect(worker.alive, worker.tail()).toBe(true);
  });
});
