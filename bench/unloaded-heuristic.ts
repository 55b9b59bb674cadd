// `PDB_DIR=… npx tsx bench/unloaded-heuristic.ts` (after `npm run build`): a worker's memory when
// clients ask for pattern databases it has not loaded (issue 17: such a request used to build
// gigabytes of tables inside a search thread). A real API process and a real worker process holding
// 6-6-3 (WORKER_PDBS=663, loaded from PDB_DIR, default .cache/pdb); the worker's resident memory
// (VmRSS) is sampled every 100 ms.
//   1. 40 requestSolve asking for PDB_78 or PDB_555 (4x4) or PDB_6666 (5x5) while the worker is
//      online: refused by the API (HEURISTIC_UNAVAILABLE), nothing reaches the worker.
//   2. With no worker online the API cannot tell, so 10 such 4x4 searches are queued; a worker then
//      starts and takes them: its threads refuse to build tables, and the searches end FAILED at once
//      (HEURISTIC_UNAVAILABLE: docs/operations.md, "Pattern databases a request may ask for").
import { readFileSync } from "node:fs";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { createTestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient } from "../test/helpers/graphql.ts";
import { deleteRedisKeys } from "../test/helpers/redis-keys.ts";
import { ApiProcess } from "../test/faults/api-process.ts";
import { distinctBoards } from "../test/hostile/boards.ts";
import { FAST_PIPELINE } from "../test/pipeline/pipeline.ts";
import { WorkerProcess } from "../test/pipeline/worker-process.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line === null ? Number.NaN : Number(line[1]) / 1024;
}

/** Samples `pid`'s RSS every 100 ms while `during` runs, then `settleMs` more; returns the peak and last. */
async function watchRss(pid: number, during: () => Promise<void>, settleMs = 3000) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  try {
    await during();
    await sleep(settleMs);
  } finally {
    clearInterval(timer);
  }
  return { peak, after: rssMb(pid) };
}

const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SOLVE = `mutation ($p: ID!, $h: SolveHeuristic, $split: Boolean) {
  requestSolve(puzzleId: $p, options: { heuristic: $h, split: $split }) { id status }
}`;

async function main(): Promise<void> {
  const database = await createTestDatabase({ prefix: "unloaded" });
  const prefix = `unloaded-${process.pid}`;
  const env = {
    ...FAST_PIPELINE,
    DATABASE_URL: database.url,
    REDIS_PREFIX: prefix,
    PDB_DIR: pdbDirectory(),
    WORKER_PDBS: "663",
    SOLVER_THREADS: "2",
    DAILY_PUZZLES: "false",
    MAX_OPEN_SOLVES_PER_USER: "1000",
    RATE_LIMIT_WORK: "100000",
  };
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  try {
    api = await ApiProcess.start(env);
    worker = await WorkerProcess.start(env, 300_000);
    const { client } = await new GraphQLClient(api.url).signUp();
    const puzzles: { id: string; heuristic: string }[] = [];
    const fours = distinctBoards(50, 4, 60, 4242);
    const fives = distinctBoards(10, 5, 60, 4343);
    for (const [i, start] of fours.entries()) {
      const { id } = (await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } }))
        .createPuzzle;
      puzzles.push({ id, heuristic: i % 2 === 0 ? "PDB_78" : "PDB_555" });
    }
    for (const start of fives) {
      const { id } = (await client.data(CREATE, { i: { kind: "SLIDING", rows: 5, cols: 5, start } }))
        .createPuzzle;
      puzzles.push({ id, heuristic: "PDB_6666" });
    }
    // The first 40 asked while the worker is online (30 4x4, 10 5x5), the other 20 (4x4) without it.
    const online4 = puzzles.slice(0, 30);
    const later = puzzles.slice(30, 40);
    const asked = [...online4, ...puzzles.slice(50)];
    await sleep(2000);
    const before = rssMb(worker.pid);
    const codes = new Map<string, number>();
    const online = await watchRss(worker.pid, async () => {
      for (const puzzle of asked) {
        const { body } = await client.request(SOLVE, { p: puzzle.id, h: puzzle.heuristic });
        const code = body.errors?.[0]?.extensions?.code ?? body.data?.requestSolve.status;
        if (process.env.VERBOSE) console.log(puzzle.heuristic, JSON.stringify(body.errors?.[0] ?? body.data));
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    });
    console.log(
      `1. worker online (6-6-3 loaded): ${asked.length} requests for PDB_78/PDB_555 (4x4) and PDB_6666 (5x5) → ${JSON.stringify(Object.fromEntries(codes))}; ` +
        `worker RSS ${before.toFixed(0)} MB before, peak ${online.peak.toFixed(0)} MB, ${online.after.toFixed(0)} MB after`,
    );

    await worker.stop();
    worker = undefined;
    const queued: string[] = [];
    // Half on one thread (split: false), half split into units (the default for 4x4 IDA*).
    for (const [i, puzzle] of later.entries()) {
      const split = i % 2 === 1;
      const { body } = await client.request(SOLVE, { p: puzzle.id, h: puzzle.heuristic, split });
      if (body.data?.requestSolve) queued.push(body.data.requestSolve.id);
    }
    worker = await WorkerProcess.start(env, 300_000);
    const started = rssMb(worker.pid);
    const { prisma } = { prisma: (await import("../src/db/client.ts")).createPrismaClient(database.url) };
    // Their time limit is 60 s; give up waiting (and say so) 60 s after that.
    const waitedFrom = Date.now();
    const taken = await watchRss(worker.pid, async () => {
      while (Date.now() - waitedFrom < 120_000) {
        const open = await prisma.solve.count({
          where: { id: { in: queued.map(Number) }, status: { in: ["QUEUED", "RUNNING"] } },
        });
        if (open === 0) break;
        await sleep(200);
      }
    });
    const rows = await prisma.solve.findMany({
      where: { id: { in: queued.map(Number) } },
      orderBy: { id: "asc" },
    });
    const outcome = (split: boolean) =>
      rows
        .filter((_, i) => i % 2 === (split ? 1 : 0))
        .map((row) =>
          row.finishedAt === null
            ? `still ${row.status} after ${((Date.now() - waitedFrom) / 1000).toFixed(0)} s`
            : `${row.status} in ${((row.finishedAt.getTime() - waitedFrom) / 1000).toFixed(1)} s`,
        )
        .join(", ");
    if (process.env.VERBOSE)
      console.log(
        await prisma.solve.findMany({
          where: { id: { in: queued.map(Number) } },
          select: {
            id: true,
            status: true,
            error: true,
            durationMs: true,
            nodesExpanded: true,
            heuristicUsed: true,
          },
          orderBy: { id: "asc" },
        }),
      );
    await prisma.$disconnect();
    console.log(
      `2. no worker online: ${queued.length} PDB_78/PDB_555 searches queued, then a worker started and took them → ` +
        `one thread: ${outcome(false)}; split: ${outcome(true)}; worker RSS ${started.toFixed(0)} MB at start, ` +
        `peak ${taken.peak.toFixed(0)} MB, ${taken.after.toFixed(0)} MB after`,
    );
  } finally {
    await worker?.stop();
    await api?.stop();
    await database.drop();
    await deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", prefix);
  }
}

await main();
