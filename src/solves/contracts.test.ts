import { describe, expect, it } from "vitest";
import type { Solve } from "../generated/prisma/client.ts";
import {
  isValidJobId,
  newSolveJobId,
  searchIdOfUnitJob,
  solveFromMessage,
  solveToMessage,
  unitJobId,
  wholeJobId,
} from "./contracts.ts";
import { checkTimeLimit, coreAlgorithm, coreHeuristic } from "./search-options.ts";

describe("job ids", () => {
  it("are valid BullMQ custom ids and unique", () => {
    const ids = new Set(Array.from({ length: 100 }, newSolveJobId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(isValidJobId(id)).toBe(true);
  });

  it("name their search in unit job ids, split or whole", () => {
    const searchId = newSolveJobId();
    expect(searchIdOfUnitJob(unitJobId(searchId, 12, 3))).toBe(searchId);
    expect(searchIdOfUnitJob(wholeJobId(searchId))).toBe(searchId);
    expect(isValidJobId(wholeJobId(searchId))).toBe(true);
    expect(searchIdOfUnitJob(searchId)).toBeUndefined();
  });

  it("rejects ':' and all-digit ids", () => {
    expect(isValidJobId("solve:1")).toBe(false);
    expect(isValidJobId("12345")).toBe(false);
    expect(isValidJobId("")).toBe(false);
  });
});

describe("search options", () => {
  it("translates stored names to the core's", () => {
    expect(coreAlgorithm("IDA_STAR")).toBe("idastar");
    expect(coreAlgorithm("BFS_TABLE")).toBe("bfs");
    expect(coreHeuristic("LINEAR_CONFLICT")).toBe("linear-conflict");
    expect(coreHeuristic("PDB_663")).toBe("pdb:663");
    expect(() => coreHeuristic("EUCLID")).toThrow(/unknown heuristic/);
  });

  it("bounds the time limit", () => {
    expect(checkTimeLimit(60)).toBe(60);
    expect(() => checkTimeLimit(0)).toThrow(/1 to 3600/);
    expect(() => checkTimeLimit(3601)).toThrow(/1 to 3600/);
    expect(() => checkTimeLimit(1.5)).toThrow();
  });
});

describe("finished-solve messages", () => {
  it("carry a Solve row through JSON unchanged (BigInt and dates included)", () => {
    const solve: Solve = {
      id: 7,
      puzzleId: 3,
      requestedById: null,
      onBehalfOfId: null,
      canonicalKey: "k",
      algorithm: "IDA_STAR",
      heuristic: "AUTO",
      timeLimitSeconds: 60,
      split: false,
      status: "SOLVED",
      jobId: "solve-x",
      cached: false,
      moves: "RDLU",
      length: 4,
      optimal: true,
      lowerBound: 4,
      nodesExpanded: 12_345_678_901n,
      durationMs: 12,
      algorithmUsed: "idastar",
      heuristicUsed: "manhattan",
      unitsTotal: 37,
      provenLowerBound: 3,
      error: null,
      queuedAt: new Date("2026-01-02T03:04:05.006Z"),
      startedAt: new Date("2026-01-02T03:04:05.010Z"),
      finishedAt: null,
    };
    expect(solveFromMessage(JSON.parse(JSON.stringify(solveToMessage(solve))))).toEqual(solve);
  });
});
