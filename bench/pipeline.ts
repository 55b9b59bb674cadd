// `npm run bench:pipeline` (builds first): the solving pipeline's own costs, on a database and a
// Redis key prefix of its own, with a real API server (in this process) and a real worker process.
//   1. overhead beyond the search: requestSolve → job → worker → result row → event, one solve at a
//      time, minus the search's own duration (target: median ≤ 15 ms), each subscription on a new
//      WebSocket; then, for comparison only, over one WebSocket kept open;
//   2. inline 3x3 requestSolve throughput with autocannon (target: ≥ 1,000 req/s, p99 ≤ 50 ms);
//   3. cancellation: abort → the solver thread stops (target: ≤ 100 ms), and cancelSolve end to end;
//   4. worker memory (RSS) with 1 and 2 solver threads: the tables are shared, not copied.
// The machine's two cores are shared with other work: the figures are noisy; medians are given.
import { spawn } from "node:child_process";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { join } from "node:path";
import { createPuzzle as corePuzzle, isSolvable } from "../src/core/puzzle.ts";
import { projectRoot } from "../src/project-root.ts";
import { startServer } from "../src/server.ts";
import { SolverPool } from "../workers/solver-pool.ts";
import { testConfig } from "../test/helpers/config.ts";
import { createTestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient } from "../test/helpers/graphql.ts";
import { wsClient } from "../test/helpers/ws.ts";
import { BOARDS, FAST_PIPELINE } from "../test/pipeline/pipeline.ts";
import { WorkerProcess } from "../test/pipeline/worker-process.ts";
import { median } from "./stats.ts";

const OVERHEAD_SOLVES = Number(process.env.BENCH_SOLVES ?? 100);
const AUTOCANNON_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_SOCKET_SOLVES = Number(process.env.BENCH_OPEN_SOCKET_SOLVES ?? 50);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Distinct 3x3 boards a few moves from the goal (their searches take microseconds). */
function nearGoalBoards(count: number): number[][] {
  const boards = new Map<string, number[]>();
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  while (boards.size < count) {
    const board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let blank = 8;
    for (let step = 0; step < 14; step++) {
      const options = [
        blank - 3,
        blank + 3,
        blank % 3 > 0 ? blank - 1 : -1,
        blank % 3 < 2 ? blank + 1 : -1,
      ].filter((p) => p >= 0 && p < 9);
      const to = options[Math.floor(random() * options.length)];
      [board[blank], board[to]] = [board[to], board[blank]];
      blank = to;
    }
    if (isSolvable(corePuzzle({ kind: "sliding", rows: 3, cols: 3, start: board })))
      boards.set(board.join(","), board);
  }
  return [...boards.values()];
}

async function createPuzzle(client: GraphQLClient, start: readonly number[], size: number): Promise<string> {
  const data = await client.data<{ createPuzzle: { id: string } }>(
    `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
    { input: { kind: "SLIDING", rows: size, cols: size, start } },
  );
  return data.createPuzzle.id;
}

const REQUEST = `mutation ($id: ID!, $options: SolveOptions) {
  requestSolve(puzzleId: $id, options: $options) { id status }
}`;
const PROGRESS = `subscription ($id: ID!) { solveProgress(solveId: $id) { status solve { durationMs length } } }`;

type SolveTimes = {
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
};

interface OverheadRun {
  readonly overheads: number[];
  readonly totals: number[];
  readonly stages: Record<string, number[]>;
}

/** `count` solves one at a time (after 10 for warm-up), each subscribed over `ws`. */
async function measureOverhead(
  client: GraphQLClient,
  ws: Client,
  puzzles: readonly string[],
  timesOf: (id: string) => Promise<SolveTimes>,
): Promise<OverheadRun> {
  const overheads: number[] = [];
  const totals: number[] = [];
  // Where the time goes, from the Solve's own timestamps (same machine, same clock).
  const stages = {
    "request → row inserted": [] as number[],
    "row → worker started": [] as number[],
    "started → result written, minus the search": [] as number[],
    "written → final event at the client": [] as number[],
  };
  for (const [i, puzzleId] of puzzles.entries()) {
    const began = performance.now();
    const beganAt = Date.now();
    const { requestSolve } = await client.data(REQUEST, {
      id: puzzleId,
      options: { algorithm: "IDA_STAR", heuristic: "MANHATTAN" },
    });
    let final: { status: string; solve: { durationMs: number } | null } | undefined;
    for await (const result of ws.iterate<{
      solveProgress: { status: string; solve: { durationMs: number } | null };
    }>({
      query: PROGRESS,
      variables: { id: requestSolve.id },
    })) {
      final = result.data?.solveProgress;
    }
    const total = performance.now() - began;
    const eventAt = Date.now();
    if (final?.status !== "SOLVED") throw new Error(`solve ${requestSolve.id} ended ${final?.status}`);
    if (i < 10) continue; // warm-up: JIT, connection pools, tables
    totals.push(total);
    overheads.push(total - (final.solve?.durationMs ?? 0));
    const t = await timesOf(requestSolve.id);
    const [queued, started, finished] = [
      t.queuedAt.getTime(),
      t.startedAt?.getTime() ?? 0,
      t.finishedAt?.getTime() ?? 0,
    ];
    stages["request → row inserted"].push(queued - beganAt);
    stages["row → worker started"].push(started - queued);
    stages["started → result written, minus the search"].push(finished - started - (t.durationMs ?? 0));
    stages["written → final event at the client"].push(eventAt - finished);
  }
  return { overheads, totals, stages };
}

async function benchOverhead(
  client: GraphQLClient,
  wsUrl: string,
  token: string,
  timesOf: (id: string) => Promise<SolveTimes>,
): Promise<void> {
  const boards = nearGoalBoards(OVERHEAD_SOLVES + 10 + OPEN_SOCKET_SOLVES + 10);
  const puzzles = [];
  for (const board of boards) puzzles.push(await createPuzzle(client, board, 3));
  // As the tests' client does: a lazy connection, opened for each subscription and closed when it completes.
  const ws = wsClient(wsUrl, token);
  const run = await measureOverhead(client, ws, puzzles.slice(0, OVERHEAD_SOLVES + 10), timesOf);
  await ws.dispose();
  const split = Object.entries(run.stages)
    .map(([stage, values]) => `${stage} ${median(values)} ms`)
    .join(", ");
  console.log(
    `pipeline overhead (request → job → worker → row → event, minus the search), ${run.overheads.length} solves one at a time:\n` +
      `  median ${median(run.overheads).toFixed(1)} ms, p90 ${percentile(run.overheads, 90).toFixed(1)} ms ` +
      `(end to end median ${median(run.totals).toFixed(1)} ms; target median ≤ 15 ms)\n  medians by stage: ${split}`,
  );
  // For comparison only: a client that keeps its WebSocket open between solves (no connection set-up
  // and connection_init per subscription), as a page with other live subscriptions does.
  const open = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  const kept = await measureOverhead(client, open, puzzles.slice(OVERHEAD_SOLVES + 10), timesOf);
  await open.dispose();
  console.log(
    `  the same over one WebSocket kept open, ${kept.overheads.length} solves (for comparison, not the target's measurement): ` +
      `median ${median(kept.overheads).toFixed(1)} ms, p90 ${percentile(kept.overheads, 90).toFixed(1)} ms`,
  );
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

/** autocannon (a child process, so it does not share this process' event loop) on one request body. */
async function autocannon(url: string, token: string, body: string): Promise<AutocannonResult> {
  const cli = join(projectRoot, "node_modules", "autocannon", "autocannon.js");
  const args = [
    cli,
    "--json",
    "-c",
    "20",
    "-d",
    String(AUTOCANNON_SECONDS),
    "-m",
    "POST",
    "-H",
    "content-type=application/json",
    "-H",
    `authorization=Bearer ${token}`,
    "-b",
    body,
    url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
  return JSON.parse(output) as AutocannonResult;
}

function describeRun(result: AutocannonResult): string {
  return (
    `${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`
  );
}

async function benchInline(url: string, token: string, puzzleId: string): Promise<void> {
  const inline = await autocannon(
    url,
    token,
    JSON.stringify({ query: REQUEST, variables: { id: puzzleId } }),
  );
  // The same HTTP, auth and rate-limit path with no resolver work: the platform's own ceiling here.
  const baseline = await autocannon(url, token, JSON.stringify({ query: "{ __typename }" }));
  console.log(
    `inline 3x3 requestSolve (autocannon, 20 connections, ${AUTOCANNON_SECONDS} s): ` +
      `${describeRun(inline)} (target ≥ 1,000 req/s, p99 ≤ 50 ms)\n` +
      `  baseline { __typename } with the same token: ${describeRun(baseline)}`,
  );
}

async function benchCancel(): Promise<void> {
  const pool = new SolverPool(1, { shared: {}, mapped: {} });
  await pool.probe(); // the thread is loaded before timing starts
  const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.hard });
  const latencies: number[] = [];
  for (let i = 0; i < 7; i++) {
    const abort = new AbortController();
    let aborted = 0;
    const searching = pool.search(
      { spec, algorithm: "idastar", heuristic: "linear-conflict", timeLimitMs: 60_000 },
      { signal: abort.signal },
    );
    setTimeout(() => {
      aborted = performance.now();
      abort.abort();
    }, 200);
    const result = await searching;
    if (result.status !== "cancelled") throw new Error(`search ended ${result.status}`);
    latencies.push(performance.now() - aborted);
  }
  await pool.close();
  console.log(
    `cancellation (abort → the thread's search returns → main thread): ` +
      `median ${median(latencies).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms ` +
      `over ${latencies.length} (target ≤ 100 ms)`,
  );
}

/** cancelSolve over HTTP → event bus → the worker running the search → its thread stops (worker log times). */
async function benchCancelEndToEnd(
  client: GraphQLClient,
  worker: WorkerProcess,
  jobIdOf: (solveId: string) => Promise<string>,
): Promise<void> {
  const latencies: number[] = [];
  for (let i = 0; i < 5; i++) {
    // A different time limit each round: a new search, not one to follow.
    const options = { algorithm: "IDA_STAR", heuristic: "LINEAR_CONFLICT", timeLimitSeconds: 600 + i };
    const { requestSolve } = await client.data(REQUEST, {
      id: await createPuzzle(client, BOARDS.hard, 4),
      options,
    });
    const jobId = await jobIdOf(requestSolve.id);
    await worker.waitForLog((line) => line.msg === "search started" && line.jobId === jobId);
    const sent = Date.now();
    await client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: requestSolve.id });
    const finished = await worker.waitForLog(
      (line) => line.msg === "search finished" && line.jobId === jobId,
    );
    latencies.push(Number(finished.time) - sent);
  }
  console.log(
    `cancellation end to end (cancelSolve sent → the worker's search stopped, result written, logged): ` +
      `median ${median(latencies)} ms, max ${Math.max(...latencies)} ms over ${latencies.length}`,
  );
}

async function benchMemory(env: Record<string, string>): Promise<void> {
  const lines = [];
  for (const threads of [1, 2]) {
    const samples = [];
    for (let run = 0; run < 3; run++) {
      // With the 6-6-3 pattern databases too (~25 MiB): a copy per thread would show.
      const worker = await WorkerProcess.start({
        ...env,
        SOLVER_THREADS: String(threads),
        WORKER_PDBS: "663",
      });
      samples.push(Number(worker.ready.rssBytes));
      const tableBytes = Number(worker.ready.tableBytes);
      await worker.stop();
      if (run === 2)
        lines.push(
          `  ${threads} thread(s): RSS median ${(median(samples) / 2 ** 20).toFixed(1)} MiB ` +
            `(tables ${(tableBytes / 2 ** 20).toFixed(1)} MiB, shared)`,
        );
    }
  }
  console.log(`worker memory at ready (tables built, threads started and seeded):\n${lines.join("\n")}`);
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ prefix: "bench_pipeline" });
  const config = testConfig({
    ...FAST_PIPELINE,
    DATABASE_URL: database.url,
    RATE_LIMIT_REQUESTS: "1000000",
    RATE_LIMIT_WORK: "1000000",
  });
  const env = {
    ...FAST_PIPELINE,
    DATABASE_URL: database.url,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
  };
  const server = await startServer(config);
  const worker = await WorkerProcess.start(env);
  try {
    console.log("pipeline benchmark (2 shared cores: figures are noisy)");
    const { client, token } = await new GraphQLClient(server.url).signUp();
    await benchOverhead(client, server.wsUrl, token, (id) =>
      server.app.prisma.solve.findUniqueOrThrow({
        where: { id: Number(id) },
        select: { queuedAt: true, startedAt: true, finishedAt: true, durationMs: true },
      }),
    );
    await benchInline(server.url, token, await createPuzzle(client, [8, 6, 7, 2, 5, 4, 3, 0, 1], 3));
    await benchCancelEndToEnd(client, worker, async (id) => {
      const row = await server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(id) } });
      return row.jobId as string;
    });
    await worker.stop();
    await benchCancel();
    await benchMemory(env);
  } finally {
    await worker.stop();
    await server.close();
    await database.drop();
  }
}

await main();
