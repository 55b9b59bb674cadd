// Shared by the pipeline's end-to-end tests: pipeline settings that keep tests short, boards with a
// known search cost, and GraphQL shortcuts for puzzles, solves and the solveProgress subscription.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import type { Client } from "graphql-ws";
import { Redis } from "ioredis";
import { createSlidingHeuristic } from "../../src/core/sliding/heuristic.ts";
import { UNIT_QUEUE } from "../../src/solves/index.ts";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import type { TestServer } from "../helpers/server.ts";
import { wsClient } from "../helpers/ws.ts";
import { type LogLine, WorkerProcess } from "./worker-process.ts";

/** An empty PDB_DIR of the calling test file's own, removed after its tests. */
export function scratchPdbDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Quick progress, polls, stalled-job detection and reconciliation, for API and workers alike. */
export const FAST_PIPELINE: Readonly<Record<string, string>> = {
  SOLVE_PROGRESS_INTERVAL_MS: "100",
  SOLVE_CANCEL_POLL_MS: "300",
  ENQUEUE_TIMEOUT_MS: "300",
  WORKER_LOCK_DURATION_MS: "2000",
  WORKER_STALLED_INTERVAL_MS: "1000",
  WORKER_SHUTDOWN_GRACE_MS: "500",
  RECONCILE_INTERVAL_MS: "500",
  RECONCILE_GRACE_MS: "300",
  // Workers start in a fraction of a second without pattern databases (the tests ask for LINEAR_CONFLICT).
  WORKER_PDBS: "none",
};

/**
 * 4x4 boards (default goal) and what IDA* with linear conflict needs for them (measured with
 * the core alone; the pipeline tests ask for IDA_STAR + LINEAR_CONFLICT explicitly so that faster
 * heuristics added later cannot make them too quick).
 */
export const BOARDS = {
  /** 58 moves, ~15 M nodes (~1 s). */
  second: [15, 14, 10, 4, 5, 12, 9, 11, 1, 8, 13, 3, 7, 0, 6, 2],
  /** 56 moves, ~26 M nodes (~1.5-2 s), bounds 38..56. */
  twoSeconds: [12, 7, 1, 5, 8, 11, 15, 2, 13, 3, 10, 6, 14, 9, 4, 0],
  /** 54 moves, ~15 M nodes. */
  another: [0, 10, 3, 7, 14, 15, 5, 8, 12, 13, 6, 11, 1, 2, 9, 4],
  /** 50 moves, ~0.3 M nodes (tens of ms). */
  quick: [15, 1, 14, 9, 8, 3, 7, 11, 5, 2, 10, 6, 13, 4, 12, 0],
  /**
   * Korf's instance 60 (66 moves) moved to this goal: with linear conflict ~9 s on one thread (2026-11-25),
   * ~5 s split over two. Tests that need a search to outlast them stop it sooner (a cancel, a time limit
   * of a few seconds) or search `endless`.
   */
  hard: [0, 8, 10, 6, 11, 7, 9, 1, 12, 4, 13, 14, 15, 3, 2, 5],
  /** 5x5, the tiles reversed (~150 moves from the goal): linear conflict never solves it in a test's time. */
  endless: [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
} as const;

/**
 * A size x size board `steps` random moves (never undoing one) from the goal 1..n, 0 last, from a
 * seeded generator: the same board for the same arguments (5x5 after ~200 moves: far beyond linear
 * conflict's reach).
 */
export function walkedBoard(size: number, seed: number, steps: number): number[] {
  const cells = size * size;
  const board = [...Array.from({ length: cells - 1 }, (_, i) => i + 1), 0];
  let blank = cells - 1;
  let last = -1;
  let state = seed;
  for (let done = 0; done < steps; ) {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    const [dr, dc] = [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ][(state >>> 16) % 4];
    const r = Math.floor(blank / size) + dr;
    const c = (blank % size) + dc;
    const to = r * size + c;
    if (r < 0 || r >= size || c < 0 || c >= size || to === last) continue;
    board[blank] = board[to];
    board[to] = 0;
    last = blank;
    blank = to;
    done++;
  }
  return board;
}

/**
 * A heuristic's h(root) (linear conflict unless named) rounded up to the solutions' parity, for the
 * goal 1..n with the blank last: the unsplit IDA*'s first bound.
 */
export function rootBound(
  start: readonly number[],
  size: number,
  heuristic: "linear-conflict" | "manhattan" = "linear-conflict",
): number {
  const goal = [...Array.from({ length: size * size - 1 }, (_, i) => i + 1), 0];
  const h = createSlidingHeuristic(heuristic, size, size, goal).reset(start);
  const blank = start.indexOf(0);
  const parity = (size - 1 - Math.floor(blank / size) + (size - 1 - (blank % size))) & 1;
  return ((h - parity) & 1) === 0 ? h : h + 1;
}

export const IDA_LC = { algorithm: "IDA_STAR", heuristic: "LINEAR_CONFLICT" } as const;

const SOLVE_FIELDS = `id status cached moves length optimal lowerBound nodesExpanded durationMs
  algorithmUsed heuristicUsed unitsTotal error timeLimitSeconds split queuedAt startedAt finishedAt`;

export interface SolveView {
  id: string;
  status: string;
  cached: boolean;
  moves: string | null;
  length: number | null;
  optimal: boolean | null;
  lowerBound: number | null;
  nodesExpanded: number | null;
  durationMs: number | null;
  error: string | null;
  split: boolean | null;
  unitsTotal: number | null;
}

export interface SolveEventView {
  solveId: string;
  status: string;
  lowerBound: number | null;
  nodesExpanded: number | null;
  nodesPerSecond: number | null;
  elapsedMs: number | null;
  provenLowerBound: number | null;
  unitsDone: number | null;
  unitsTotal: number | null;
  threads: number | null;
  solve: SolveView | null;
}

/** A worker's environment on the test server's database and Redis prefix (two threads unless `env` says). */
export function workerEnv(api: TestServer, env: Record<string, string> = {}): Record<string, string> {
  return {
    ...FAST_PIPELINE,
    DATABASE_URL: api.config.databaseUrl,
    REDIS_URL: api.config.redisUrl,
    REDIS_PREFIX: api.config.redisPrefix,
    SOLVER_THREADS: "2",
    ...env,
  };
}

/** A worker process on the test server's database and Redis prefix. */
export function startWorker(api: TestServer, env: Record<string, string> = {}): Promise<WorkerProcess> {
  return WorkerProcess.start(workerEnv(api, env));
}

/**
 * For a suite that reaches into split searches' Redis side: a Redis client and the unit queue on the
 * test server's Redis and prefix (closed after the suite; the queue resumed after each case), and
 * one-thread worker processes without dailies (stopped after each case).
 */
export function useSplitRedis(api: TestServer) {
  const started: WorkerProcess[] = [];
  const fixture = {
    redis: undefined as unknown as Redis,
    units: undefined as unknown as Queue,
    async worker(env: Record<string, string> = {}): Promise<WorkerProcess> {
      const worker = await startWorker(api, { SOLVER_THREADS: "1", DAILY_PUZZLES: "false", ...env });
      started.push(worker);
      return worker;
    },
  };
  beforeAll(() => {
    const { redisUrl, redisPrefix } = api.config;
    fixture.redis = new Redis(redisUrl);
    fixture.units = new Queue(UNIT_QUEUE, { connection: { url: redisUrl }, prefix: redisPrefix });
  });
  afterEach(async () => {
    await fixture.units.resume();
    await Promise.all(started.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await fixture.units?.close();
    fixture.redis?.disconnect();
  });
  return fixture;
}

/**
 * Korf's #60 (BOARDS.hard, 66 moves: ~9 s on one thread) asked by a new user as a split IDA* search
 * with linear conflict and a 120 s limit, once `worker` has planned it: the user's client, the Solve,
 * its job id, a matcher of the job's `split search planned` lines and the first one.
 */
export async function startHardSplit(api: TestServer, worker: WorkerProcess) {
  const { client } = await api.client().signUp();
  const puzzleId = await createPuzzle(client, [...BOARDS.hard], 4);
  const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 120 });
  const jobId = await jobIdOf(api, solve.id);
  const planned = (line: LogLine) => line.msg === "split search planned" && line.jobId === jobId;
  const firstPlan = await worker.waitForLog(planned, 15_000);
  return { client, solve, jobId, planned, firstPlan };
}

/** The BullMQ job id of a Solve (its row's jobId): the key of its worker's log lines and Redis state. */
export async function jobIdOf(api: TestServer, solveId: string): Promise<string> {
  const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solveId) } });
  return row.jobId as string;
}

export async function createPuzzle(
  client: GraphQLClient,
  start: readonly number[],
  size = Math.round(Math.sqrt(start.length)),
): Promise<string> {
  const data = await client.data<{ createPuzzle: { id: string } }>(
    `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
    { input: { kind: "SLIDING", rows: size, cols: size, start } },
  );
  return data.createPuzzle.id;
}

export async function requestSolve(
  client: GraphQLClient,
  puzzleId: string,
  options?: Record<string, unknown>,
): Promise<SolveView> {
  const data = await client.data<{ requestSolve: SolveView }>(
    `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { ${SOLVE_FIELDS} } }`,
    { id: puzzleId, options },
  );
  return data.requestSolve;
}

export async function readSolve(client: GraphQLClient, id: string): Promise<SolveView> {
  const data = await client.data<{ solve: SolveView }>(
    `query ($id: ID!) { solve(id: $id) { ${SOLVE_FIELDS} } }`,
    { id },
  );
  return data.solve;
}

/** The statuses of a solve still under way. */
export const ACTIVE: ReadonlySet<string> = new Set(["QUEUED", "RUNNING"]);

/** Polls `solve(id)` over HTTP until it has ended. */
export async function waitUntilFinished(
  client: GraphQLClient,
  id: string,
  timeoutMs = 30_000,
): Promise<SolveView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const solve = await readSolve(client, id);
    if (!ACTIVE.has(solve.status)) return solve;
    if (Date.now() > deadline) throw new Error(`solve ${id} still ${solve.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PROGRESS = `subscription ($id: ID!) { solveProgress(solveId: $id) {
  solveId status lowerBound nodesExpanded nodesPerSecond elapsedMs provenLowerBound unitsDone unitsTotal
  threads solve { ${SOLVE_FIELDS} } } }`;

/** A solveProgress subscription whose events are collected as they arrive. */
export class ProgressWatch {
  readonly events: SolveEventView[] = [];
  readonly done: Promise<SolveEventView[]>;
  private readonly waiters = new Set<() => void>();

  constructor(wsUrl: string, token: string, solveId: string) {
    const client: Client = wsClient(wsUrl, token);
    const iterator = client.iterate<{ solveProgress: SolveEventView }>({
      query: PROGRESS,
      variables: { id: solveId },
    });
    this.done = (async () => {
      try {
        for await (const result of iterator) {
          if (result.errors) throw new Error(JSON.stringify(result.errors));
          this.events.push(result.data!.solveProgress);
          for (const wake of this.waiters) wake();
        }
        return this.events;
      } finally {
        for (const wake of this.waiters) wake();
        await client.dispose();
      }
    })();
    // A test that gives up early must not leave an unhandled rejection behind.
    this.done.catch(() => undefined);
  }

  /** Waits for an event matching `match` (among those received so far or later). */
  async waitFor(match: (event: SolveEventView) => boolean, timeoutMs = 20_000): Promise<SolveEventView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 200);
        this.waiters.add(wake);
      });
    }
  }

  /** All events once the server completes the subscription. */
  finished(timeoutMs = 30_000): Promise<SolveEventView[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`subscription not completed within ${timeoutMs} ms: ${JSON.stringify(this.events)}`),
          ),
        timeoutMs,
      );
    });
    return Promise.race([this.done, timeout]).finally(() => clearTimeout(timer));
  }
}
