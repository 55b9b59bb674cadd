import { describe, expect, it } from "vitest";
import { solvedResult, stoppedResult } from "../core/results.ts";
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
      unitsTotal: null,
    });
  });

  it("keeps a split search's work units, and null for a search run whole", () => {
    const figures = { algorithm: "idastar", heuristic: "pdb:663+reflect", nodes: 5, elapsedMs: 1 };
    expect(outcomeOfResult(solvedResult("RD", { ...figures, units: 48 }))).toMatchObject({
      status: "SOLVED",
      length: 2,
      unitsTotal: 48,
    });
    expect(outcomeOfResult(solvedResult("RD", figures)).unitsTotal).toBeNull();
  });
});
