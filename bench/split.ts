// `npm run bench:split` (builds first): split searches on a fleet of real worker processes
// (`dist/workers/main.js`, as `npm run worker` starts them), through a Redis of the bench's own (so
// `INFO commandstats` counts only this bench) and a real API server in this process.
//   1. per-unit queue overhead: empty units (the goal board: no search) one at a
//      time, unit job added → outcome on the results list (target: median ≤ 2 ms);
//   2. Redis operations per unit of a real split search (commandstats before/after, ÷ unit results);
//   3. fairness: another user's small 4x4 while one user's two long 5x5 searches hold a 2-thread
//      fleet (target: SOLVED within 3 s of the request);
//   4. Korf 24 #40 and #25 with 6-6-6-6: 1 worker x 1 thread, then 2 x 1 (target ≥ 1.8x), with the
//      workers' CPU time and the node counts (the machine is shared: wall time is noisy), each fleet
//      warmed up first by a short 5x5 search;
//   5. 8 workers x 1 thread on one search: every unit accounted for, the answer optimal;
//   6. the `puzzle` command, `--threads 1` against `--threads 2`, alternating rounds: Korf 24 #40 split
//      over the threads, and Korf's 100 as a batch with 6-6-3 (targets ≥ 1.8x; cli-threads.ts), each
//      beside two `--threads 1` runs side by side: the host's ceiling for the ratio at that moment.
// BENCH_KORF=none skips 4; BENCH_KORF=40 runs one instance. BENCH_PARTS=4 runs only part 4 (a list:
// 1,2,3,4,5,6; default all). BENCH_TRACE=dir writes part 4's unit results (the coordinator's debug lines:
// unit, bound, nodes, thread, when) to dir/korf-<n>-<processes>.jsonl. BENCH_KORF_FILE: the instances.
// BENCH_SPLIT=auto asks part 4's instances with AUTO (a first try, then split, as a user gets by
// default), BENCH_SPLIT=false whole on one thread, instead of split: true (split at once, the
// figures' history).
// BENCH_CLI_ROUNDS (default 7) and BENCH_CLI_KORF (the Korf 24 instance, default 40) set part 6.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { replayMoves, createPuzzle as corePuzzle } from "../src/core/puzzle.ts";
import { projectRoot } from "../src/project-root.ts";
import { startServer } from "../src/server.ts";
import { UNIT_JOB, UNIT_QUEUE, splitKeys } from "../src/solves/index.ts";
import { testConfig } from "../test/helpers/config.ts";
import { createTestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient } from "../test/helpers/graphql.ts";
import {
  ACTIVE,
  BOARDS,
  ProgressWatch,
  IDA_LC,
  createPuzzle,
  requestSolve,
  waitUntilFinished,
  walkedBoard,
} from "../test/pipeline/pipeline.ts";
import { RedisChild } from "../test/pipeline/redis-child.ts";
import { WorkerProcess } from "../test/pipeline/worker-process.ts";
import { benchCliThreads } from "./cli-threads.ts";
import { loadAverage, median } from "./stats.ts";
import { tunedEnvironment } from "../src/tuned-environment.ts";

type User = { token: string; client: GraphQLClient };

async function commandStats(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info("commandstats");
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/cmdstat_([^:]+):calls=(\d+)/g)) calls.set(match[1], Number(match[2]));
  return calls;
}

async function commandCalls(redis: Redis): Promise<number> {
  let calls = 0;
  for (const value of (await commandStats(redis)).values()) calls += value;
  return calls;
}

/** The commands run since `before`, most frequent first, per `per` (e.g. per unit). */
async function commandsSince(redis: Redis, before: Map<string, number>, per: number): Promise<string> {
  const after = await commandStats(redis);
  return [...after]
    .map(([name, calls]) => [name, calls - (before.get(name) ?? 0)] as const)
    .filter(([, calls]) => calls > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, calls]) => `${name} ${(calls / per).toFixed(1)}`)
    .join(", ");
}

/**
 * The fleet and the API run with the settings a user gets (config.ts's defaults: progress every 250 ms,
 * heartbeats every 2 s, stalled checks every 15 s, ...), not the tests' fast pipeline, whose
 * polling costs CPU the searches then lack. Two exceptions: the workers prove no daily puzzles
 * (DAILY_PUZZLES=false: a fleet's proofs of the day's puzzles are searches of their own, which ran
 * on the same threads as the units measured: part 1's p90 rose from ~6 to ~9 ms with them), and parts
 * 1-3 search with linear conflict, so their workers load no pattern database and start in a
 * fraction of a second (part 4 sets 6666).
 */
const USER_SETTINGS: Readonly<Record<string, string>> = { WORKER_PDBS: "none", DAILY_PUZZLES: "false" };

/** Redis' own CPU seconds so far (INFO cpu). */
async function redisCpu(redis: Redis): Promise<number> {
  const info = await redis.info("cpu");
  const value = (name: string) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return value("used_cpu_user") + value("used_cpu_sys");
}

/** User + system CPU seconds of a process so far (Linux /proc), or of its main thread alone. */
function cpuSeconds(pid: number, mainThread = false): number {
  const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(path, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of this process (the bench and the API server in it). */
function ownCpuSeconds(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

/**
 * `count` worker processes of one thread each, with the settings the product gives its workers
 * (`npm run worker` and `npm start` apply tunedEnvironment: huge pages for the tables).
 */
async function startFleet(env: Record<string, string>, count: number): Promise<WorkerProcess[]> {
  const tuned = tunedEnvironment({ ...process.env, ...env, SOLVER_THREADS: "1" }) as Record<string, string>;
  return Promise.all(Array.from({ length: count }, () => WorkerProcess.start(tuned, 180_000)));
}

async function jobIdOf(server: Awaited<ReturnType<typeof startServer>>, solveId: string): Promise<string> {
  const row = await server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solveId) } });
  return row.jobId as string;
}

function doneLine(fleet: readonly WorkerProcess[], jobId: string) {
  return Promise.any(
    fleet.map((w) => w.waitForLog((l) => l.msg === "split search done" && l.jobId === jobId, 3_600_000)),
  );
}

async function benchUnitOverhead(redis: Redis, prefix: string, url: string): Promise<void> {
  const fleet = await startFleet(
    { ...USER_SETTINGS, REDIS_URL: url, REDIS_PREFIX: prefix, DATABASE_URL: process.env.BENCH_DB as string },
    1,
  );
  const units = new Queue(UNIT_QUEUE, { connection: { url }, prefix });
  const searchId = "bench-overhead";
  const keys = splitKeys(prefix, searchId);
  const results = keys.results;
  // A live search's state key: outcomes of a search whose state is gone are not pushed.
  await redis.set(keys.state, "{}", "EX", 3600);
  // The goal itself: the unit ends at once with the empty path and no node searched. (A unit
  // merely below its heuristic would not stay empty: a unit job goes on deepening while its work
  // is under 250,000 nodes, workers/solver-thread.ts, and would search the board.)
  const goal = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];
  const spec = { kind: "sliding", rows: 4, cols: 4, start: goal, goal };
  const times: number[] = [];
  const count = 300;
  const before = await commandCalls(redis);
  const stats = await commandStats(redis);
  const load = loadAverage();
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    await units.add(
      UNIT_JOB,
      {
        searchId,
        spec: spec as never,
        task: { id: i, round: 0, moves: "", bound: 0, heuristic: "linear-conflict" },
        tag: 1,
      },
      { jobId: `unit-${searchId}-${i}-0`, removeOnComplete: true, removeOnFail: true, priority: 1 },
    );
    if ((await redis.blpop(results, 5)) === null) throw new Error(`unit ${i}: no outcome within 5 s`);
    if (i >= 20) times.push(performance.now() - began);
  }
  const calls = (await commandCalls(redis)) - before;
  const top = await commandsSince(redis, stats, count);
  console.log(
    `1. per-unit queue overhead (empty unit, one at a time, 1 worker x 1 thread, ${count - 20} units): median ${median(times).toFixed(2)} ms, p90 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)].toFixed(2)} ms; Redis commands ${(calls / count).toFixed(1)} per unit (this loop's own add + BLPOP included, idle polling of the fleet included): ${top}; load ${load} at the start`,
  );
  await units.close();
  await Promise.all(fleet.map((w) => w.stop()));
}

async function main(): Promise<void> {
  const redisChild = await RedisChild.start();
  const database = await createTestDatabase({ prefix: "bench_split" });
  process.env.BENCH_DB = database.url;
  const config = testConfig({ ...USER_SETTINGS, DATABASE_URL: database.url, REDIS_URL: redisChild.url });
  const env = {
    ...USER_SETTINGS,
    DATABASE_URL: database.url,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
  };
  const redis = new Redis(config.redisUrl);
  const server = await startServer(config);
  const parts = (process.env.BENCH_PARTS ?? "1,2,3,4,5,6").split(",");
  const trace = process.env.BENCH_TRACE;
  try {
    console.log("split-search benchmark (2 shared cores: wall times are noisy)");
    if (parts.includes("1")) await benchUnitOverhead(redis, config.redisPrefix, config.redisUrl);
    const alice: User = await new GraphQLClient(server.url).signUp();
    const bob: User = await new GraphQLClient(server.url).signUp();

    // 2 + 3 on a 2-thread fleet.
    let fleet = parts.includes("2") || parts.includes("3") ? await startFleet(env, 2) : [];
    if (parts.includes("2")) {
      const puzzleId = await createPuzzle(alice.client, BOARDS.twoSeconds);
      const before = await commandCalls(redis);
      const stats = await commandStats(redis);
      const cpu = await redisCpu(redis);
      const solve = await requestSolve(alice.client, puzzleId, IDA_LC);
      const done = await doneLine(fleet, await jobIdOf(server, solve.id));
      const finished = await waitUntilFinished(alice.client, solve.id, 600_000);
      const calls = (await commandCalls(redis)) - before;
      const cpuUs = ((await redisCpu(redis)) - cpu) * 1e6;
      const units = Number(done.unitResults);
      console.log(
        `2. Redis commands per unit: 4x4 (56 moves, linear conflict) split over 2 x 1 threads: ${finished.status} ${finished.length}, ${units} unit results, ${calls} commands in all → ${(calls / units).toFixed(1)} per unit (everything: API, coordinator, unit workers, heartbeats, stalled checks, job locks): ${await commandsSince(redis, stats, units)}; Redis CPU ${(cpuUs / units).toFixed(0)} µs per unit (${(cpuUs / 1e6).toFixed(2)} s in all, idle work of the fleet included)`,
      );
    }
    if (parts.includes("3")) {
      const long = [
        await createPuzzle(alice.client, walkedBoard(5, 11, 300), 5),
        await createPuzzle(alice.client, walkedBoard(5, 12, 300), 5),
      ];
      const running = await Promise.all(
        long.map((id) => requestSolve(alice.client, id, { ...IDA_LC, timeLimitSeconds: 600 })),
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const puzzleId = await createPuzzle(bob.client, walkedBoard(4, 100 + i, 36));
        const asked = performance.now();
        const solve = await requestSolve(bob.client, puzzleId, { ...IDA_LC, timeLimitSeconds: 60 });
        const finished = await waitUntilFinished(bob.client, solve.id, 70_000);
        if (finished.status !== "SOLVED") {
          writeFileSync("/tmp/units-fleet.log", fleet.map((w) => w.tail(400)).join("\n-----\n"));
          throw new Error(`small search ended ${finished.status} (fleet logs: /tmp/units-fleet.log)`);
        }
        latencies.push(performance.now() - asked);
      }
      for (const s of running)
        await alice.client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: s.id });
      console.log(
        `3. fairness: 5 small 4x4 searches of user B while user A's two 5x5 searches hold the 2-thread fleet: request → SOLVED median ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (target ≤ 3000)`,
      );
    }
    await Promise.all(fleet.map((w) => w.stop()));

    // 4: Korf 24.
    const korf = process.env.BENCH_KORF ?? "40,25";
    if (korf !== "none" && parts.includes("4")) {
      // BENCH_KORF_FILE: the instances' file, when the checkout is not beside /work/shared (a worktree).
      const file = process.env.BENCH_KORF_FILE ?? join(projectRoot, "..", "shared", "korf24.txt");
      const lines = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "" && !l.startsWith("#"));
      const goal = Array.from({ length: 25 }, (_, i) => i);
      const splitMode = process.env.BENCH_SPLIT ?? "true";
      if (!["true", "false", "auto"].includes(splitMode)) throw new Error("BENCH_SPLIT: true, false or auto");
      for (const n of korf.split(",").map(Number)) {
        const tiles = lines[n - 1].trim().split(/\s+/).map(Number);
        const optimal = tiles.pop();
        const rows: string[] = [];
        for (const processes of [1, 2]) {
          // No daily puzzles (USER_SETTINGS): their proofs (a 5x5 of ~20 M nodes among them) ran
          // beside #40's units on one worker.
          fleet = await startFleet(
            {
              ...env,
              WORKER_PDBS: "6666",
              ...(trace === undefined ? {} : { LOG_LEVEL: "debug" }),
            },
            processes,
          );
          // Warm-up: a fresh worker's first units run ~0.3-0.5 s slower (JIT, the heuristic's
          // lookups); a running fleet is warm. A short 5x5 search over the same tables first.
          {
            const warm = await createPuzzle(alice.client, walkedBoard(5, 40 + processes * 100 + n, 70), 5);
            const solve = await requestSolve(alice.client, warm, {
              algorithm: "IDA_STAR",
              heuristic: "PDB_6666",
              split: true,
              timeLimitSeconds: 600,
            });
            await waitUntilFinished(alice.client, solve.id, 600_000);
          }
          const cpu = fleet.map((w) => cpuSeconds(w.pid));
          const mainCpu = fleet.map((w) => cpuSeconds(w.pid, true));
          const otherCpu = { redis: await redisCpu(redis), own: ownCpuSeconds() };
          const data = await alice.client.data<{ createPuzzle: { id: string } }>(
            `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
            { input: { kind: "SLIDING", rows: 5, cols: 5, start: tiles, goal } },
          );
          // The 1-minute load average as the run starts: another busy process on these two cores
          // (a table build, a test run) shows here, not only in slower times.
          const load = loadAverage();
          const began = performance.now();
          const solve = await requestSolve(alice.client, data.createPuzzle.id, {
            algorithm: "IDA_STAR",
            heuristic: "PDB_6666",
            ...(splitMode === "auto" ? {} : { split: splitMode === "true" }),
            timeLimitSeconds: 3600,
          });
          // Timed to the solveProgress event that ends the search, as a user watching it sees it
          // (pushed at once), not to a status poll: a 100 ms poll added 0-100 ms to every run.
          const watch = new ProgressWatch(server.wsUrl, alice.token, solve.id);
          const ended = await watch.waitFor((event) => !ACTIVE.has(event.status), 3_600_000);
          const wall = (performance.now() - began) / 1000;
          // Run whole (BENCH_SPLIT=false), the search logs no plan's end.
          const done =
            splitMode === "false"
              ? { nodes: 0, unitResults: 0, threads: [""] }
              : await doneLine(fleet, await jobIdOf(server, solve.id));
          const finished = await waitUntilFinished(alice.client, solve.id, 3_600_000);
          if (ended.status !== finished.status)
            throw new Error(`event ${ended.status}, row ${finished.status}`);
          const used = fleet.map((w, i) => cpuSeconds(w.pid) - cpu[i]);
          const usedMain = fleet.map((w, i) => cpuSeconds(w.pid, true) - mainCpu[i]);
          const usedRedis = (await redisCpu(redis)) - otherCpu.redis;
          const usedOwn = ownCpuSeconds() - otherCpu.own;
          const jobId = await jobIdOf(server, solve.id);
          const tried = fleet
            .flatMap((w) => w.logs)
            .find((l) => l.msg === "first try ended" && l.jobId === jobId);
          const firstTry =
            tried === undefined ? "" : `, first try ${tried.ms} ms to bound ${tried.lowerBound}`;
          if (trace !== undefined) {
            const lines = fleet.flatMap((w) => w.logs.filter((l) => l.msg === "unit result"));
            writeFileSync(
              join(trace, `korf-${n}-${processes}.jsonl`),
              lines.map((l) => JSON.stringify(l)).join("\n"),
            );
          }
          rows.push(
            `   #${n} ${processes} x 1: ${finished.status} ${finished.length} (optimal ${optimal}) wall ${wall.toFixed(2)} s, worker CPU ${used.map((s) => s.toFixed(2)).join(" + ")} s (main threads ${usedMain.map((s) => s.toFixed(2)).join(" + ")} s), Redis ${usedRedis.toFixed(2)} s, API and bench ${usedOwn.toFixed(2)} s, nodes ${splitMode === "true" ? done.nodes : `${finished.nodesExpanded} (the Solve's)`}, unit results ${done.unitResults}, threads ${(done.threads as string[]).length}${firstTry}, load ${load}`,
          );
          await Promise.all(fleet.map((w) => w.stop()));
          // The cache would answer the second run: a fresh puzzle each time is not enough (same
          // canonical key), so the Solve rows are removed.
          await server.app.prisma.solve.deleteMany({ where: { puzzleId: Number(data.createPuzzle.id) } });
        }
        console.log(
          `4. Korf 24 #${n} with 6-6-6-6, ${{ true: "split", false: "whole", auto: "AUTO" }[splitMode]} (1 x 1 vs 2 x 1 worker processes):\n${rows.join("\n")}`,
        );
      }
    }

    // 5: 8 workers.
    fleet = parts.includes("5") ? await startFleet(env, 8) : [];
    if (parts.includes("5")) {
      const puzzleId = await createPuzzle(alice.client, BOARDS.another);
      const solve = await requestSolve(alice.client, puzzleId, IDA_LC);
      const jobId = await jobIdOf(server, solve.id);
      const done = await doneLine(fleet, jobId);
      const finished = await waitUntilFinished(alice.client, solve.id, 600_000);
      const moves =
        (await server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } })).moves ?? "";
      const replayed = replayMoves(
        corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.another }),
        moves,
      ).solved;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const left = (
        await new Queue(UNIT_QUEUE, {
          connection: { url: config.redisUrl },
          prefix: config.redisPrefix,
        }).getJobs(["waiting", "prioritized", "active"])
      ).filter((j) => j?.id?.startsWith(`unit-${jobId}-`)).length;
      const keys = await redis.keys(`${config.redisPrefix}:split:${jobId}*`);
      console.log(
        `5. 8 x 1 worker processes, 4x4 (54 moves, linear conflict): ${finished.status} ${finished.length} (optimal 54), replays: ${replayed}; ${done.units} units, ${done.unitResults} unit results folded, unit jobs handed out ${done.handedOut} = ${done.outcomes} outcomes + ${done.withdrawn} withdrawn + ${done.abandoned} abandoned, reruns ${done.reruns}, threads ${(done.threads as string[]).length}, unit jobs left ${left}, split keys left ${keys.length}`,
      );
    }
    await Promise.all(fleet.map((w) => w.stop()));
    if (parts.includes("6"))
      await benchCliThreads({
        rounds: process.env.BENCH_CLI_ROUNDS === undefined ? undefined : Number(process.env.BENCH_CLI_ROUNDS),
        instance: process.env.BENCH_CLI_KORF === undefined ? undefined : Number(process.env.BENCH_CLI_KORF),
      });
  } finally {
    redis.disconnect();
    await server.close();
    await database.drop();
    await redisChild.stop();
  }
}

await main();
process.exit(0);
