// A worker started with a pattern database missing from PDB_DIR builds it before it takes a job,
// a partition's tables at the same time on its solver threads (as `puzzle pdb build`), says so in
// its log, saves the files, and then serves searches with it.
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { pdbTableSpecs } from "../../src/core/pdb/index.ts";
import { tablePath } from "../../src/pdb-store/load-table.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  scratchPdbDir,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const pdbDir = scratchPdbDir("worker-build-pdb-");
let worker: WorkerProcess | undefined;
let lacking: WorkerProcess | undefined;

afterAll(async () => {
  await Promise.all([worker?.stop(), lacking?.stop()]);
});

describe("a worker whose pattern database is missing", () => {
  it("builds the partition's tables on its threads at start-up, then searches with them", async () => {
    worker = await startWorker(api, {
      PDB_DIR: pdbDir,
      WORKER_PDBS: "555",
      SOLVER_THREADS: "2",
      DAILY_PUZZLES: "false",
    });
    const tables = pdbTableSpecs("pdb:555");
    expect(tables.length).toBeGreaterThan(1);
    const messages = worker.logs.map((line) => String(line.msg));
    expect(messages).toContain(
      messages.find((msg) => msg.endsWith(`pdb:555, ${tables.length} table(s) missing, 2 at a time`)),
    );
    expect(messages.filter((msg) => msg.startsWith("built pdb-4x4-"))).toHaveLength(tables.length);
    for (const table of tables) expect(existsSync(tablePath(table, pdbDir))).toBe(true);

    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.quick);
    const solve = await requestSolve(client, puzzleId, { algorithm: "IDA_STAR", heuristic: "PDB_555" });
    const done = await waitUntilFinished(client, solve.id, 20_000);
    expect(done).toMatchObject({ status: "SOLVED", optimal: true, length: 50 });
  }, 60_000);

  it("serves a split search beside a worker lacking the table: its units go back for the holder", async () => {
    expect(worker).toBeDefined();
    lacking = await startWorker(api, {
      PDB_DIR: scratchPdbDir("worker-lacks-pdb-"),
      WORKER_PDBS: "none",
      SOLVER_THREADS: "2",
      DAILY_PUZZLES: "false",
    });
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.second);
    const solve = await requestSolve(client, puzzleId, {
      algorithm: "IDA_STAR",
      heuristic: "PDB_555",
      split: true,
    });
    const done = await waitUntilFinished(client, solve.id, 60_000);
    expect(done).toMatchObject({ status: "SOLVED", optimal: true, split: true });
    // The worker without the table took units (it has free threads too) and left each for the holder.
    const left = lacking.logs.filter((line) => line.msg === "unit left for a worker holding its table");
    expect(left.length).toBeGreaterThan(0);
    for (const line of left) expect(line.pdb).toBe("555");
    expect(lacking.logs.filter((line) => line.msg === "search failed")).toHaveLength(0);
  }, 90_000);
});
