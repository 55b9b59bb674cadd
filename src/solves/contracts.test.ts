import { describe, expect, it } from "vitest";
import type { Solve } from "../generated/prisma/client.ts";
import {
  LEGACY_EPOCH,
  isValidJobId,
  newPlanEpoch,
  newSolveJobId,
  parseUnitJobId,
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
    expect(searchIdOfUnitJob(unitJobId(searchId, newPlanEpoch(), 12, 3))).toBe(searchId);
    expect(searchIdOfUnitJob(unitJobId(searchId, LEGACY_EPOCH, 12, 3))).toBe(searchId);
    expect(searchIdOfUnitJob(wholeJobId(searchId))).toBe(searchId);
    expect(isValidJobId(wholeJobId(searchId))).toBe(true);
    // The job that goes on after a time slice has an id of its own, naming the same search.
    expect(wholeJobId(searchId, 2)).not.toBe(wholeJobId(searchId));
    expect(searchIdOfUnitJob(wholeJobId(searchId, 2))).toBe(searchId);
    expect(isValidJobId(wholeJobId(searchId, 2))).toBe(true);
    expect(searchIdOfUnitJob(searchId)).toBeUndefined();
  });
});

describe("plan epochs in unit job ids", () => {
  it("are short, distinct and never the legacy epoch", () => {
    const epochs = Array.from({ length: 100 }, newPlanEpoch);
    for (const epoch of epochs) expect(epoch).toMatch(/^[0-9a-z]{6}$/);
    expect(new Set(epochs).size).toBe(100);
    expect(epochs).not.toContain(LEGACY_EPOCH);
  });

  it("give each plan of a search its own unit job ids", () => {
    const searchId = newSolveJobId();
    const [a, b] = [newPlanEpoch(), newPlanEpoch()];
    expect(unitJobId(searchId, a, 0, 0)).toBe(`unit-${searchId}-${a}-0-0`);
    expect(unitJobId(searchId, a, 0, 0)).not.toBe(unitJobId(searchId, b, 0, 0));
    expect(unitJobId(searchId, a, 0, 0)).not.toBe(unitJobId(searchId, LEGACY_EPOCH, 0, 0));
    // A plan saved by a version before epochs keeps its ids: a coordinator resuming it finds its jobs.
    expect(unitJobId(searchId, LEGACY_EPOCH, 7, 2)).toBe(`unit-${searchId}-7-2`);
    for (const epoch of [a, "000000", "12345a", LEGACY_EPOCH]) {
      const id = unitJobId(searchId, epoch, 15, 4);
      expect(isValidJobId(id)).toBe(true);
      expect(id.length).toBeLessThanOrEqual(60);
      expect(parseUnitJobId(searchId, id)).toEqual({ epoch, unit: 15, round: 4 });
    }
  });

  it("parse only their own search's unit ids", () => {
    const searchId = newSolveJobId();
    const other = newSolveJobId();
    const epoch = newPlanEpoch();
    expect(parseUnitJobId(searchId, unitJobId(other, epoch, 1, 1))).toBeUndefined();
    expect(parseUnitJobId(searchId, wholeJobId(searchId))).toBeUndefined();
    expect(parseUnitJobId(searchId, wholeJobId(searchId, 3))).toBeUndefined();
    expect(parseUnitJobId(searchId, `unit-${searchId}-${epoch}-1`)).toBeUndefined();
    expect(parseUnitJobId(searchId, `unit-${searchId}-abc-1-1`)).toBeUndefined();
    // A search id that is the prefix of another's: the rest must be exactly [epoch-]unit-round.
    expect(parseUnitJobId("s-1", unitJobId("s-1-2", epoch, 3, 4))).toBeUndefined();
    expect(parseUnitJobId("s", unitJobId("s-1-2", LEGACY_EPOCH, 3, 4))).toBeUndefined();
    expect(parseUnitJobId("s-1-2", unitJobId("s-1-2", LEGACY_EPOCH, 3, 4))).toEqual({
      epoch: LEGACY_EPOCH,
      unit: 3,
      round: 4,
    });
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
