// Tables whose cached pages are too small for 2 MiB entries, dropped and read again. A mapped
// table gets 2 MiB page-table entries only when the page cache holds the file in 2 MiB folios, and
// the cache reads it that way only through a mapping advised MADV_HUGEPAGE (mapped-file.ts). A file
// that came into the cache through a plain read (`cp`, `cat`, a backup, a checksum tool) sits in
// 4 KiB folios, and every later mapping gets 4 KiB entries: 5-7% slower searches, measured (docs/
// pdb.md, "Huge pages for mapped tables"), until the kernel drops those pages. The kernel cannot
// rebuild them in place here (MADV_COLLAPSE is refused on file mappings without
// READ_ONLY_THP_FOR_FS), so this module asks it to drop this mapping's pages (MADV_PAGEOUT: clean
// pages no other process maps are just forgotten) and maps the file again, so that they are read
// back through the advised mapping in 2 MiB folios.

import { fdatasyncSync, readFileSync, statfsSync } from "node:fs";
import { release } from "node:os";
import { adviseMapping, cachedPages, isWhollyCached, mapFileRange } from "./mapped-file.ts";

const MADV_PAGEOUT = 21;
const MADV_POPULATE_READ = 22;
const HUGE = 2 ** 21;
/** How long a repair keeps paging a table out while some of its pages stay cached, and its pauses. */
const PAGEOUT_MS = 100;
const PAGEOUT_PAUSE_MS = 5;

/** What a repair did: bytes of the table in 2 MiB entries before and after, of those that can be. */
export interface FolioRepair {
  readonly before: number;
  readonly after: number;
  readonly possible: number;
  /**
   * Bytes of those 2 MiB blocks that kept a cached page the kernel would not drop (another process
   * maps it, or it is still on its way to the LRU on another CPU): they come back in 4 KiB entries.
   */
  readonly kept: number;
  readonly ms: number;
}

/** Where, in a mapping that starts at file offset `offset`, the file's first whole 2 MiB block starts. */
function firstWholeBlock(offset: number): number {
  return Math.ceil(offset / HUGE) * HUGE - offset;
}

/** The bytes of a mapping of [offset, offset + length) that 2 MiB entries can cover. */
export function hugeMappable(offset: number, length: number): number {
  const first = offset + firstWholeBlock(offset);
  const last = Math.floor((offset + length) / HUGE) * HUGE;
  return Math.max(0, last - first);
}

/**
 * The `FilePmdMapped` bytes of every mapping of file `inode` at file offset `offset` in one
 * `/proc/<pid>/smaps` text, in the order listed.
 */
export function pmdMappedOf(smaps: string, inode: number, offset: number): number[] {
  const found: number[] = [];
  const lines = smaps.split("\n");
  for (let at = 0; at < lines.length; at++) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ ([0-9a-f]+) \S+ (\d+)/.exec(lines[at] ?? "");
    if (head === null || Number(head[2]) !== inode || Number.parseInt(head[1] ?? "", 16) !== offset) continue;
    let bytes = 0;
    for (let next = at + 1; next < lines.length && !/^[0-9a-f]+-/.test(lines[next] ?? ""); next++) {
      const field = /^FilePmdMapped:\s+(\d+) kB/.exec(lines[next] ?? "");
      if (field !== null) bytes = Number(field[1]) * 1024;
    }
    found.push(bytes);
  }
  return found;
}

/**
 * True for file systems whose page cache this kernel fills in large folios: XFS (Linux 5.18 on)
 * and ext4 (6.16 on). Elsewhere a file dropped and read again would come back in 4 KiB folios,
 * so it is not tried.
 */
export function cachesLargeFolios(fsType: number, kernel: string): boolean {
  const [major = 0, minor = 0] = kernel.split(/[.-]/).map(Number);
  const version = major * 1000 + minor;
  if (fsType === 0x58465342) return version >= 5018; // XFS
  if (fsType === 0xef53) return version >= 6016; // ext4
  return false;
}

/**
 * Per partition (the file header's), what its first wholly cached table showed: "healthy" when its
 * first whole 2 MiB block was mapped in one entry (the partition's files came into the cache the
 * same way, so the rest are not checked: the check costs a read of smaps, milliseconds), "repair"
 * when it was not (every table of the partition is then checked whole, and repaired).
 */
const verdicts = new Map<string, "healthy" | "repair">();
let givenUp = false;

function pmdMapped(inode: number, offset: number): number[] {
  try {
    return pmdMappedOf(readFileSync("/proc/self/smaps", "utf8"), inode, offset);
  } catch {
    return [];
  }
}

/**
 * Maps every page of `range` (cached: no read) and returns the bytes of this file's mapping at
 * `offset` in 2 MiB entries; null when that cannot be told (the advice refused, or another mapping
 * of the same range in this process, a table loaded twice: not ours to judge).
 */
function hugeMapped(range: Uint8Array, inode: number, offset: number): number | null {
  if (!adviseMapping(range, MADV_POPULATE_READ)) return null;
  const mine = pmdMapped(inode, offset);
  return mine.length === 1 ? (mine[0] ?? 0) : null;
}

/** Where a table mapped by mapFileRange is, and which partition it belongs to. */
export interface MappedTableFile {
  readonly fd: number;
  readonly path: string;
  readonly inode: number;
  /** Where the mapping starts in the file. */
  readonly offset: number;
  readonly partition: string;
}

/**
 * A table mapped by mapFileRange (`data`): when it is in the page cache but not in 2 MiB entries
 * where it could be, drops its pages and maps it again. Returns the mapping to use (the same one
 * when nothing was done) and, when a repair was tried, what it did. Costs one read of the file from
 * disk when it repairs; nothing is read when the file is not cached (the pages still to come arrive
 * in 2 MiB folios). The healthy case costs a sample block's check once per partition.
 */
export function settleFolios(
  data: Uint8Array,
  file: MappedTableFile,
): { data: Uint8Array; repair?: FolioRepair } {
  const { path, inode, offset, partition } = file;
  const possible = hugeMappable(offset, data.length);
  if (givenUp || process.platform !== "linux" || possible === 0 || verdicts.get(partition) === "healthy")
    return { data };
  // The mapping's first whole 2 MiB block of the file: a plain read fills the cache from the start.
  const sampleAt = firstWholeBlock(offset);
  const sample = data.subarray(sampleAt, sampleAt + HUGE);
  if (!isWhollyCached(sample)) return { data };
  if (verdicts.get(partition) === undefined) {
    if (!cachesLargeFolios(statfsType(path), release())) {
      verdicts.set(partition, "healthy"); // nothing this process could do
      return { data };
    }
    const sampled = hugeMapped(sample, inode, offset);
    if (sampled === null) return { data };
    if (sampled >= HUGE) {
      verdicts.set(partition, "healthy");
      return { data };
    }
    verdicts.set(partition, "repair");
  }
  return repair(data, file, possible);
}

function statfsType(path: string): number {
  try {
    return statfsSync(path).type;
  } catch {
    return 0;
  }
}

/** Checks a table whole and, when it is short of 2 MiB entries, pages it out and maps it again. */
function repair(
  data: Uint8Array,
  file: MappedTableFile,
  possible: number,
): { data: Uint8Array; repair?: FolioRepair } {
  const { fd, inode, offset } = file;
  const before = isWhollyCached(data) ? hugeMapped(data, inode, offset) : null;
  if (before === null || before >= possible) return { data };
  const began = performance.now();
  // Pages not yet written to disk (a file copied in a moment ago) cannot be paged out.
  writeBack(fd);
  pageOut(data);
  const kept = keptBlocks(data, offset);
  const again = mapFileRange(fd, offset, data.length);
  if (again === null) return { data };
  adviseMapping(again, MADV_POPULATE_READ);
  // The old mapping's entries are gone (paged out), so the largest is the new one's.
  const after = Math.max(0, ...pmdMapped(inode, offset));
  // A repair that gained nothing (the kernel kept those pages) is not tried again here.
  if (after <= before) givenUp = true;
  return { data: again, repair: { before, after, possible, kept, ms: performance.now() - began } };
}

/** Bytes of the whole 2 MiB blocks of a mapping (`offset`: its place in the file) with a page cached. */
function keptBlocks(data: Uint8Array, offset: number): number {
  let kept = 0;
  for (let at = firstWholeBlock(offset); at + HUGE <= data.length; at += HUGE)
    if ((cachedPages(data.subarray(at, at + HUGE)) ?? 0) !== 0) kept += HUGE;
  return kept;
}

/** Writes the file's dirty pages to disk, so that paging out can drop them. */
function writeBack(fd: number): void {
  try {
    fdatasyncSync(fd);
  } catch {
    // Nothing to write, or a file system that cannot: paging out says what stays.
  }
}

/** A word nobody notifies: waiting on it pauses the calling thread. */
const NEVER_NOTIFIED = new Int32Array(new SharedArrayBuffer(4));
/** Pauses the calling thread (a table is loaded synchronously; this runs at most once per table). */
const pause = (ms: number) => Atomics.wait(NEVER_NOTIFIED, 0, 0, ms);

/**
 * Pages a mapping's pages out until none is cached, for up to PAGEOUT_MS. A page just read can sit
 * in another CPU's list of pages on their way to the LRU, where MADV_PAGEOUT cannot take it until
 * that CPU next works on the LRU: soon on a busy machine, so a retry waits a moment first; maybe
 * not before the deadline on an idle one. Pages another process maps stay. Blocks that keep a page
 * are reported (`kept`).
 */
function pageOut(data: Uint8Array): void {
  const deadline = performance.now() + PAGEOUT_MS;
  adviseMapping(data, MADV_PAGEOUT);
  while ((cachedPages(data) ?? 0) !== 0 && performance.now() < deadline) {
    pause(PAGEOUT_PAUSE_MS);
    adviseMapping(data, MADV_PAGEOUT);
  }
}
