// Loading tables fast: files written now have their data page-aligned and are mapped (shared by
// every process) when the mapping package is installed; a file of the old layout is read, then
// rewritten aligned; the checksum is computed once per version of a file; a direct-address copy
// is tied to the table it was laid out from; solver threads see mapped tables without a copy.

import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildPatternTable } from "../core/pdb/build.ts";
import type { TableSpec } from "../core/pdb/layout.ts";
import { getTable } from "../core/tables.ts";
import { DATA_ALIGNMENT, PdbFileError, readTableFile, writeTableFile } from "./file-format.ts";
import { type PdbEvent, loadTable } from "./load-table.ts";
import { canMap, setMapping } from "./mapped-file.ts";
import { tablesForThreads } from "./thread-tables.ts";

const dir = mkdtempSync(join(tmpdir(), "pdb-mapping-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => setMapping(true));

const spec = (cells: number[]): TableSpec => ({
  key: `pdb-3x3-${cells.join(".")}`,
  rows: 3,
  cols: 3,
  cells,
  entries: [9, 8, 7, 6, 5].slice(0, cells.length).reduce((a, b) => a * b, 1),
});
const table = spec([1, 2, 3, 4]);
const data = buildPatternTable(3, 3, table.cells);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The file as written before 2026-11-24: the JSON header right after the prefix, no padding. */
function writeOldLayout(path: string, bytes: Uint8Array, of: TableSpec = table): void {
  writeTableFile(path, of, "test", bytes);
  const file = readFileSync(path);
  const length = file.readUInt32LE(8);
  const json = Buffer.from(
    file
      .subarray(12, 12 + length)
      .toString("utf8")
      .trimEnd(),
  );
  const prefix = Buffer.from(file.subarray(0, 12));
  prefix.writeUInt32LE(json.length, 8);
  writeFileSync(path, Buffer.concat([prefix, json, file.subarray(12 + length)]));
}

describe("table files, mapped", () => {
  it("the mapping package is installed and built here", () => {
    expect(canMap()).toBe(true);
  });

  it("writes the data page-aligned and maps it: the same bytes, not a copy", () => {
    const path = join(dir, "aligned.pdb");
    writeTableFile(path, table, "test", data);
    const loaded = readTableFile(path, table);
    expect(loaded.offset % DATA_ALIGNMENT).toBe(0);
    expect(loaded.fd).toBeTypeOf("number");
    expect(loaded.data.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(sha(loaded.data)).toBe(sha(data));
    // An older reader (no padding expected) still accepts the file: JSON ignores the spaces.
    const file = readFileSync(path);
    const header = JSON.parse(file.subarray(12, 12 + file.readUInt32LE(8)).toString("utf8"));
    expect(header.key).toBe(table.key);
  });

  it.runIf(process.platform === "linux")(
    "asks the kernel for random access and huge pages on the mapping (VmFlags rr and hg)",
    () => {
      const path = join(dir, "advised.pdb");
      writeTableFile(path, table, "test", data);
      const loaded = readTableFile(path, table);
      expect(loaded.data[0]).toBe(data[0]);
      // The mapping's entry in /proc/self/smaps: its header line names the file, VmFlags follows.
      const smaps = readFileSync("/proc/self/smaps", "utf8").split("\n");
      const at = smaps.findIndex((line) => line.endsWith(path));
      expect(at).toBeGreaterThanOrEqual(0);
      const flags = smaps.slice(at + 1).find((line) => line.startsWith("VmFlags:")) ?? "";
      expect(flags.split(/\s+/)).toEqual(expect.arrayContaining(["rr", "hg"]));
    },
  );

  it("reads into a SharedArrayBuffer when mapping is off", () => {
    const path = join(dir, "read.pdb");
    writeTableFile(path, table, "test", data);
    setMapping(false);
    const loaded = readTableFile(path, table);
    expect(loaded.fd).toBeUndefined();
    expect(loaded.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sha(loaded.data)).toBe(sha(data));
  });

  it("reads a file of the old layout, then rewrites it aligned so that the next load maps it", () => {
    const old = spec([5, 6, 7]);
    const oldData = buildPatternTable(3, 3, old.cells);
    const path = join(dir, `${old.key}.pdb`);
    writeOldLayout(path, oldData, old);
    expect(readTableFile(path, old).fd).toBeUndefined();

    const events: PdbEvent[] = [];
    expect(loadTable(old, { dir, onEvent: (e) => events.push(e) })).toBe(true);
    expect(events.map((e) => e.kind)).toEqual(["loaded", "realigned"]);
    const again = readTableFile(path, old);
    expect(again.offset % DATA_ALIGNMENT).toBe(0);
    expect(again.fd).toBeTypeOf("number");
    expect(sha(again.data)).toBe(sha(oldData));
  });
});

describe("checksums, once per version of a file", () => {
  it("a file changed after its check is hashed again and rejected", () => {
    const path = join(dir, "changed.pdb");
    writeTableFile(path, table, "test", data);
    readTableFile(path, table); // verified (stamp written)
    writeOldLayout(path, data); // same data, new layout: a new version, verified again
    expect(sha(readTableFile(path, table).data)).toBe(sha(data));
    const bytes = readFileSync(path);
    bytes[bytes.length - 7] ^= 0x10;
    writeFileSync(path, bytes);
    expect(() => readTableFile(path, table)).toThrow(PdbFileError);
  });

  it("a byte flipped in place with the old modification time put back passes, unless verify is asked", () => {
    const path = join(dir, "in-place.pdb");
    writeTableFile(path, table, "test", data);
    readTableFile(path, table);
    const before = statSync(path);
    const bytes = readFileSync(path);
    bytes[bytes.length - 3] ^= 0x01;
    writeFileSync(path, bytes); // same inode and size
    utimesSync(path, before.atime, before.mtime);
    // What the stamp cannot see (documented in docs/pdb.md): the file looks unchanged.
    if (statSync(path).mtimeMs === before.mtimeMs) expect(() => readTableFile(path, table)).not.toThrow();
    expect(() => readTableFile(path, table, { verify: true })).toThrow(/checksum/);
  });

  it("a direct-address copy names the table it was laid out from: another source is a mismatch", () => {
    const path = join(dir, "direct.pdb");
    const direct = { ...table, key: `${table.key}@direct`, entries: 9 ** 4, encoding: "direct" as const };
    writeTableFile(path, { ...direct, source: "sha256:aaaa" }, "test", new Uint8Array(9 ** 4));
    expect(readTableFile(path, { ...direct, source: "sha256:aaaa" }).data.length).toBe(9 ** 4);
    try {
      readTableFile(path, { ...direct, source: "sha256:bbbb" });
      throw new Error("accepted");
    } catch (error) {
      expect((error as PdbFileError).reason).toBe("mismatch");
    }
    expect(existsSync(`${path}.verified`)).toBe(true);
  });
});

describe("mapped tables in solver threads", () => {
  it("a thread maps the same file again and sees the same bytes", async () => {
    const shared = spec([1, 2, 5]);
    const sharedData = buildPatternTable(3, 3, shared.cells);
    writeTableFile(join(dir, `${shared.key}.pdb`), shared, "test", sharedData);
    expect(loadTable(shared, { dir })).toBe(true);
    const handoff = tablesForThreads();
    expect(Object.keys(handoff.mapped)).toContain(shared.key);
    expect(handoff.shared[shared.key]).toBeUndefined();
    const module = join(import.meta.dirname, "..", "..", "dist", "src", "pdb-store", "thread-tables.js");
    const seen = await new Promise<string>((resolve, reject) => {
      const worker = new Worker(
        `const { parentPort, workerData } = require("node:worker_threads");
         import(workerData.module).then(async (m) => {
           m.seedThreadTables(workerData.tables);
           const { getTable } = await import(workerData.module.replace("pdb-store/thread-tables.js", "core/tables.js"));
           const bytes = new Uint8Array(getTable(workerData.key, () => { throw new Error("not seeded"); }));
           parentPort.postMessage(require("node:crypto").createHash("sha256").update(bytes).digest("hex"));
         }, (error) => parentPort.postMessage(String(error)));`,
        { eval: true, workerData: { module, tables: handoff, key: shared.key } },
      );
      worker.once("message", (message: string) => {
        void worker.terminate();
        resolve(message);
      });
      worker.once("error", reject);
    });
    expect(seen).toBe(sha(sharedData));
    expect(sha(new Uint8Array(getTable(shared.key, () => new ArrayBuffer(0))))).toBe(sha(sharedData));
  });
});
