// Ctrl-C on `npm start`'s process group (SIGINT to every process in it, as a terminal sends it) while
// a search runs and others wait: the worker drains once (its running search, one that cannot finish
// within the drain, goes back to the queue: QUEUED in Postgres when the process has exited, not left
// RUNNING for stall detection), everything exits 0; a second `npm start` on the same database and
// Redis finishes every accepted request, each result written once.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import { createPrismaClient } from "../../src/db/client.ts";
import { dropDatabase, withDatabase } from "../../src/db/database.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { distinctBoards } from "../hostile/boards.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  readSolve,
  requestSolve,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import { freePort } from "../pipeline/redis-child.ts";
import type { LogLine } from "../pipeline/worker-process.ts";
import { duplicatedJobs, printReport } from "./report.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** `npm start`'s entry in a process group of its own (detached), as in a terminal. */
async function npmStart(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, [join(projectRoot, "dist", "src", "main.js")], {
    cwd: projectRoot,
    env: { ...process.env, ...FAST_PIPELINE, LOG_LEVEL: "info", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const logs: LogLine[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      logs.push(JSON.parse(line) as LogLine);
    } catch {
      logs.push({ msg: line });
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.unshift(async () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    await exited;
  });
  const waitFor = async (match: (line: LogLine) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!logs.some(match)) {
      if (Date.now() > deadline) throw new Error("log line never came");
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await waitFor((line) => line.msg === "worker ready");
  return { child, logs, exited, waitFor, url: `http://127.0.0.1:${port}/graphql` };
}

describe("Ctrl-C on the process group", () => {
  it("returns the running search to the queue; after a restart nothing is lost or written twice", async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: withDatabase(SERVER_URL, `faults_ctrlc_${port}`),
      REDIS_PREFIX: `faults-ctrlc-${port}`,
      SOLVER_THREADS: "1",
    };
    cleanups.push(() => dropDatabase(env.DATABASE_URL));
    cleanups.push(() => deleteRedisKeys(REDIS_URL, env.REDIS_PREFIX).then(() => undefined));

    const prisma = createPrismaClient(env.DATABASE_URL);
    cleanups.unshift(() => prisma.$disconnect());
    const first = await npmStart(env, port);
    const { client } = await new GraphQLClient(first.url).signUp();
    // Far longer than the drain (WORKER_SHUTDOWN_GRACE_MS): it must go back to the queue. Its time
    // limit ends it after the restart (TIMED_OUT: finished, not lost).
    const long = await requestSolve(client, await createPuzzle(client, BOARDS.endless), {
      ...IDA_LC,
      timeLimitSeconds: 6,
    });
    const quick = [];
    for (const board of distinctBoards(6, 4, 30, 77))
      quick.push(await requestSolve(client, await createPuzzle(client, board), IDA_LC));
    const accepted = [long, ...quick];
    const longRow = () => prisma.solve.findUniqueOrThrow({ where: { id: Number(long.id) } });
    const { jobId } = await longRow();
    await first.waitFor((line) => line.msg === "search started" && line.jobId === jobId);
    for (let waited = 0; (await longRow()).status !== "RUNNING"; waited += 50) {
      if (waited > 30_000) throw new Error("the long search was never marked RUNNING");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    process.kill(-first.child.pid!, "SIGINT");
    expect(await first.exited).toBe(0);
    const messages = first.logs.map((line) => line.msg);
    expect(messages).toContain("worker stopped");
    expect(messages).not.toContain("second signal: exiting now");
    const returned = first.logs.filter(
      (line) => line.msg === "search returned to the queue (shutdown)" && line.jobId === jobId,
    );
    expect(returned).toHaveLength(1);
    // Back in the queue at once, not RUNNING until stall detection.
    expect((await longRow()).status).toBe("QUEUED");

    const second = await npmStart(env, port);
    const secondClient = new GraphQLClient(second.url, client.token);
    const interrupted = await readSolve(secondClient, long.id);
    const done = await Promise.all(
      accepted.map((solve) => waitUntilFinished(secondClient, solve.id, 180_000)),
    );
    const finished = done.filter((solve) => solve.status === "SOLVED" || solve.status === "TIMED_OUT").length;
    expect(done.map((solve) => solve.status)).toEqual(["TIMED_OUT", ...quick.map(() => "SOLVED")]);
    const duplicates = duplicatedJobs([...first.logs, ...second.logs]);
    const report = {
      accepted: accepted.length,
      finished,
      lost: accepted.length - finished,
      duplicates: duplicates.length,
      "returned to the queue": first.logs.filter((l) => l.msg === "search returned to the queue (shutdown)")
        .length,
      "long search after restart": interrupted.status,
      "long search at the end": done[0].status,
    };
    printReport("Ctrl-C on the process group", report);
    expect(report.lost).toBe(0);
    expect(duplicates).toEqual([]);
    process.kill(-second.child.pid!, "SIGINT");
    expect(await second.exited).toBe(0);
  });
});
