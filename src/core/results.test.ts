// Each outcome has one constructor; the fields every result carries (for the CLI's JSON and the
// result columns) have the one value their variant allows.
import { describe, expect, it } from "vitest";
import { solvedResult, stoppedResult, unsolvableResult } from "./results.ts";

const figures = { algorithm: "idastar", heuristic: "manhattan", nodes: 42, elapsedMs: 1.5 };

describe("result constructors", () => {
  it("solved: the moves, their length, optimal, and the length as lower bound", () => {
    expect(solvedResult("RDR", figures)).toEqual({
      status: "solved",
      moves: "RDR",
      length: 3,
      algorithm: "idastar",
      heuristic: "manhattan",
      nodes: 42,
      elapsedMs: 1.5,
      optimal: true,
      lowerBound: 3,
    });
    expect(solvedResult("", figures)).toMatchObject({ moves: "", length: 0, lowerBound: 0 });
    const rotation = solvedResult("AC", { algorithm: "rotation-table", nodes: 9, elapsedMs: 0 }, 2);
    expect(rotation.centre).toBe(2);
    expect(Object.keys(rotation)).not.toContain("heuristic");
    expect(Object.keys(solvedResult("R", figures))).not.toContain("centre");
    expect(Object.keys(solvedResult("R", figures))).not.toContain("units");
    expect(solvedResult("R", { ...figures, units: 12 }).units).toBe(12);
  });

  it("unsolvable: no moves, length -1, not optimal, lower bound -1, whoever finds it", () => {
    for (const found of [
      { algorithm: "solvability", nodes: 0, elapsedMs: 0.1 },
      { algorithm: "bfs-table", nodes: 0, elapsedMs: 0 },
      { algorithm: "idastar", heuristic: "pdb:663+reflect", nodes: 0, elapsedMs: 0.2 },
    ]) {
      expect(unsolvableResult(found)).toEqual({
        status: "unsolvable",
        moves: "",
        length: -1,
        ...found,
        optimal: false,
        lowerBound: -1,
      });
    }
    expect(Object.keys(unsolvableResult({ algorithm: "solvability", nodes: 0, elapsedMs: 0 }))).not.toContain(
      "heuristic",
    );
  });

  it("stopped: the reason as status, no moves, and the proven lower bound", () => {
    for (const reason of ["timed_out", "cancelled", "budget_exhausted"] as const) {
      const result = stoppedResult(reason, 38, figures);
      expect(result).toEqual({
        status: reason,
        moves: "",
        length: -1,
        ...figures,
        optimal: false,
        lowerBound: 38,
      });
      expect(result.centre).toBeUndefined();
      expect(stoppedResult(reason, 38, { ...figures, units: 40 })).toMatchObject({
        status: reason,
        units: 40,
      });
    }
  });
});
