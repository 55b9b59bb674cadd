// Which searches run as units of a split search, and which as one whole unit; which split searches
// first try whole.
import { describe, expect, it } from "vitest";
import { createPuzzle } from "../src/core/puzzle.ts";
import type { SolveJobData } from "../src/solves/index.ts";
import { runsSplit, triesFirst } from "./split-coordinator.ts";

const board4 = [15, 1, 14, 9, 8, 3, 7, 11, 5, 2, 10, 6, 13, 4, 12, 0];

function job(
  overrides: Partial<SolveJobData> & { start?: number[]; rows?: number; cols?: number } = {},
): SolveJobData {
  const { start = board4, rows, cols, ...rest } = overrides;
  const size = Math.sqrt(start.length);
  return {
    puzzleId: 1,
    canonicalKey: "k",
    spec: createPuzzle({ kind: "sliding", rows: rows ?? size, cols: cols ?? size, start }),
    algorithm: "auto",
    heuristic: "auto",
    timeLimitMs: 60_000,
    ...rest,
  };
}

describe("runsSplit", () => {
  it("splits AUTO and IDA* searches of 4x4 and 5x5 boards", () => {
    expect(runsSplit(job())).toBe(true);
    expect(runsSplit(job({ algorithm: "idastar", heuristic: "linear-conflict" }))).toBe(true);
    const board5 = [...Array.from({ length: 24 }, (_, i) => i + 1), 0];
    [board5[23], board5[24]] = [board5[24], board5[23]];
    expect(runsSplit(job({ start: board5 }))).toBe(true);
  });

  it("splits AUTO searches of rectangular boards of 15 cells or more; smaller ones run whole", () => {
    /** A rows x cols board one move from its goal (the blank one cell left of its place). */
    const near = (rows: number, cols: number) => {
      const start = [...Array.from({ length: rows * cols - 2 }, (_, i) => i + 1), 0, rows * cols - 1];
      return job({ start, rows, cols });
    };
    for (const [rows, cols] of [
      [3, 5],
      [5, 3],
      [4, 5],
      [5, 4],
    ]) {
      expect(runsSplit(near(rows, cols))).toBe(true);
      expect(runsSplit({ ...near(rows, cols), split: false })).toBe(false);
      expect(runsSplit({ ...near(rows, cols), algorithm: "astar" })).toBe(false);
    }
    for (const [rows, cols] of [
      [3, 4],
      [4, 3],
      [2, 5],
      [5, 2],
      [2, 4],
    ]) {
      expect(runsSplit(near(rows, cols))).toBe(false);
      // split: true still forces it on any board of more than 9 cells.
      expect(runsSplit({ ...near(rows, cols), split: true })).toBe(rows * cols > 9);
    }
  });

  it("runs A*, split: false, rotation boards and 3x3 as one whole unit", () => {
    expect(runsSplit(job({ algorithm: "astar" }))).toBe(false);
    expect(runsSplit(job({ split: false }))).toBe(false);
    expect(runsSplit(job({ start: [1, 2, 3, 4, 5, 6, 7, 0, 8] }))).toBe(false);
    const rotation = {
      ...job(),
      spec: createPuzzle({
        kind: "rotation",
        start: [...Array(8).fill(1), ...Array(8).fill(2), ...Array(8).fill(3)] as number[],
      }),
    };
    expect(runsSplit(rotation)).toBe(false);
  });

  it("never splits an unsolvable board", () => {
    const swapped = [...board4];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(runsSplit(job({ start: swapped, split: true }))).toBe(false);
  });
});

describe("triesFirst", () => {
  it("gives AUTO split searches a whole first try; split: true splits at once; whole searches have none", () => {
    expect(triesFirst(job())).toBe(true);
    expect(triesFirst(job({ algorithm: "idastar", heuristic: "linear-conflict" }))).toBe(true);
    expect(triesFirst(job({ split: true }))).toBe(false);
    expect(triesFirst(job({ split: false }))).toBe(false);
    expect(triesFirst(job({ algorithm: "astar" }))).toBe(false);
    expect(triesFirst(job({ start: [1, 2, 3, 4, 5, 6, 7, 0, 8] }))).toBe(false);
  });
});
