import { describe, expect, it } from "vitest";
import { storedAlgorithmUsed } from "./search-options.ts";

describe("storedAlgorithmUsed", () => {
  it("names what ran in the schema's SolveAlgorithm values", () => {
    expect(storedAlgorithmUsed("idastar")).toBe("IDA_STAR");
    expect(storedAlgorithmUsed("rotation-idastar")).toBe("IDA_STAR");
    expect(storedAlgorithmUsed("astar")).toBe("ASTAR");
    expect(storedAlgorithmUsed("bfs-table")).toBe("BFS_TABLE");
    expect(storedAlgorithmUsed("rotation-table")).toBe("BFS_TABLE");
  });

  it("answers null when no search ran", () => {
    expect(storedAlgorithmUsed(null)).toBeNull();
    expect(storedAlgorithmUsed("solvability")).toBeNull();
  });

  it("refuses a name it does not know rather than guessing", () => {
    expect(() => storedAlgorithmUsed("dfs")).toThrow(/unknown algorithm_used "dfs"/);
  });
});
