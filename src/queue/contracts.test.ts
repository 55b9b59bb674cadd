import { describe, expect, it } from "vitest";
import { isValidJobId, newSolveJobId } from "./contracts.ts";
import { checkTimeLimit, coreAlgorithm, coreHeuristic } from "./search-options.ts";

describe("job ids", () => {
  it("are valid BullMQ custom ids and unique", () => {
    const ids = new Set(Array.from({ length: 100 }, newSolveJobId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(isValidJobId(id)).toBe(true);
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
