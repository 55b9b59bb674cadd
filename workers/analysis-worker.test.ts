// An analysis job's proofs: once one position's proof fails, the job fails and the other lanes take
// no further position (they went on proving, up to two minutes each, for a job already failed).
// A scripted pool stands in for the solver threads; the lanes' scheduling is what is tested.
import { describe, expect, it } from "vitest";
import type { SolveResult } from "../src/core/types.ts";
import { provePositions } from "./analysis-worker.ts";

const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

function scriptedPool(outcome: (position: number) => { status: string; ms: number }) {
  const searched: number[] = [];
  return {
    searched,
    pool: {
      threads: 2,
      async search(request: { spec: { start: number[] } }): Promise<SolveResult> {
        const position = request.spec.start[0];
        searched.push(position);
        const { status, ms } = outcome(position);
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { status, length: 1, moves: "L" } as unknown as SolveResult;
      },
    },
  };
}

/** Six positions told apart by their first cell. */
const job = {
  data: { rows: 4, cols: 4, goal: GOAL, positions: [0, 1, 2, 3, 4, 5].map((i) => [i, ...GOAL.slice(1)]) },
  updateProgress: async () => {},
};

describe("an analysis job's proofs", () => {
  it("stop taking positions once one proof failed", async () => {
    const { pool, searched } = scriptedPool((position) =>
      position === 0 ? { status: "timed_out", ms: 0 } : { status: "solved", ms: 30 },
    );
    await expect(provePositions(pool as never, job as never)).rejects.toThrow(
      "position 0: the proof ended timed_out",
    );
    // The other lane finishes the proof it had started, and takes no other.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(searched).toEqual([0, 1]);
  });

  it("proves every position when all succeed", async () => {
    const { pool, searched } = scriptedPool(() => ({ status: "solved", ms: 5 }));
    const result = await provePositions(pool as never, job as never);
    expect(result.distances).toEqual([1, 1, 1, 1, 1, 1]);
    expect([...searched].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
