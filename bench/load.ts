// `npm run load`: the platform under load, on a database and Redis key prefix of its own.
//   1. HTTP mix: autocannon runs createPuzzle, inline 3x3 requestSolve, puzzle reads and leaderboard
//      reads side by side at a fixed concurrency for LOAD_DURATION_SECONDS (default 30) against a real
//      API process (`node dist/src/main.js`) or LOAD_URL; per operation: requests/s, p50/p99 latency,
//      errors (must be 0) and RATE_LIMITED answers (counted apart: intended, not errors).
//   2. Queue: LOAD_QUEUE_SOLVES (200) quick 4x4 searches from LOAD_QUEUE_USERS (20) users, each user
//      asking for all of theirs in a row, then 2 worker processes drain the queue: every search
//      finishes, once; none is lost; and the fairness policy holds (a user's n-th waiting search has
//      priority n, so the searches start in rounds: every user's 1st, then every user's 2nd, ...).
// Exits 1 when a check fails. The two cores are shared (with other work too): figures are noisy.
import { createRequire } from "node:module";
import { createPuzzle as corePuzzle, replayMoves } from "../src/core/puzzle.ts";
import { createPrismaClient } from "../src/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient, uniqueName } from "../test/helpers/graphql.ts";
import { ApiProcess } from "../test/faults/api-process.ts";
import { distinctBoards, scrambledBoard, seededRandom } from "../test/hostile/boards.ts";
import { FAST_PIPELINE, IDA_LC } from "../test/pipeline/pipeline.ts";
import { WorkerProcess } from "../test/pipeline/worker-process.ts";

const require = createRequire(import.meta.url);
const autocannon = require("autocannon") as (options: Record<string, unknown>) => Promise<AutocannonResult>;

const DURATION_SECONDS = Number(process.env.LOAD_DURATION_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 40);
const TARGET_URL = process.env.LOAD_URL;
const QUEUE_SOLVES = Number(process.env.LOAD_QUEUE_SOLVES ?? 200);
const QUEUE_USERS = Number(process.env.LOAD_QUEUE_USERS ?? 20);
const WORKERS = 2;
const WORKER_THREADS = Number(process.env.LOAD_WORKER_THREADS ?? 1);
/** Users sending the HTTP mix (each signs up: a server of LOAD_URL may allow only 10 per hour per IP). */
const USERS = Number(process.env.LOAD_USERS ?? 16);
/**
 * With LOAD_DEFAULT_LIMITS=1 the server keeps its default request and work rate limits (expect
 * RATE_LIMITED answers, counted apart); sign-ups stay open so the set-up can run.
 */
const LIMITS: Record<string, string> = {
  RATE_LIMIT_SIGNUPS: "100000",
  ...(process.env.LOAD_DEFAULT_LIMITS === "1"
    ? {}
    : { RATE_LIMIT_REQUESTS: "1000000", RATE_LIMIT_WORK: "1000000" }),
};

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface Tally {
  ok: number;
  rateLimited: number;
  errors: number;
  samples: string[];
}

interface Operation {
  readonly name: string;
  readonly weight: number;
  readonly body: () => string;
}

const random = seededRandom(20_240_601);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const gql = (query: string, variables: Record<string, unknown>) => JSON.stringify({ query, variables });

const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id solvable } }`;
const SOLVE = `mutation ($id: ID!, $options: SolveOptions) {
  requestSolve(puzzleId: $id, options: $options) { id status length }
}`;
const SUBMIT = `mutation ($id: ID!, $moves: String!) { submitSolution(puzzleId: $id, moves: $moves) { rank } }`;
const PUZZLE = `query ($id: ID!) {
  puzzle(id: $id) { id kind rows cols start goal title solvable owner { name } optimalLength }
}`;
const LEADERBOARD = `query ($id: ID!) {
  leaderboard(puzzleId: $id, first: 10) { totalEntries optimalLength edges { node { rank length user { name } } } }
}`;

/** Users, 3x3 puzzles answered once (so their leaderboards have entries) and the operations' bodies. */
async function seed(url: string): Promise<{ tokens: string[]; operations: Operation[] }> {
  const root = new GraphQLClient(url);
  const users = await Promise.all(Array.from({ length: USERS }, () => root.signUp(uniqueName("load"))));
  const puzzleIds: string[] = [];
  for (const [i, board] of distinctBoards(40, 3, 24, 11).entries()) {
    const owner = users[i % users.length].client;
    const { createPuzzle } = await owner.data<{ createPuzzle: { id: string } }>(CREATE, {
      input: { kind: "SLIDING", rows: 3, cols: 3, start: board },
    });
    const { requestSolve } = await owner.data<{ requestSolve: { moves: string } }>(
      `mutation ($id: ID!) { requestSolve(puzzleId: $id) { moves } }`,
      { id: createPuzzle.id },
    );
    // A few players each: the optimal moves, then the same with a detour (two moves longer).
    for (const [j, player] of users.slice(0, 3).entries()) {
      const moves =
        j === 0
          ? requestSolve.moves
          : `${requestSolve.moves}${requestSolve.moves.endsWith("L") ? "RL" : "LR"}`;
      await player.client.request(SUBMIT, { id: createPuzzle.id, moves });
    }
    puzzleIds.push(createPuzzle.id);
  }
  const operations: Operation[] = [
    {
      name: "createPuzzle",
      weight: 1,
      body: () => {
        const size = random() < 0.7 ? 3 : 4;
        return gql(CREATE, {
          input: { kind: "SLIDING", rows: size, cols: size, start: scrambledBoard(size, 30, random) },
        });
      },
    },
    { name: "requestSolve (inline 3x3)", weight: 2, body: () => gql(SOLVE, { id: pick(puzzleIds) }) },
    { name: "puzzle", weight: 3, body: () => gql(PUZZLE, { id: pick(puzzleIds) }) },
    { name: "leaderboard", weight: 2, body: () => gql(LEADERBOARD, { id: pick(puzzleIds) }) },
  ];
  return { tokens: users.map((user) => user.token), operations };
}

function classify(tally: Tally, status: number, body: string): void {
  if (status === 429 || (body.includes('"errors"') && body.includes('"RATE_LIMITED"'))) {
    tally.rateLimited++;
  } else if (status !== 200 || body.includes('"errors"')) {
    tally.errors++;
    if (tally.samples.length < 3) tally.samples.push(`${status} ${body.slice(0, 200)}`);
  } else {
    tally.ok++;
  }
}

/** One autocannon instance per operation, all at once, sharing CONNECTIONS by weight. */
async function httpMix(
  url: string,
  tokens: readonly string[],
  operations: readonly Operation[],
): Promise<boolean> {
  const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
  const runs = operations.map((operation) => {
    const connections = Math.max(1, Math.round((CONNECTIONS * operation.weight) / totalWeight));
    const tally: Tally = { ok: 0, rateLimited: 0, errors: 0, samples: [] };
    const running = autocannon({
      url,
      connections,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: "POST",
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            headers: { "content-type": "application/json", authorization: `Bearer ${pick(tokens)}` },
            body: operation.body(),
          }),
          onResponse: (status: number, body: string) => classify(tally, status, body),
        },
      ],
    });
    return { operation, connections, tally, running };
  });
  const results = await Promise.all(runs.map((run) => run.running));

  console.log(`\nHTTP mix: ${CONNECTIONS} connections for ${DURATION_SECONDS} s against ${url}`);
  const headings = ["req/s", "p50 ms", "p99 ms", "ok", "limited"].map((heading) => heading.padStart(9));
  console.log(`${"operation".padEnd(28)}${"conns".padStart(6)}${headings.join("")}${"errors".padStart(8)}`);
  let errors = 0;
  let rateLimited = 0;
  let total = 0;
  for (const [i, run] of runs.entries()) {
    const result = results[i];
    const runErrors = run.tally.errors + result.errors + result.timeouts;
    errors += runErrors;
    rateLimited += run.tally.rateLimited;
    total += result.requests.average;
    const figures = [
      Math.round(result.requests.average),
      result.latency.p50,
      result.latency.p99,
      run.tally.ok,
      run.tally.rateLimited,
    ].map((figure) => String(figure).padStart(9));
    console.log(
      `${run.operation.name.padEnd(28)}${String(run.connections).padStart(6)}${figures.join("")}` +
        `${String(runErrors).padStart(8)}`,
    );
    for (const sample of run.tally.samples) console.log(`    error: ${sample}`);
  }
  console.log(
    `${"all".padEnd(28)}${String(CONNECTIONS).padStart(6)}${Math.round(total).toString().padStart(9)}` +
      `   errors ${errors}, RATE_LIMITED ${rateLimited}`,
  );
  await baseline(url, tokens);
  return errors === 0;
}

/**
 * `{ __typename }` alone, same connections: the HTTP, auth, rate-limit and GraphQL path with no
 * resolver work. What the machine gives the API right now, to read the mix's figures against.
 */
async function baseline(url: string, tokens: readonly string[]): Promise<void> {
  const seconds = Math.min(10, DURATION_SECONDS);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${tokens[0]}` },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
  console.log(
    `baseline { __typename }, ${CONNECTIONS} connections, ${seconds} s: ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`,
  );
}

interface QueuedSolve {
  readonly id: number;
  readonly user: number;
  /** 1 for the user's first request, 2 for the second... */
  readonly round: number;
  readonly start: readonly number[];
}

/** Every user asks for all their searches in a row (the worst case for a first-come queue). */
async function fillQueue(url: string): Promise<QueuedSolve[]> {
  const perUser = Math.ceil(QUEUE_SOLVES / QUEUE_USERS);
  const boards = distinctBoards(QUEUE_SOLVES, 4, 34, 23);
  const users = await Promise.all(
    Array.from({ length: QUEUE_USERS }, () => new GraphQLClient(url).signUp(uniqueName("queue"))),
  );
  const queued: QueuedSolve[] = [];
  for (const [user, { client }] of users.entries()) {
    for (let round = 1; round <= perUser && queued.length < QUEUE_SOLVES; round++) {
      const start = boards[queued.length];
      const { createPuzzle } = await client.data<{ createPuzzle: { id: string } }>(CREATE, {
        input: { kind: "SLIDING", rows: 4, cols: 4, start },
      });
      const { requestSolve } = await client.data<{ requestSolve: { id: string; status: string } }>(SOLVE, {
        id: createPuzzle.id,
        options: IDA_LC,
      });
      if (requestSolve.status !== "QUEUED")
        throw new Error(`solve ${requestSolve.id} is ${requestSolve.status}, not QUEUED`);
      queued.push({ id: Number(requestSolve.id), user, round, start });
    }
  }
  return queued;
}

async function queueLoad(api: ApiProcess, env: Record<string, string>): Promise<boolean> {
  const queued = await fillQueue(api.url);
  const prisma = createPrismaClient(env.DATABASE_URL);
  const workers: WorkerProcess[] = [];
  try {
    const began = Date.now();
    workers.push(
      ...(await Promise.all(
        Array.from({ length: WORKERS }, () =>
          WorkerProcess.start({ ...env, SOLVER_THREADS: String(WORKER_THREADS) }),
        ),
      )),
    );
    const ids = queued.map((solve) => solve.id);
    const deadline = Date.now() + 600_000;
    while (
      (await prisma.solve.count({ where: { id: { in: ids }, status: { in: ["QUEUED", "RUNNING"] } } })) > 0
    ) {
      if (Date.now() > deadline) throw new Error("the queue did not drain within 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const drainSeconds = (Date.now() - began) / 1000;
    const rows = await prisma.solve.findMany({ where: { id: { in: ids } } });
    const byId = new Map(rows.map((row) => [row.id, row]));

    const solved = queued.filter((solve) => {
      const row = byId.get(solve.id);
      if (row?.status !== "SOLVED" || !row.moves) return false;
      return replayMoves(
        corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: [...solve.start] }),
        row.moves,
      ).solved;
    });
    const lost = queued.length - solved.length;
    // Each job must have been searched, and its result written, exactly once (over both workers).
    const logs = workers.flatMap((worker) => worker.logs);
    const count = (msg: string, jobId: string | null) =>
      logs.filter((line) => line.msg === msg && line.jobId === jobId).length;
    const duplicates = rows.filter(
      (row) => count("search started", row.jobId) > 1 || count("search finished", row.jobId) > 1,
    ).length;
    const perWorker = workers.map(
      (worker) => worker.logs.filter((line) => line.msg === "search finished").length,
    );

    // Fairness: in the order the searches started, rounds must not go backwards (beyond the
    // searches already taken when a round's first ones arrive: one per solver thread).
    const order = [...queued].sort((a, b) => {
      const at = (solve: QueuedSolve) => byId.get(solve.id)?.startedAt?.getTime() ?? Number.POSITIVE_INFINITY;
      return at(a) - at(b) || a.id - b.id;
    });
    let lateRounds = 0;
    let highest = 0;
    for (const solve of order) {
      if (solve.round < highest) lateRounds++;
      highest = Math.max(highest, solve.round);
    }
    const firstRoundUsers = new Set(order.slice(0, QUEUE_USERS).map((solve) => solve.user)).size;
    const fair =
      firstRoundUsers === Math.min(QUEUE_USERS, queued.length) && lateRounds <= WORKERS * WORKER_THREADS;

    const nodes = rows.reduce((sum, row) => sum + Number(row.nodesExpanded ?? 0), 0);
    console.log(
      `\nQueue: ${queued.length} queued 4x4 searches (IDA*, linear conflict) from ${QUEUE_USERS} users, ` +
        `${WORKERS} worker processes x ${WORKER_THREADS} thread(s)`,
    );
    const rate = (queued.length / drainSeconds).toFixed(1);
    console.log(
      `  drained in ${drainSeconds.toFixed(1)} s (${rate} solves/s, workers included start-up), ` +
        `${(nodes / 1e6).toFixed(1)} M nodes`,
    );
    console.log(
      `  finished ${solved.length} (SOLVED, replayed to the goal), lost ${lost}, duplicates ${duplicates}; ` +
        `per worker: ${perWorker.join(" + ")}`,
    );
    console.log(
      `  fairness: first ${QUEUE_USERS} searches started came from ${firstRoundUsers} distinct users; ` +
        `searches started after a later round had begun: ${lateRounds} (allowed ${WORKERS * WORKER_THREADS})`,
    );
    console.log(
      `  start order by user (first 40): ${order
        .slice(0, 40)
        .map((solve) => solve.user + 1)
        .join(" ")}`,
    );
    return lost === 0 && duplicates === 0 && fair;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await prisma.$disconnect();
  }
}

async function main(): Promise<void> {
  console.log(
    "load benchmark (2 shared cores, load generator and server on the same machine: figures are noisy)",
  );
  let passed = true;
  if (TARGET_URL !== undefined) {
    const { tokens, operations } = await seed(TARGET_URL);
    passed = await httpMix(TARGET_URL, tokens, operations);
    console.log(
      "\nQueue part skipped: it needs this script's own server, database and workers (unset LOAD_URL).",
    );
  } else {
    let database: TestDatabase | undefined;
    let api: ApiProcess | undefined;
    try {
      database = await createTestDatabase({ prefix: "load" });
      const env = {
        ...FAST_PIPELINE,
        DATABASE_URL: database.url,
        REDIS_PREFIX: `load-${process.pid}`,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
      };
      api = await ApiProcess.start({ ...env, ...LIMITS });
      if (process.env.LOAD_HTTP !== "0") {
        const { tokens, operations } = await seed(api.url);
        passed = (await httpMix(api.url, tokens, operations)) && passed;
      }
      if (process.env.LOAD_QUEUE !== "0") passed = (await queueLoad(api, env)) && passed;
      if (!api.alive) throw new Error(`the API process died:\n${api.tail()}`);
    } finally {
      await api?.stop();
      await database?.drop();
    }
  }
  console.log(passed ? "\nload: all checks passed" : "\nload: CHECKS FAILED");
  process.exitCode = passed ? 0 : 1;
}

await main();
