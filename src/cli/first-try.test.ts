import { describe, expect, it } from "vitest";
import { solvedResult, stoppedResult } from "../core/results.ts";
import { afterFirstTry, withFirstTry } from "./first-try.ts";

const figures = (nodes: number, elapsedMs: number) => ({ algorithm: "idastar", nodes, elapsedMs });

describe("a split search's first try", () => {
  it("is the answer when it solved the puzzle or met the user's own limits", () => {
    const options = { timeLimitMs: 1000, maxNodes: 10_000 };
    expect(afterFirstTry(solvedResult("UU", figures(2, 1)), options)).toBeNull();
    expect(afterFirstTry(stoppedResult("timed_out", 40, figures(500, 1000)), options)).toBeNull();
    expect(afterFirstTry(stoppedResult("budget_exhausted", 40, figures(10_000, 20)), options)).toBeNull();
  });

  it("stopped because the threads are up: the split goes on with what is left of the budgets", () => {
    const first = stoppedResult("cancelled", 44, figures(3000, 45));
    expect(afterFirstTry(first, { timeLimitMs: 1000, maxNodes: 10_000 })).toEqual({
      timeLimitMs: 955,
      maxNodes: 7000,
    });
    expect(afterFirstTry(first, {})).toEqual({ timeLimitMs: undefined, maxNodes: undefined });
  });

  it("adds its work and time to the split's result, and keeps the better lower bound", () => {
    const first = stoppedResult("cancelled", 46, figures(3000, 45));
    expect(withFirstTry(first, solvedResult("UULL", figures(7000, 100)))).toMatchObject({
      status: "solved",
      nodes: 10_000,
      elapsedMs: 145,
      lowerBound: 4,
    });
    expect(withFirstTry(first, stoppedResult("timed_out", 44, figures(7000, 100)))).toMatchObject({
      status: "timed_out",
      nodes: 10_000,
      lowerBound: 46,
    });
  });
});
