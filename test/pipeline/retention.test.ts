// What hundreds of searches leave behind in Redis (docs/pipeline.md, "What stays behind"): solves
// through the real API, queue and two worker processes (split and whole 4x4 searches, cancelled ones,
// timed-out ones), then a census of the deployment's keys. Finished jobs, unit jobs and split state
// must be gone; what remains is a handful of fixed keys and keys with a TTL.
import { readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  requestSolve,
  scratchPdbDir,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import { redisCensus, totals } from "./redis-census.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: { ...FAST_PIPELINE, MAX_OPEN_SOLVES_PER_USER: "1000" } });
let workers: WorkerProcess[] = [];
let redis: Redis;

// SIGUSR2 makes a worker write a heap snapshot, which runs a full garbage collection first: the heap
// measured right after holds only what is still referenced.
const snapshots = scratchPdbDir("retention-heap-");

beforeAll(async () => {
  const env = {
    SOLVER_THREADS: "1",
    DAILY_PUZZLES: "false",
    WORKER_METRICS_PORT: "0",
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}`,
  };
  workers = await Promise.all([startWorker(api, env), startWorker(api, env)]);
  redis = new Redis(api.config.redisUrl);
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await Promise.all(workers.map((w) => w.stop()));
});

/** A solvable 4x4 board `moves` random blank moves from the goal (its search takes milliseconds). */
function scramble(moves: number, seed: number): number[] {
  const board = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];
  let blank = 15;
  let previous = -1;
  let x = seed;
  for (let i = 0; i < moves; i++) {
    const r = Math.floor(blank / 4);
    const c = blank % 4;
    const options = [
      r > 0 ? blank - 4 : -1,
      r < 3 ? blank + 4 : -1,
      c > 0 ? blank - 1 : -1,
      c < 3 ? blank + 1 : -1,
    ].filter((n) => n >= 0 && n !== previous);
    x = (x * 1103515245 + 12345) % 2147483648;
    const to = options[x % options.length];
    board[blank] = board[to];
    board[to] = 0;
    previous = blank;
    blank = to;
  }
  return board;
}

/** The worker's metrics right after a full garbage collection (its heap snapshot, then deleted). */
async function gcMetrics(worker: WorkerProcess): Promise<Record<string, number>> {
  const mine = () => readdirSync(snapshots).filter((f) => f.includes(`.${worker.pid}.`));
  for (const file of mine()) rmSync(join(snapshots, file));
  worker.signal("SIGUSR2");
  const deadline = Date.now() + 20_000;
  let size = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [file] = mine();
    const now = file === undefined ? -1 : statSync(join(snapshots, file)).size;
    if (now > 0 && now === size) break;
    if (Date.now() > deadline) throw new Error("no heap snapshot written");
    size = now;
  }
  const kept = process.env.RETENTION_KEEP_SNAPSHOTS;
  for (const file of mine())
    if (kept) renameSync(join(snapshots, file), join(kept, `${worker.pid}-${Date.now()}.heapsnapshot`));
    else rmSync(join(snapshots, file));
  return metricsOf(worker);
}

/**
 * The worker's metrics, with `pg_connections`: its Postgres connections at the moment the metrics
 * were read (pg_stat_activity, by the application_name each process gives its connections). The pool
 * keeps the connections a burst opened until they have been idle 10 s, so the handle count alone
 * differs by how many a burst happened to need; the count is read before and after the metrics and
 * read again when a connection came or went in between.
 */
async function metricsOf(worker: WorkerProcess): Promise<Record<string, number>> {
  const connections = async () => {
    const [row] = await api.server.app.prisma.$queryRawUnsafe<{ n: bigint }[]>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1",
      `puzzle-worker-${worker.pid}`,
    );
    return Number(row.n);
  };
  for (let attempt = 0; ; attempt++) {
    const before = await connections();
    const metrics = await metricsText(worker);
    const after = await connections();
    if (before === after || attempt === 20) return { ...metrics, pg_connections: after };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function metricsText(worker: WorkerProcess): Promise<Record<string, number>> {
  const port = (await worker.waitForLog((l) => l.msg === "metrics endpoint listening")).port as number;
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const m =
      /^(nodejs_heap_size_used_bytes|process_resident_memory_bytes|nodejs_active_handles_total|nodejs_active_resources_total|nodejs_eventloop_lag_p99_seconds)\{[^}]*\} ([\d.e+-]+)/.exec(
        line,
      );
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

const users: { client: GraphQLClient }[] = [];
let seed = 0;

/** `count` small searches (a third split, a third whole, a third AUTO), 12 at a time, to their end. */
async function smallSearches(count: number): Promise<void> {
  if (users.length === 0)
    users.push(...(await Promise.all(Array.from({ length: 4 }, () => api.client().signUp()))));
  const splits = [true, false, undefined];
  await pool(
    Array.from({ length: count }, () => ++seed),
    12,
    async (i) => {
      const { client } = users[i % users.length];
      const puzzleId = await createPuzzle(client, scramble(30 + (i % 7), i));
      const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: splits[i % 3] });
      const done = await waitUntilFinished(client, solve.id, 30_000);
      expect(done.status).toBe("SOLVED");
    },
  );
}

/** Searches stopped on the way: cancelled while running, or at a 1 s time limit (split and whole). */
async function stoppedSearches(): Promise<string[]> {
  const cancel = `mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`;
  return Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const { client } = users[i % users.length];
      const timed = i % 2 === 0;
      const puzzleId = await createPuzzle(client, BOARDS.hard);
      const solve = await requestSolve(client, puzzleId, {
        ...IDA_LC,
        split: i % 4 < 2,
        ...(timed ? { timeLimitSeconds: 1 } : {}),
      });
      if (!timed) {
        const deadline = Date.now() + 10_000;
        while (!(await isRunning(client, solve.id)) && Date.now() < deadline);
        await client.data(cancel, { id: solve.id });
      }
      return (await waitUntilFinished(client, solve.id, 30_000)).status;
    }),
  );
}

describe("what searches leave behind", () => {
  it("a hundred searches leave no job, unit or split key; every other key is fixed or expires", async () => {
    const prefix = api.config.redisPrefix;
    await smallSearches(30); // warm-up: every code path loaded, BullMQ's scripts cached
    const warm = await Promise.all(workers.map(gcMetrics));
    const t0 = Date.now();
    await smallSearches(Number(process.env.RETENTION_SOLVES ?? 60));
    const seconds = (Date.now() - t0) / 1000;
    expect(await stoppedSearches()).toEqual(Array(4).fill(["TIMED_OUT", "CANCELLED"]).flat());
    // Stragglers (units stopped at a search's end) report within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await redisCensus(redis, prefix);
    const worn = await Promise.all(workers.map(gcMetrics));
    if (process.env.RETENTION_REPORT) {
      const streams = {
        solve: await redis.xlen(`${prefix}:solve:events`),
        unit: await redis.xlen(`${prefix}:unit:events`),
      };
      const [solves] = await api.server.app.prisma.$queryRawUnsafe<{ rows: bigint; bytes: bigint }[]>(
        "SELECT count(*) AS rows, pg_total_relation_size('solves') AS bytes FROM solves",
      );
      const report = { seconds, after, total: totals(after), streams, solves, warm, worn };
      console.log(JSON.stringify(report, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v), 1));
    }

    // No finished job, unit job or split search leaves a key (job hashes, locks, results, state).
    const perSearch = Object.keys(after).filter((kind) => /^(solve|unit):(solve|unit)-|^split:/.test(kind));
    expect(perSearch).toEqual([]);
    for (const set of ["wait", "active", "prioritized", "delayed", "completed", "failed"])
      for (const queue of ["solve", "unit"]) expect(after[`${queue}:${set}`]).toBeUndefined();
    // Keys without a TTL are a fixed set, whatever the number of searches, users and Solves.
    const persistent = Object.entries(after)
      .filter(([, group]) => group.persistent > 0)
      .map(([kind, group]) => [kind, group.persistent]);
    expect(Object.fromEntries(persistent)).toEqual({
      workers: 1,
      "fair:vt": 1,
      "solve:meta": 1,
      "solve:id": 1,
      "solve:events": 1,
      "unit:meta": 1,
      "unit:id": 1,
      "unit:events": 1,
      "analysis:meta": 1,
    });
    // BullMQ's event streams are capped (~10,000 entries: Queue's streams.events.maxLen default).
    for (const queue of ["solve", "unit"])
      expect(await redis.xlen(`${prefix}:${queue}:events`)).toBeLessThanOrEqual(10_100);

    // The workers hold nothing per search: no listener warning, handles back to their idle count
    // (the pool's Postgres connections aside: it keeps as many as the last burst needed, for 10 s),
    // the heap after a full GC within 4 MiB of its size after the warm-up (measured: +0.5 to +1 MiB
    // after 400 more searches, nearly all of it compiled code).
    for (const w of workers)
      expect(w.logs.filter((l) => /MaxListenersExceeded|Warning/.test(String(l.msg)))).toEqual([]);
    const handles = (m: Record<string, number>) => m.nodejs_active_handles_total - m.pg_connections;
    for (const [i, m] of worn.entries()) {
      expect(m.pg_connections).toBeGreaterThan(0); // the connections are seen (application_name is set)
      expect(handles(m)).toBeLessThanOrEqual(handles(warm[i]) + 2);
      expect(m.nodejs_heap_size_used_bytes - warm[i].nodejs_heap_size_used_bytes).toBeLessThan(4 * 2 ** 20);
    }
  }, 240_000);
});

async function isRunning(client: GraphQLClient, id: string): Promise<boolean> {
  const data = await client.data<{ solve: { status: string } }>(
    `query ($id: ID!) { solve(id: $id) { status } }`,
    {
      id,
    },
  );
  if (data.solve.status === "RUNNING") return true;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return false;
}
