// Tables read by a plain read before they are mapped: their cached pages are dropped and read again
// through the advised mapping, so that the search's mapping gets 2 MiB entries (large-folios.ts).
// The real kernel, the real page cache: files in the system's temporary folder.

import {
  closeSync,
  fsyncSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statfsSync,
  writeSync,
} from "node:fs";
import { release, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { type StoredTable, readTableFile, writeTableFile } from "./file-format.ts";
import { cachesLargeFolios, hugeMappable, pmdMappedOf } from "./large-folios.ts";
import { adviseMapping, cachedPages, mapFileRange } from "./mapped-file.ts";

const MiB = 2 ** 20;

describe("which bytes 2 MiB entries can map", () => {
  it("only whole 2 MiB blocks of the file inside the mapping", () => {
    expect(hugeMappable(4096, 16 * MiB)).toBe(14 * MiB);
    expect(hugeMappable(0, 16 * MiB)).toBe(16 * MiB);
    expect(hugeMappable(4096, 3 * MiB)).toBe(0);
    expect(hugeMappable(4096, 4 * MiB)).toBe(2 * MiB);
  });

  it("reads FilePmdMapped of the mappings of one file at one offset from smaps", () => {
    const smaps = [
      "7f0000000000-7f0001000000 r--s 00001000 fe:01 1234 /data/pdb-a.pdb",
      "Size:              16384 kB",
      "FilePmdMapped:     14336 kB",
      "VmFlags: rd sh mr mw me ms rr hg",
      "7f0002000000-7f0003000000 r--s 00000000 fe:01 1234 /data/pdb-a.pdb",
      "FilePmdMapped:      2048 kB",
      "7f0004000000-7f0005000000 r--s 00001000 fe:01 99 /data/pdb-b.pdb",
      "FilePmdMapped:      4096 kB",
      "7f0006000000-7f0007000000 r--s 00001000 fe:01 1234 /data/pdb-a.pdb",
      "Size:              16384 kB",
      "FilePmdMapped:         0 kB",
    ].join("\n");
    expect(pmdMappedOf(smaps, 1234, 4096)).toEqual([14 * MiB, 0]);
    expect(pmdMappedOf(smaps, 99, 4096)).toEqual([4 * MiB]);
    expect(pmdMappedOf(smaps, 1234, 8192)).toEqual([]);
  });

  it("tries a repair only where the kernel caches that file system in large folios", () => {
    expect(cachesLargeFolios(0xef53, "6.18.44-fc-v782")).toBe(true);
    expect(cachesLargeFolios(0xef53, "6.15.2")).toBe(false);
    expect(cachesLargeFolios(0x58465342, "5.18.0")).toBe(true);
    expect(cachesLargeFolios(0x58465342, "5.15.0-91-generic")).toBe(false);
    expect(cachesLargeFolios(0x01021994, "6.18.0")).toBe(false); // tmpfs
  });
});

// A stand-in table: readTableFile checks the header against the spec and the checksum, not what
// the bytes mean, and 6 MiB of data reach over two whole 2 MiB blocks.
const table = (name: string): StoredTable => ({
  key: `pdb-test-${name}`,
  rows: 4,
  cols: 4,
  cells: [1, 2, 3],
  entries: 6 * MiB,
});
const data = new Uint8Array(6 * MiB).map((_, at) => (at * 2654435761) >>> 27);

const dir = mkdtempSync(join(tmpdir(), "pdb-folios-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page offsets of a file of `size` bytes, from the last page back to the first. */
function* pagesFromTheEnd(size: number): Generator<number> {
  for (let at = Math.floor((size - 1) / 4096) * 4096; at >= 0; at -= 4096) yield at;
}

/**
 * Reads the file into the page cache in 4 KiB folios: one page at a time, from the end back to
 * the start, so that no read-ahead builds larger folios (a `cp` or `cat` leaves some or all of a
 * file so, depending on its size and the read-ahead's ramp).
 */
function readPageByPage(path: string): void {
  const fd = openSync(path, "r");
  const page = Buffer.alloc(4096);
  for (const at of pagesFromTheEnd(fstatSync(fd).size)) readSync(fd, page, 0, 4096, at);
  closeSync(fd);
}

/**
 * Writes the file again one page at a time from the end (after its pages were dropped): its pages
 * are then in 4 KiB folios and dirty, as a `cp` into PDB_DIR a moment ago leaves them.
 */
function writePageByPage(path: string): void {
  const fd = openSync(path, "r+");
  const bytes = readFileSync(path);
  for (const at of pagesFromTheEnd(bytes.length))
    writeSync(fd, bytes, at, Math.min(4096, bytes.length - at), at);
  closeSync(fd);
}

/**
 * The loader as a new process has it: a repair that gained nothing makes a process stop trying, so
 * a test that tries again needs the modules afresh.
 */
async function freshReadTableFile(): Promise<typeof readTableFile> {
  vi.resetModules();
  return (await import("./file-format.ts")).readTableFile;
}

const sameBytes = (bytes: Uint8Array) => Buffer.compare(Buffer.from(bytes), Buffer.from(data)) === 0;

/**
 * Checks a repair's event against the table: it began below every possible 2 MiB entry, ended with
 * all but the kept blocks, and the bytes are the table's. `gained`: it ended with more than it began.
 */
function expectRepairAccounted(loaded: ReturnType<typeof readTableFile>): { after: number; gained: boolean } {
  const possible = hugeMappable(loaded.offset, data.length);
  const { before = possible, after = 0, kept = possible } = loaded.repair ?? {};
  expect(before).toBeLessThan(possible);
  expect(after).toBe(possible - kept);
  expect(sameBytes(loaded.data)).toBe(true);
  return { after, gained: after > before };
}

/** The FilePmdMapped bytes of the table's data mappings in this process. */
function pmdOfTable(path: string, offset: number): number[] {
  const fd = openSync(path, "r");
  const inode = fstatSync(fd).ino;
  closeSync(fd);
  return pmdMappedOf(readFileSync("/proc/self/smaps", "utf8"), inode, offset);
}

/**
 * Drops every cached page of the file: written to disk (the kernel does not page out dirty pages),
 * mapped whole (at another offset than the data's mapping), then paged out, again until none is
 * left (a page just written may still sit in another CPU's list, where it cannot be taken yet).
 */
async function dropCachedPages(path: string): Promise<void> {
  const fd = openSync(path, "r+");
  fsyncSync(fd);
  const whole = mapFileRange(fd, 0, fstatSync(fd).size);
  closeSync(fd);
  expect(whole).not.toBeNull();
  if (whole === null) return;
  for (let attempt = 0; attempt < 50 && cachedPages(whole) !== 0; attempt++) {
    expect(adviseMapping(whole, 22)).toBe(true); // MADV_POPULATE_READ
    expect(adviseMapping(whole, 21)).toBe(true); // MADV_PAGEOUT
    if (cachedPages(whole) !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(cachedPages(whole)).toBe(0);
}

// The kernel and file system of the temporary folder must cache files in large folios (ext4 from
// Linux 6.16, XFS): the machines this suite runs on do; elsewhere there is nothing to repair.
const largeFolios = process.platform === "linux" && cachesLargeFolios(statfsSync(tmpdir()).type, release());

describe.runIf(largeFolios)("tables in the page cache, on this kernel", () => {
  it("a table just written maps in 2 MiB entries and is left alone", () => {
    const path = join(dir, "written.pdb");
    writeTableFile(path, table("written"), "written", data);
    const loaded = readTableFile(path, table("written"));
    expect(loaded.repair).toBeUndefined();
    expect(sameBytes(loaded.data)).toBe(true);
    const possible = hugeMappable(loaded.offset, data.length);
    expect(possible).toBe(4 * MiB);
    // This file system and kernel cache it in 2 MiB folios (the next test's premise).
    expect(pmdOfTable(path, loaded.offset)).toEqual([possible]);
  });

  it("a table not in the cache is faulted in through the mapping, in 2 MiB folios: nothing to repair", async () => {
    const path = join(dir, "cold.pdb");
    writeTableFile(path, table("cold"), "cold", data);
    await dropCachedPages(path);
    const loaded = readTableFile(path, table("cold"));
    expect(loaded.repair).toBeUndefined();
    expect(adviseMapping(loaded.data, 22)).toBe(true);
    expect(pmdOfTable(path, loaded.offset)).toEqual([hugeMappable(loaded.offset, data.length)]);
  });

  it("tables read by a plain read first are dropped and read again: 2 MiB entries, the same bytes", async () => {
    // Every block whose pages the kernel dropped comes back in a 2 MiB entry. It can keep a page
    // just read (on its way to the LRU on another CPU, which may sit idle): that block is reported
    // as kept, and a repair that gains nothing is not tried again in that process. So the scenario
    // runs again, with fresh modules, until both tables of a partition were repaired (at most 5).
    const gains: boolean[][] = [];
    for (let attempt = 0; attempt < 5 && !gains.at(-1)?.every(Boolean); attempt++) {
      const load = await freshReadTableFile();
      // Two tables of one partition: the first shows the partition needs repair, the second is
      // then checked whole too.
      const gained: boolean[] = [];
      for (const name of [`read-first-a${attempt}`, `read-first-b${attempt}`]) {
        const path = join(dir, `${name}.pdb`);
        writeTableFile(path, table(name), `read-first-${attempt}`, data);
        await dropCachedPages(path);
        readPageByPage(path);
        const loaded = load(path, table(name));
        expect(loaded.repair).toBeDefined();
        const { after, gained: more } = expectRepairAccounted(loaded);
        // The old mapping has no 2 MiB entries left; the new one holds what the event says.
        expect(Math.max(...pmdOfTable(path, loaded.offset))).toBe(after);
        gained.push(more);
        if (!more) break; // this process does not try again
      }
      gains.push(gained);
    }
    expect(gains.at(-1)).toEqual([true, true]);
  });

  it("a table copied in a moment ago (its pages not yet on disk) is written back, then read again", async () => {
    // As above, a page the kernel keeps for a moment makes a process give up: tried afresh.
    let gained = false;
    for (let attempt = 0; attempt < 5 && !gained; attempt++) {
      const load = await freshReadTableFile();
      const name = `copied-${attempt}`;
      const path = join(dir, `${name}.pdb`);
      writeTableFile(path, table(name), name, data);
      await dropCachedPages(path);
      writePageByPage(path);
      const loaded = load(path, table(name));
      gained = expectRepairAccounted(loaded).gained;
    }
    expect(gained).toBe(true);
  });

  it("once a partition's first table is found in 2 MiB entries, its other tables are not checked", async () => {
    const first = join(dir, "healthy-a.pdb");
    writeTableFile(first, table("healthy-a"), "healthy", data);
    expect(readTableFile(first, table("healthy-a")).repair).toBeUndefined();
    // The next table of the partition is in 4 KiB folios, but the check (a read of smaps) is not
    // made again: the partition's files came into the cache the same way.
    const second = join(dir, "healthy-b.pdb");
    writeTableFile(second, table("healthy-b"), "healthy", data);
    await dropCachedPages(second);
    readPageByPage(second);
    const loaded = readTableFile(second, table("healthy-b"));
    expect(loaded.repair).toBeUndefined();
    expect(adviseMapping(loaded.data, 22)).toBe(true);
    expect(pmdOfTable(second, loaded.offset)[0]).toBeLessThan(hugeMappable(loaded.offset, data.length));
  });
});
