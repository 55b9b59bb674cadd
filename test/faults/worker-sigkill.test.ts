// SIGKILL a worker mid-search while other searches are queued: the killed worker's search is taken
// over by the other worker once its lock expires (stalled-job recovery) and finishes there, once;
// every accepted request finishes; no result is written twice.
import { afterAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { distinctBoards } from "../hostile/boards.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { duplicatedJobs, printReport } from "./report.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const workers: WorkerProcess[] = [];

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

describe("a worker killed with SIGKILL mid-search", () => {
  it("leaves its search to the other worker, which finishes it once; nothing is lost", async () => {
    workers.push(
      ...(await Promise.all([
        startWorker(api, { SOLVER_THREADS: "1" }),
        startWorker(api, { SOLVER_THREADS: "1" }),
      ])),
    );
    const users = await Promise.all([api.client().signUp(), api.client().signUp()]);
    const long = await requestSolve(
      users[0].client,
      await createPuzzle(users[0].client, BOARDS.twoSeconds),
      IDA_LC,
    );
    const longJob = (await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(long.id) } }))
      .jobId as string;
    const quick = [];
    for (const [i, board] of distinctBoards(12, 4, 30, 41).entries()) {
      const { client } = users[i % users.length];
      quick.push(await requestSolve(client, await createPuzzle(client, board), IDA_LC));
    }
    const accepted = [long, ...quick];

    const started = (jobId: string) => (line: Record<string, unknown>) =>
      line.msg === "search started" && line.jobId === jobId;
    const victim = await Promise.any(
      workers.map((worker) => worker.waitForLog(started(longJob), 60_000).then(() => worker)),
    );
    const survivor = workers.find((worker) => worker !== victim)!;
    victim.signal("SIGKILL");
    await victim.exited;

    const done = await Promise.all(
      accepted.map((solve) => waitUntilFinished(users[0].client, solve.id, 180_000)),
    );
    await survivor.waitForLog(started(longJob));
    const finished = done.filter((solve) => solve.status === "SOLVED").length;
    const duplicates = duplicatedJobs([...victim.logs, ...survivor.logs]);
    const report = {
      accepted: accepted.length,
      finished,
      lost: accepted.length - finished,
      duplicates: duplicates.length,
      "long search restarts": survivor.logs.filter(started(longJob)).length,
    };
    printReport("worker SIGKILL", report);

    expect(done.find((solve) => solve.id === long.id)).toMatchObject({
      status: "SOLVED",
      length: 56,
      optimal: true,
    });
    expect(report.lost).toBe(0);
    expect(duplicates).toEqual([]);
    // The killed worker never wrote the long search's result; the survivor wrote it once.
    expect(victim.logs.some((line) => line.msg === "search finished" && line.jobId === longJob)).toBe(false);
    expect(
      survivor.logs.filter((line) => line.msg === "search finished" && line.jobId === longJob),
    ).toHaveLength(1);
  });
});
