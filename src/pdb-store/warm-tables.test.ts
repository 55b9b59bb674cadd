// A worker keeps its mapped tables in memory by reading a byte of every page once per period: on
// the real kernel, the reads mark every page of the mapping accessed (smaps' Referenced), which is
// what a host's proactive reclaim looks at before it pages memory out.
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type StoredTable, writeTableFile } from "./file-format.ts";
import { loadTable, tablePath } from "./load-table.ts";
import { WarmTables, touchPages } from "./warm-tables.ts";

const MiB = 2 ** 20;

describe("touchPages", () => {
  it("reads the first byte of every page in the range", () => {
    const bytes = new Uint8Array(5 * 4096);
    for (let page = 0; page < 5; page++) bytes[page * 4096] = page + 1;
    bytes[1] = 100; // not a page's first byte
    expect(touchPages(bytes, 0, bytes.length)).toBe(1 + 2 + 3 + 4 + 5);
    expect(touchPages(bytes, 4096, 3 * 4096)).toBe(2 + 3);
  });
});

const dir = mkdtempSync(join(tmpdir(), "pdb-warm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** smaps' Referenced bytes of this process's mappings of `path` at `offset`, summed. */
function referenced(path: string, offset: number): number {
  const fd = openSync(path, "r");
  const inode = fstatSync(fd).ino;
  closeSync(fd);
  let total = 0;
  let inside = false;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ ([0-9a-f]+) \S+ (\d+)/.exec(line);
    if (head !== null) inside = Number(head[2]) === inode && Number.parseInt(head[1], 16) === offset;
    const field = /^Referenced:\s+(\d+) kB/.exec(line);
    if (inside && field !== null) total += Number(field[1]) * 1024;
  }
  return total;
}

describe.runIf(process.platform === "linux")("WarmTables, on this kernel", () => {
  it("reads every page of the mapped tables once per period, a slice per step", () => {
    const table: StoredTable = { key: "pdb-test-warm", rows: 4, cols: 4, cells: [1, 2, 3], entries: 6 * MiB };
    writeTableFile(tablePath(table, dir), table, "warm", new Uint8Array(table.entries).fill(7));
    expect(loadTable(table, { dir })).toBe(true);
    const path = tablePath(table, dir);

    const warm = new WarmTables({ periodMs: 3000, stepMs: 1000 });
    expect(warm.pages).toBe((6 * MiB) / 4096);
    warm.step(); // faults every page in: what follows sees only the accessed bits
    warm.step();
    warm.step();
    writeFileSync("/proc/self/clear_refs", "1"); // every page of this process: not accessed
    expect(referenced(path, 4096)).toBe(0);
    expect(warm.step()).toBe((2 * MiB) / 4096); // a third of the pages per step
    // At least those pages (a 2 MiB entry's accessed bit covers its whole block), not all.
    expect(referenced(path, 4096)).toBeGreaterThanOrEqual(2 * MiB);
    expect(referenced(path, 4096)).toBeLessThan(6 * MiB);
    warm.step();
    warm.step();
    // Every page, but for a few whose accessed bit the kernel's own aging can clear between the
    // read and this check (2-4 pages seen here, with DAMON sampling the machine's memory).
    expect(referenced(path, 4096)).toBeGreaterThanOrEqual(6 * MiB - 64 * 1024);
  });
});
