// Log lines of pattern-database events: a build starting, and a table whose cached pages were too small
// for 2 MiB entries (large-folios.ts).

import { describe, expect, it } from "vitest";
import { describePdbEvent } from "./describe-event.ts";

const MiB = 2 ** 20;
const table = {
  key: "pdb-4x4-1.2.5.6.9.10",
  rows: 4,
  cols: 4,
  cells: [1, 2, 5, 6, 9, 10],
  entries: 16 * MiB,
};
const path = "/data/pdb-4x4-1.2.5.6.9.10.pdb";

/**
 * A remapped event: `before` and `after` MiB in 2 MiB entries of the 14 MiB that can be, `kept`
 * MiB in blocks the kernel kept a page of.
 */
const remapped = (ms: number, before: number, after: number, kept = 0) =>
  describePdbEvent({
    kind: "remapped",
    table,
    path,
    ms,
    before: before * MiB,
    after: after * MiB,
    possible: 14 * MiB,
    kept: kept * MiB,
  });

describe("describePdbEvent, remapped tables", () => {
  it("says what a repair gained", () => {
    expect(remapped(41.6, 0, 14)).toBe(
      "read pdb-4x4-1.2.5.6.9.10 again in 42 ms: its cached pages were 4 KiB folios, now 14.0 MiB of 14.0 MiB in 2 MiB pages (was 0.0 MiB)",
    );
  });

  it("says what the kernel kept", () => {
    expect(remapped(41.6, 0, 10, 4)).toBe(
      "read pdb-4x4-1.2.5.6.9.10 again in 42 ms: its cached pages were 4 KiB folios, now 10.0 MiB of 14.0 MiB in 2 MiB pages (was 0.0 MiB); 4.0 MiB kept pages the kernel would not drop yet",
    );
  });

  it("says why a table stays in 4 KiB pages and what it costs", () => {
    const line = remapped(3, 2, 2, 12);
    expect(line).toMatch(
      /^pdb-4x4-1\.2\.5\.6\.9\.10 stays in 4 KiB pages \(2\.0 MiB of 14\.0 MiB in 2 MiB pages\)/,
    );
    expect(line).toContain("another process maps them, or they were read a moment ago");
  });
});

describe("describePdbEvent, a build starting", () => {
  const building = (forced: boolean) =>
    describePdbEvent({
      kind: "building",
      table,
      path,
      partition: "663",
      tables: 3,
      threads: 2,
      estimate: "~5-10 s",
      forced,
    });

  it("says which tables are missing on a first run", () => {
    expect(building(false)).toBe(
      "building pattern databases (first run, ~5-10 s): pdb:663, 3 table(s) missing, 2 at a time",
    );
  });

  it("says a forced build is a rebuild, not a first run of missing tables", () => {
    expect(building(true)).toBe(
      "rebuilding pattern databases (forced, ~5-10 s): pdb:663, 3 table(s), 2 at a time",
    );
  });
});
