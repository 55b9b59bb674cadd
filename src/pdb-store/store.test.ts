// Table files: a saved table loads back byte for byte; a flipped byte, a cut-off file, a foreign
// header or a wrong size is rejected, and ensurePdb replaces a bad file by a rebuilt one.
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildPatternTable } from "../core/pdb/build.ts";
import { pdbTableSpecs } from "../core/pdb/index.ts";
import type { TableSpec } from "../core/pdb/layout.ts";
import { hasTable } from "../core/tables.ts";
import { PdbFileError, readTableFile, writeTableFile } from "./file-format.ts";
import { type PdbEvent, ensurePdb, loadTable, tablePath } from "./store.ts";

const dir = mkdtempSync(join(tmpdir(), "pdb-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const table: TableSpec = {
  key: "pdb-3x3-1.2.3.4",
  rows: 3,
  cols: 3,
  cells: [1, 2, 3, 4],
  entries: 9 * 8 * 7 * 6,
};
const data = buildPatternTable(3, 3, table.cells);

function rejection(path: string, spec: TableSpec = table): string {
  try {
    readTableFile(path, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(PdbFileError);
    return (error as PdbFileError).reason;
  }
  throw new Error("file was accepted");
}

describe("pattern database files", () => {
  it("round-trips a table (mapped, or read: mapping.test.ts)", () => {
    const path = join(dir, "round.pdb");
    const header = writeTableFile(path, table, "test", data);
    expect(header.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    const loaded = readTableFile(path, table);
    expect(loaded.data.length).toBe(table.entries);
    expect(Buffer.compare(Buffer.from(loaded.data), Buffer.from(data))).toBe(0);
    expect(loaded.header.partition).toBe("test");
  });

  it("rejects a corrupted byte", () => {
    const path = join(dir, "corrupt.pdb");
    writeTableFile(path, table, "test", data);
    const bytes = readFileSync(path);
    bytes[bytes.length - 100] ^= 0x01;
    writeFileSync(path, bytes);
    expect(rejection(path)).toBe("checksum");
  });

  it("rejects a truncated file", () => {
    const path = join(dir, "short.pdb");
    writeTableFile(path, table, "test", data);
    truncateSync(path, statSync(path).size - 1);
    expect(rejection(path)).toBe("truncated");
    truncateSync(path, 5);
    expect(rejection(path)).toBe("truncated");
  });

  it("rejects a file holding another table, or no table at all", () => {
    const path = join(dir, "other.pdb");
    writeTableFile(path, table, "test", data);
    expect(rejection(path, { ...table, key: "pdb-3x3-5.6.7.8", cells: [5, 6, 7, 8] })).toBe("mismatch");
    writeFileSync(path, "not a table at all, just some text");
    expect(rejection(path)).toBe("bad-header");
    expect(rejection(join(dir, "absent.pdb"))).toBe("missing");
  });

  it("ensurePdb builds and saves missing tables, then rebuilds a corrupted one", () => {
    const events: PdbEvent[] = [];
    const fractions: number[] = [];
    ensurePdb("555", {
      dir,
      force: true,
      onEvent: (e) => events.push(e),
      onProgress: (f) => fractions.push(f),
    });
    const specs = pdbTableSpecs("555");
    expect(events.filter((e) => e.kind === "saved")).toHaveLength(specs.length);
    expect(specs.every((t) => hasTable(t.key))).toBe(true);
    expect(fractions.at(-1)).toBe(1);

    const path = tablePath(specs[0], dir);
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(path, bytes);
    // What a fresh process does on start-up: the bad file is reported and removed, never used...
    events.length = 0;
    expect(loadTable(specs[0], { dir, onEvent: (e) => events.push(e) })).toBe(false);
    expect(events.map((e) => e.kind)).toEqual(["rejected"]);
    expect(existsSync(path)).toBe(false);
    // ...and rebuilt.
    ensurePdb("555", { dir, force: true });
    expect(readTableFile(path, specs[0]).data.length).toBe(specs[0].entries);
  });
});
