// A job rebuilt from its Solve row (the reconciler's, after Redis lost it) carries what the search had
// got to: its start (the time limit's clock) and the bound it had proved (the new plan starts there).
import { describe, expect, it } from "vitest";
import { createPuzzle } from "../core/puzzle.ts";
import { searchJobData } from "./job-data.ts";

const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
const row = {
  puzzleId: 3,
  canonicalKey: "k",
  algorithm: "IDA_STAR" as const,
  heuristic: "LINEAR_CONFLICT",
  timeLimitSeconds: 60,
  requestedById: 5,
};

describe("searchJobData", () => {
  it("carries the row's start and stored proven bound", () => {
    const startedAt = new Date("2026-12-01T05:00:00.000Z");
    expect(searchJobData({ ...row, startedAt, provenLowerBound: 52 }, spec)).toMatchObject({
      startedAt: startedAt.getTime(),
      provenLowerBound: 52,
      timeLimitMs: 60_000,
      owner: "user:5",
    });
  });

  it("leaves them out for a Solve that never ran or stored no bound", () => {
    const data = searchJobData({ ...row, startedAt: null, provenLowerBound: null }, spec);
    expect(data).not.toHaveProperty("startedAt");
    expect(data).not.toHaveProperty("provenLowerBound");
    expect(searchJobData(row, spec)).not.toHaveProperty("provenLowerBound");
  });
});
