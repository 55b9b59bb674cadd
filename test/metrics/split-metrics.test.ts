// What an operator sees while searches run as unit jobs on every thread of every worker process
// (docs/distributed.md): a real API and two real worker processes (1 solver thread each) on the real
// Postgres and Redis, their GET /metrics scraped mid-search and after, against the Solve rows.
// Threads in use are threads (not coordinated searches), searches waiting for a thread show as
// waiting, nodes are counted once, by the process whose threads expanded them (live, for whole
// searches too), outcomes once per search, and the dashboard shows the unit queue.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import { UNIT_QUEUE } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { sample } from "./exposition.ts";

const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
const ADMIN_TOKEN = "admin-token-for-tests-0123456789";
const api = useTestServer({ env: { METRICS_TOKEN, ADMIN_TOKEN } });
const workers: WorkerProcess[] = [];
const workerOrigins: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    // No daily puzzles: their proofs would add searches to the counts this test reads.
    const worker = await startWorker(api, {
      WORKER_METRICS_PORT: "0",
      SOLVER_THREADS: "1",
      DAILY_PUZZLES: "false",
    });
    workers.push(worker);
    const line = await worker.waitForLog((entry) => entry.msg === "metrics endpoint listening");
    workerOrigins.push(`http://127.0.0.1:${line.port as number}`);
  }
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

async function scrapeApi(): Promise<string> {
  const response = await fetch(`${api.origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function scrapeWorkers(): Promise<string[]> {
  return Promise.all(
    workerOrigins.map(async (origin) => {
      const response = await fetch(`${origin}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    }),
  );
}

/** The sum of one series over the workers' scrapes (absent counts as 0). */
function total(texts: readonly string[], name: string, labels: Record<string, string> = {}): number {
  return texts.reduce((sum, text) => sum + (sample(text, name, labels) ?? 0), 0);
}

/** Samples `read` every 100 ms for `ms` and returns every value seen. */
async function over<T>(ms: number, read: () => Promise<T>): Promise<T[]> {
  const seen: T[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    seen.push(await read());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return seen;
}

/** The workers' nodes counters once they stop moving (units stopped at the end report within ~1 s). */
async function settledNodes(): Promise<number[]> {
  let last: number[] = [];
  for (let i = 0; i < 30; i++) {
    const now = (await scrapeWorkers()).map(
      (text) => sample(text, "puzzle_worker_nodes_expanded_total") ?? 0,
    );
    if (i > 0 && now.every((value, k) => value === last[k])) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return last;
}

async function rowNodes(ids: readonly string[]): Promise<number> {
  const rows = await api.server.app.prisma.solve.findMany({ where: { id: { in: ids.map(Number) } } });
  return rows.reduce((sum, row) => sum + Number(row.nodesExpanded ?? 0), 0);
}

/** Different boards (no two Solves share a search): `hard` with its blank moved. */
/**
 * Distinct 5x5 boards no test here can solve with linear conflict (the tiles reversed, ~150 moves
 * from the goal, and a few blank moves from it): each search runs to its time limit or its cancel,
 * whatever the machine's speed, and none is answered from another's cached result.
 */
function hardBoards(): number[][] {
  const reversed = [...BOARDS.endless];
  const step: Record<string, number> = { L: -1, U: -5 };
  return ["", "L", "U", "LL", "UU", "LU", "UL", "LLL"].map((path) => {
    const board = [...reversed];
    let blank = 24;
    for (const move of path) {
      const to = blank + step[move];
      [board[blank], board[to]] = [board[to], board[blank]];
      blank = to;
    }
    return board;
  });
}

let client: GraphQLClient;
let token: string;

describe("metrics of split and whole searches on two worker processes", () => {
  beforeAll(async () => {
    const signed = await api.client().signUp();
    client = signed.client;
    token = signed.token;
  });

  it("a split search: each worker's busy thread and nodes, one outcome, nodes counted once; health answers", async () => {
    const before = await scrapeWorkers();
    const nodesBefore = total(before, "puzzle_worker_nodes_expanded_total");
    const searchesBefore = total(before, "puzzle_worker_searches_total", { status: "timed_out" });
    const puzzleId = await createPuzzle(client, hardBoards()[0]);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 8 });
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    await watch.waitFor((event) => (event.threads ?? 0) >= 2);

    // Mid-search, over a second: both threads busy, each on its own worker; both workers count nodes.
    const samples = await over(1000, async () => ({
      workers: await scrapeWorkers(),
      api: await scrapeApi(),
    }));
    for (let w = 0; w < 2; w++) {
      const busy = samples.map((s) => sample(s.workers[w], "puzzle_worker_busy_threads") ?? 0);
      expect(Math.max(...busy), `worker ${w} busy threads`).toBe(1);
      expect(Math.min(...busy)).toBeGreaterThanOrEqual(0);
      const last = samples.at(-1)?.workers[w] ?? "";
      expect(sample(last, "puzzle_worker_nodes_expanded_total"), `worker ${w} nodes`).toBeGreaterThan(0);
      expect(sample(last, "puzzle_worker_nodes_per_second"), `worker ${w} nodes/s`).toBeGreaterThan(0);
    }
    const apiLast = samples.at(-1)?.api ?? "";
    expect(sample(apiLast, "puzzle_fleet_workers")).toBe(2);
    expect(sample(apiLast, "puzzle_fleet_solver_threads")).toBe(2);
    // Both unit jobs active at once. The API reads the queue's counts at most once a second, and a
    // thread is between two units for a moment now and then: a few more reads if those missed it.
    const activeUnits = (text: string) => sample(text, "puzzle_unit_queue_jobs", { state: "active" }) ?? 0;
    const active = samples.map((s) => activeUnits(s.api));
    for (const until = Date.now() + 2500; Math.max(...active) < 2 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      active.push(activeUnits(await scrapeApi()));
    }
    expect(Math.max(...active)).toBe(2);
    // The search holds threads: it is not waiting, whatever its queued units.
    expect(Math.max(...samples.map((s) => sample(s.api, "puzzle_solve_searches_waiting") ?? -1))).toBe(0);

    // Health while it runs: the worker's and the API's answer at once.
    for (const origin of workerOrigins) {
      const began = Date.now();
      const response = await fetch(`${origin}/healthz`);
      expect(response.status).toBe(200);
      expect(Date.now() - began).toBeLessThan(1000);
    }
    const ready = await fetch(`${api.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ workers: 2, solverThreads: 2 });

    // The dashboard shows the unit queue (where searches wait for threads), read-only.
    const board = await fetch(
      `${api.origin}/admin/queues/api/queues?activeQueue=${UNIT_QUEUE}&status=active`,
      {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      },
    );
    expect(board.status).toBe(200);
    const queues = ((await board.json()) as { queues: { name: string; readOnlyMode: boolean }[] }).queues;
    expect(queues.find((q) => q.name === UNIT_QUEUE)?.readOnlyMode).toBe(true);

    expect(await waitUntilFinished(client, solve.id, 20_000)).toMatchObject({ status: "TIMED_OUT" });
    await watch.finished();
    const nodes = (await settledNodes()).reduce((a, b) => a + b, 0) - nodesBefore;
    const row = await rowNodes([solve.id]);
    expect(row).toBeGreaterThan(0);
    // Counted once over the fleet: at least what the Solve says (every folded unit), and not twice.
    // More when a unit stopped at the end completed before the coordinator looked for it: its work
    // is done (so counted here) but not in the Solve (docs/operations.md, "Metrics").
    expect(nodes).toBeGreaterThanOrEqual(row);
    expect(nodes).toBeLessThanOrEqual(row * 1.3);
    const after = await scrapeWorkers();
    expect(total(after, "puzzle_worker_searches_total", { status: "timed_out" }) - searchesBefore).toBe(1);
    expect(total(after, "puzzle_worker_busy_threads")).toBe(0);
  }, 60_000);

  it("whole searches beyond the threads: waiting ones show as waiting, threads in use are threads, nodes are live", async () => {
    const before = await scrapeWorkers();
    const nodesBefore = total(before, "puzzle_worker_nodes_expanded_total");
    const waitCountBefore = total(before, "puzzle_worker_unit_wait_seconds_count", { kind: "whole" });
    const waitSumBefore = total(before, "puzzle_worker_unit_wait_seconds_sum", { kind: "whole" });
    const searchesBefore = total(before, "puzzle_worker_searches_total", { status: "timed_out" });
    const boards = hardBoards().slice(1, 5);
    const solves = [];
    for (const board of boards) {
      const puzzleId = await createPuzzle(client, board);
      solves.push(await requestSolve(client, puzzleId, { ...IDA_LC, split: false, timeLimitSeconds: 3 }));
    }
    // Two run (one per thread), two wait for a thread.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const samples = await over(800, async () => ({ workers: await scrapeWorkers(), api: await scrapeApi() }));
    for (const s of samples) {
      expect(total(s.workers, "puzzle_worker_busy_threads")).toBe(2);
      expect(sample(s.api, "puzzle_solve_searches_waiting")).toBe(2);
      expect(
        (sample(s.api, "puzzle_unit_queue_jobs", { state: "waiting" }) ?? 0) +
          (sample(s.api, "puzzle_unit_queue_jobs", { state: "prioritized" }) ?? 0),
      ).toBe(2);
      expect(sample(s.api, "puzzle_unit_queue_jobs", { state: "active" })).toBe(2);
    }
    // Capacity in use, as docs/operations.md computes it: every thread, no more.
    const last = samples.at(-1) as { workers: string[]; api: string };
    expect(
      total(last.workers, "puzzle_worker_busy_threads") / total(last.workers, "puzzle_worker_threads"),
    ).toBe(1);
    // Whole searches count their nodes as they go, not only when they end.
    expect(total(last.workers, "puzzle_worker_nodes_expanded_total") - nodesBefore).toBeGreaterThan(0);
    expect(total(last.workers, "puzzle_worker_nodes_per_second")).toBeGreaterThan(0);

    for (const solve of solves)
      expect(await waitUntilFinished(client, solve.id, 30_000)).toMatchObject({ status: "TIMED_OUT" });
    const nodes = (await settledNodes()).reduce((a, b) => a + b, 0) - nodesBefore;
    expect(nodes).toBe(await rowNodes(solves.map((s) => s.id)));
    const after = await scrapeWorkers();
    expect(total(after, "puzzle_worker_searches_total", { status: "timed_out" }) - searchesBefore).toBe(4);
    // How long searches waited for a thread: two started at once, two after a 3 s search.
    expect(total(after, "puzzle_worker_unit_wait_seconds_count", { kind: "whole" }) - waitCountBefore).toBe(
      4,
    );
    expect(
      total(after, "puzzle_worker_unit_wait_seconds_sum", { kind: "whole" }) - waitSumBefore,
    ).toBeGreaterThan(4);
  }, 60_000);

  it("a cancelled split search: the work of the units it stopped is counted, once", async () => {
    const before = await scrapeWorkers();
    const nodesBefore = total(before, "puzzle_worker_nodes_expanded_total");
    const puzzleId = await createPuzzle(client, hardBoards()[5]);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 30 });
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    await watch.waitFor((event) => (event.threads ?? 0) >= 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cancelled = await client.data<{ cancelSolve: { status: string } }>(
      `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`,
      { id: solve.id },
    );
    expect(cancelled.cancelSolve.status).toBe("CANCELLED");
    await watch.finished();
    // The row is CANCELLED at once with the progress known then; the coordinator's count, once its
    // stopped units reported, is in its log line.
    const { jobId } = await api.server.app.prisma.solve.findUniqueOrThrow({
      where: { id: Number(solve.id) },
    });
    const stopped = await Promise.any(
      workers.map((w) => w.waitForLog((l) => l.msg === "split search stopped" && l.jobId === jobId)),
    );
    expect(stopped).toMatchObject({ stop: "cancelled" });
    const stored = stopped.nodes as number;
    const nodes = (await settledNodes()).reduce((a, b) => a + b, 0) - nodesBefore;
    expect(stored).toBeGreaterThan(0);
    // Both workers' threads searched, and each counts what it searched; together at least the
    // coordinator's count (units it stopped included) and not twice it (the coordinator counts none).
    const after = await scrapeWorkers();
    for (let w = 0; w < 2; w++)
      expect(sample(after[w], "puzzle_worker_nodes_expanded_total"), `worker ${w}`).toBeGreaterThan(
        sample(before[w], "puzzle_worker_nodes_expanded_total") ?? 0,
      );
    // Every unit it stopped reported (none abandoned here), so the row has every node the threads
    // expanded. It missed a unit that completed before the coordinator's remove() (4-8% seen).
    expect(stopped).toMatchObject({ abandoned: 0 });
    expect(nodes).toBe(stored);
    expect(total(after, "puzzle_worker_busy_threads")).toBe(0);
  }, 60_000);

  it("every metric and label the PromQL examples of docs/operations.md use is exposed", async () => {
    const doc = readFileSync(join(projectRoot, "docs", "operations.md"), "utf8");
    const blocks = [...doc.matchAll(/```promql\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThan(0);
    const exposed = [await scrapeApi(), ...(await scrapeWorkers())].join("\n");
    const labelsOf = new Map<string, Set<string>>();
    for (const line of exposed.split("\n")) {
      const match = /^([a-zA-Z_:][\w:]*)(\{([^}]*)\})? /.exec(line);
      if (!match) continue;
      const labels = labelsOf.get(match[1]) ?? new Set<string>();
      for (const m of (match[3] ?? "").matchAll(/(\w+)="/g)) labels.add(m[1]);
      labelsOf.set(match[1], labels);
    }
    for (const block of blocks) {
      for (const line of block.split("\n")) {
        const query = line.replace(/#.*$/, "");
        const grouped = [...query.matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1].split(/,\s*/));
        for (const m of query.matchAll(/\b((?:puzzle|nodejs|process)_\w+)(\{([^}]*)\})?/g)) {
          const name = m[1];
          expect(labelsOf.has(name), `${name} (docs/operations.md) is not exposed`).toBe(true);
          const has = labelsOf.get(name) as Set<string>;
          const used = [...(m[3] ?? "").matchAll(/(\w+)\s*=~?/g)].map((l) => l[1]);
          for (const label of [...used, ...grouped.filter((l) => l !== "le" || name.endsWith("_bucket"))])
            if (label !== "le" && label !== "instance")
              expect(has.has(label), `${name} has no label ${label}`).toBe(true);
        }
      }
    }
  });

  it("a coordinator that lost its lock (paused) and was taken over counts no outcome: one per search", async () => {
    const before = await scrapeWorkers();
    const ended = (texts: readonly string[]) =>
      ["solved", "timed_out", "cancelled", "unsolvable", "budget_exhausted", "failed"].reduce(
        (sum, status) => sum + total(texts, "puzzle_worker_searches_total", { status }),
        0,
      );
    const puzzleId = await createPuzzle(client, hardBoards()[6]);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 9 });
    const { jobId } = await api.server.app.prisma.solve.findUniqueOrThrow({
      where: { id: Number(solve.id) },
    });
    const planned = await Promise.any(
      workers.map((w) => w.waitForLog((l) => l.msg === "split search planned" && l.jobId === jobId)),
    );
    const paused = workers.findIndex((w) => w.logs.includes(planned));
    const other = workers[1 - paused];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Paused past its job lock (2 s here): the other worker's coordinator takes the search over.
    workers[paused].signal("SIGSTOP");
    try {
      await other.waitForLog((l) => l.msg === "split search resumed" && l.jobId === jobId, 20_000);
    } finally {
      workers[paused].signal("SIGCONT");
    }
    expect(await waitUntilFinished(client, solve.id, 30_000)).toMatchObject({ status: "TIMED_OUT" });
    await other.waitForLog((l) => l.msg === "search finished" && l.jobId === jobId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await scrapeWorkers();
    expect(ended(after) - ended(before)).toBe(1);
    expect(
      total(after, "puzzle_worker_searches_total", { status: "timed_out" }) -
        total(before, "puzzle_worker_searches_total", { status: "timed_out" }),
    ).toBe(1);
    expect(total(after, "puzzle_worker_active_searches")).toBe(0);
  }, 60_000);

  // Last: it kills a worker.
  it("a coordinator taken over: the survivor counts its own threads' nodes, not the search's total again", async () => {
    const puzzleId = await createPuzzle(client, hardBoards()[7]);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 8 });
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    const planned = await Promise.any(
      workers.map((w) => w.waitForLog((l) => l.msg === "split search planned" && l.jobId === row.jobId)),
    );
    const coordinator = workers.findIndex((w) => w.logs.includes(planned));
    const survivor = 1 - coordinator;
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    await watch.waitFor((event) => (event.threads ?? 0) >= 2 && (event.nodesExpanded ?? 0) > 2_000_000);
    const before = await scrapeWorkers();
    const survivorBefore = sample(before[survivor], "puzzle_worker_nodes_expanded_total") ?? 0;
    const killedCounted = sample(before[coordinator], "puzzle_worker_nodes_expanded_total") ?? 0;
    workers[coordinator].signal("SIGKILL");
    await workers[survivor].waitForLog((l) => l.msg === "split search resumed" && l.jobId === row.jobId);
    expect(await waitUntilFinished(client, solve.id, 30_000)).toMatchObject({ status: "TIMED_OUT" });
    const stored = await rowNodes([solve.id]);
    const text = (await fetch(`${workerOrigins[survivor]}/metrics`).then((r) => r.text())) ?? "";
    const survivorNodes = (sample(text, "puzzle_worker_nodes_expanded_total") ?? 0) - survivorBefore;
    expect(survivorNodes).toBeGreaterThan(0);
    // The stored total includes the killed worker's folded units, which the survivor did not search.
    expect(killedCounted).toBeGreaterThan(0);
    expect(survivorNodes).toBeLessThan(stored);
    expect(sample(text, "puzzle_worker_searches_total", { status: "timed_out" })).toBeGreaterThanOrEqual(1);
    // No unit searched twice: the outcomes pushed while no coordinator read them are folded before
    // the busy units are queued again (a unit that had finished meanwhile was queued anew: a second
    // first run of its job, its nodes counted by the survivor and not stored). A job's second run
    // after the killed worker's death (BullMQ's redelivery) may still bring an unexpected outcome.
    const stopped = await workers[survivor].waitForLog(
      (l) => l.msg === "split search stopped" && l.jobId === row.jobId,
    );
    expect(stopped).toMatchObject({ resumed: true, repeated: 0 });
  }, 60_000);
});
