// SolveOptions.fromBound: IDA* resumed from a proven lower bound (a whole search after its time
// slice, docs/distributed.md) gives the same optimal length with fewer nodes, in both kernels (the
// built-in Manhattan / linear-conflict one and the pattern databases'), whatever the bound's parity.
import { describe, expect, it } from "vitest";
import { solveWithPartition } from "./pdb/index.ts";
import { solve } from "./solve.ts";
import { applySlidingMoves } from "./sliding/moves.ts";
import { randomSolvableBoard, seededStream } from "./sliding/random-board.ts";
import type { SlidingSpec, SolveOptions, SolveResult } from "./types.ts";

const GOAL_3X4 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
const GOAL_3X3 = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function boards(
  rows: number,
  cols: number,
  goal: readonly number[],
  count: number,
  seed: number,
): SlidingSpec[] {
  const below = seededStream(seed);
  return Array.from({ length: count }, () => ({
    kind: "sliding" as const,
    rows,
    cols,
    start: randomSolvableBoard(cols, goal, below),
    goal: [...goal],
  }));
}

/**
 * Solved from `fromBound`: the same length as `plain`, replayable, no more nodes. Returns the nodes
 * saved by starting at the answer's own length (every iteration below it skipped).
 */
function checkResumed(
  spec: SlidingSpec,
  plain: SolveResult,
  run: (options: SolveOptions) => SolveResult,
): number {
  if (plain.status !== "solved") throw new Error(`not solved: ${plain.status}`);
  const length = plain.length;
  let saved = 0;
  for (const fromBound of [length - 4, length - 2, length - 1, length]) {
    const resumed = run({ fromBound });
    expect(resumed.status).toBe("solved");
    if (resumed.status !== "solved") continue;
    expect(resumed.length).toBe(length);
    expect(applySlidingMoves(spec.rows, spec.cols, spec.start, resumed.moves)).toEqual(spec.goal);
    expect(resumed.nodes).toBeLessThanOrEqual(plain.nodes);
    if (fromBound === length) saved = plain.nodes - resumed.nodes;
  }
  return saved;
}

describe("IDA* from a proven bound (SolveOptions.fromBound)", () => {
  it("keeps linear conflict's optimal lengths on random 3x4 boards, with fewer nodes", () => {
    let saved = 0;
    for (const spec of boards(3, 4, GOAL_3X4, 40, 7)) {
      const options = { algorithm: "idastar", heuristic: "linear-conflict" } as const;
      const plain = solve(spec, options);
      saved += checkResumed(spec, plain, (more) => solve(spec, { ...options, ...more }));
    }
    // Starting at the answer's own bound skips every iteration below it.
    expect(saved).toBeGreaterThan(0);
  });

  it("keeps the pattern databases' optimal lengths on random 3x3 boards", () => {
    const groups = [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ];
    let saved = 0;
    for (const spec of boards(3, 3, GOAL_3X3, 40, 11)) {
      const plain = solveWithPartition(spec, groups);
      saved += checkResumed(spec, plain, (more) => solveWithPartition(spec, groups, more));
    }
    // Starting at the answer's own bound skips every iteration below it.
    expect(saved).toBeGreaterThan(0);
  });

  it("reports a stopped search's lower bound from the bound it was resumed at", () => {
    const [spec] = boards(3, 4, GOAL_3X4, 1, 3);
    const plain = solve(spec, { algorithm: "idastar", heuristic: "manhattan" });
    if (plain.status !== "solved") throw new Error("not solved");
    // Resumed at the answer's length and stopped before the first node: that bound is what it proves.
    const stopped = solve(spec, {
      algorithm: "idastar",
      heuristic: "manhattan",
      fromBound: plain.length,
      isCancelled: () => true,
      maxNodes: 1,
    });
    expect(stopped.status).not.toBe("solved");
    if (stopped.status === "solved") return;
    expect(stopped.lowerBound).toBeGreaterThanOrEqual(plain.length - 1);
  });
});
