// The solver pool from dist/ (run `npm run build` first): threads share the main thread's tables,
// searches report progress, and stop when cancelled or out of time with a proven lower bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle, replayMoves } from "../src/core/puzzle.ts";
import type { SearchProgress } from "../src/core/types.ts";
import { SolverPool, solverThreadPath } from "./solver-pool.ts";

const PROBE_TABLE = "test-probe";
// A 4x4 board IDA* with linear conflict needs a few seconds for (optimal length 56).
const HARD = createPuzzle({
  kind: "sliding",
  rows: 4,
  cols: 4,
  start: [11, 7, 8, 3, 5, 13, 9, 15, 14, 6, 2, 12, 4, 10, 1, 0],
});

let pool: SolverPool;
const probeBuffer = new SharedArrayBuffer(1024);

beforeAll(() => {
  pool = new SolverPool(2, { shared: { [PROBE_TABLE]: probeBuffer }, mapped: {} });
});
afterAll(async () => {
  await pool?.close();
});

describe("SolverPool", () => {
  it("loads the bundled thread file even when this module runs from source", () => {
    expect(solverThreadPath()).toMatch(/dist\/bundle\/workers\/solver-thread\.cjs$/);
  });

  it("shares the tables with every thread instead of copying them", async () => {
    // Written after the threads started: a copy would not see it.
    new Int32Array(probeBuffer)[0] = 424242;
    const probes = await Promise.all([pool.probe(PROBE_TABLE, 200), pool.probe(PROBE_TABLE, 200)]);
    expect(new Set(probes.map((p) => p.threadId)).size).toBe(2);
    for (const probe of probes) {
      expect(probe.value).toBe(424242);
      expect(probe.tables[PROBE_TABLE]).toBe(1024);
    }
  });

  it("solves optimally and reports growing bounds", async () => {
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [8, 6, 7, 2, 5, 4, 3, 0, 1] });
    const progress: SearchProgress[] = [];
    const result = await pool.search(
      { spec, algorithm: "idastar", heuristic: "manhattan", timeLimitMs: 60_000 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result).toMatchObject({ status: "solved", length: 31, optimal: true });
    expect(replayMoves(spec, result.moves).solved).toBe(true);
    const bounds = progress.map((p) => p.bound);
    expect(bounds.length).toBeGreaterThan(1);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
  });

  it("stops a search when its signal aborts, keeping the lower bound it proved", async () => {
    const abort = new AbortController();
    const progress: SearchProgress[] = [];
    const searching = pool.search(
      { spec: HARD, algorithm: "idastar", heuristic: "linear-conflict", timeLimitMs: 600_000 },
      {
        signal: abort.signal,
        onProgress: (p) => {
          progress.push(p);
          if (progress.length === 2) abort.abort();
        },
      },
    );
    const result = await searching;
    expect(result.status).toBe("cancelled");
    expect(result.lowerBound).toBeGreaterThanOrEqual(progress[0].bound);
  });

  it("ends a search at its time limit with the best lower bound", async () => {
    const result = await pool.search({
      spec: HARD,
      algorithm: "idastar",
      heuristic: "linear-conflict",
      timeLimitMs: 300,
    });
    expect(result.status).toBe("timed_out");
    expect(result.lowerBound).toBeGreaterThan(30);
    expect(result.lowerBound).toBeLessThanOrEqual(56);
  });
});
