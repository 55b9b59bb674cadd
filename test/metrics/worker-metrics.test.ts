// A worker process' own GET /metrics (WORKER_METRICS_PORT): searches by status, nodes expanded,
// queue wait, threads, table preparation time, and Node.js process metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  IDA_LC,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { sample } from "./exposition.ts";

const api = useTestServer();
let worker: WorkerProcess;
let metricsUrl: string;

beforeAll(async () => {
  // No daily puzzles: their proofs would add searches to the counts this test reads.
  worker = await startWorker(api, { WORKER_METRICS_PORT: "0", SOLVER_THREADS: "2", DAILY_PUZZLES: "false" });
  const line = await worker.waitForLog((entry) => entry.msg === "metrics endpoint listening");
  metricsUrl = `http://127.0.0.1:${line.port as number}/metrics`;
});

afterAll(async () => {
  await worker?.stop();
});

describe("worker GET /metrics", () => {
  it("counts searches, nodes and queue wait, and shows threads and table preparation", async () => {
    const { client } = await api.client().signUp();
    const solve = await requestSolve(client, await createPuzzle(client, BOARDS.quick), IDA_LC);
    expect(await waitUntilFinished(client, solve.id)).toMatchObject({ status: "SOLVED" });
    await worker.waitForLog((line) => line.msg === "search finished");

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(sample(text, "puzzle_worker_searches_total", { status: "solved", role: "worker" })).toBe(1);
    expect(sample(text, "puzzle_worker_search_duration_seconds_count", { status: "solved" })).toBe(1);
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(sample(text, "puzzle_worker_nodes_expanded_total")).toBe(Number(row.nodesExpanded));
    expect(sample(text, "puzzle_worker_job_wait_seconds_count")).toBe(1);
    expect(sample(text, "puzzle_worker_active_searches")).toBe(0);
    expect(sample(text, "puzzle_worker_threads")).toBe(2);
    expect(sample(text, "puzzle_worker_tables_prepare_seconds")).toBeGreaterThan(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect((await fetch(metricsUrl.replace("/metrics", "/nothing"))).status).toBe(404);
  });
});
