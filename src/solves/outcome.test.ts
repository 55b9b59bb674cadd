import { describe, expect, it } from "vitest";
import { stoppedResult } from "../core/results.ts";
import type { StopReason } from "../core/types.ts";
import { outcomeOfResult } from "./outcome.ts";

const stopped = (reason: StopReason) =>
  stoppedResult(reason, 44, {
    algorithm: "idastar",
    heuristic: "linear-conflict",
    nodes: 1000,
    elapsedMs: 12,
  });

describe("outcomeOfResult", () => {
  it("keeps the proven lower bound of a stopped search, with error null unless FAILED (the schema's Solve.error)", () => {
    const expected = { moves: null, length: null, optimal: null, lowerBound: 44, error: null };
    expect(outcomeOfResult(stopped("timed_out"))).toMatchObject({ status: "TIMED_OUT", ...expected });
    expect(outcomeOfResult(stopped("budget_exhausted"))).toMatchObject({ status: "TIMED_OUT", ...expected });
    expect(outcomeOfResult(stopped("cancelled"))).toMatchObject({
      status: "CANCELLED",
      ...expected,
      nodesExpanded: 1000,
      durationMs: 12,
      algorithmUsed: "idastar",
      heuristicUsed: "linear-conflict",
    });
  });
});
