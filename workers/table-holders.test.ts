import { describe, expect, it } from "vitest";
import { MAX_RUNS_WAITING_FOR_HOLDER, waitsForHolder } from "./table-holders.ts";

describe("a unit that failed for want of a pattern database", () => {
  const holders = { "6666": ["worker-a"], "663": ["worker-a", "worker-b"] };

  it("waits when another live worker holds the table", () => {
    expect(waitsForHolder("6666", holders, "worker-b", 1)).toBe(true);
    expect(waitsForHolder("663", holders, "worker-a", 1)).toBe(true);
  });

  it("fails when no live worker holds it", () => {
    expect(waitsForHolder("78", holders, "worker-b", 1)).toBe(false);
  });

  it("fails when only the worker that failed holds it (its threads lack what its process loaded)", () => {
    expect(waitsForHolder("6666", holders, "worker-a", 1)).toBe(false);
  });

  it("stops waiting once the job has run as often as the limit allows", () => {
    expect(waitsForHolder("6666", holders, "worker-b", MAX_RUNS_WAITING_FOR_HOLDER - 1)).toBe(true);
    expect(waitsForHolder("6666", holders, "worker-b", MAX_RUNS_WAITING_FOR_HOLDER)).toBe(false);
  });
});
