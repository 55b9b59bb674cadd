// Read-only shared mappings of table files, through the optional native package @riaskov/mmap-io
// (Node has no mmap of its own). A mapped table costs no read and no copy: its pages are the
// kernel's page cache, shared by every process and thread that maps the file, and loaded on first
// touch. Without the package (not installed, not built for this Node, or PUZZLE_PDB_MMAP=0 given to
// the store), tables are read into SharedArrayBuffers instead (file-format.ts); nothing else changes.

import { createRequire } from "node:module";
import { dirname, join } from "node:path";

interface MmapModule {
  map(size: number, protection: number, flags: number, fd: number, offset?: number, advise?: number): Buffer;
  readonly PROT_READ: number;
  readonly MAP_SHARED: number;
  advise(buffer: Buffer, advise: number): void;
  /** [pages not in the page cache, pages in it] of the mapping (mincore). */
  incore(buffer: Buffer): [number, number];
  readonly MADV_RANDOM: number;
  readonly PAGESIZE: number;
}

/**
 * Linux's MADV_HUGEPAGE (the package does not export it). On a mapped file it makes the page cache
 * read the file in 2 MiB folios, which the kernel then maps with 2 MiB entries (FilePmdMapped in
 * /proc/<pid>/smaps): the 7-8 search's random reads stop missing the TLB on 4 KiB pages, and a
 * table not yet in memory comes in 2-4 MiB reads instead of one 4 KiB page per fault.
 */
const MADV_HUGEPAGE = 14;

let loaded: MmapModule | null | undefined;
let enabled = true;

/** Turns mapping off (or on again) for this process: tables are then read. */
export function setMapping(on: boolean): void {
  enabled = on;
}

/**
 * The package's compiled binding, loaded directly: its JavaScript entry finds the binding through
 * @mapbox/node-pre-gyp, which takes ~100 ms to load, more than mapping every table. The entry is
 * the fallback should the binding move.
 */
function loadModule(): MmapModule | null {
  const require = createRequire(import.meta.url);
  let root: string;
  try {
    root = dirname(require.resolve("@riaskov/mmap-io/package.json"));
  } catch {
    return null; // not installed (it is an optional dependency)
  }
  const abi = `node-v${process.versions.modules}-${process.platform}-${process.arch}`;
  for (const binding of [
    join(root, "build", "Release", "mmap_io.node"),
    join(root, "build", "binding", "Release", abi, "mmap_io.node"),
  ]) {
    try {
      return require(binding) as MmapModule;
    } catch {
      // not built there
    }
  }
  try {
    const found = require("@riaskov/mmap-io") as MmapModule & { default?: MmapModule };
    return found.default ?? found;
  } catch {
    return null; // installed but not built (no compiler when it was installed)
  }
}

function mmapModule(): MmapModule | null {
  if (!enabled) return null;
  if (loaded === undefined) loaded = loadModule();
  return loaded;
}

/** True when tables can be mapped in this process. */
export function canMap(): boolean {
  return mmapModule() !== null;
}

/**
 * `length` bytes of the open file `fd` from `offset` (a multiple of the page size), mapped read
 * only, as a Uint8Array over an ArrayBuffer of exactly those bytes; null when mapping is not
 * available. The mapping lives as long as the buffer (unmapped when it is collected).
 */
export function mapFileRange(fd: number, offset: number, length: number): Uint8Array | null {
  const mmap = mmapModule();
  if (mmap === null || offset % mmap.PAGESIZE !== 0 || length === 0) return null;
  const buffer = mmap.map(length, mmap.PROT_READ, mmap.MAP_SHARED, fd, offset, mmap.MADV_RANDOM);
  if (process.platform === "linux") adviseMapping(buffer, MADV_HUGEPAGE);
  // A Buffer over its own external ArrayBuffer: the table must be that whole ArrayBuffer.
  if (buffer.byteOffset !== 0 || buffer.buffer.byteLength !== length) return null;
  return new Uint8Array(buffer.buffer, 0, length);
}

/**
 * Gives advice (a Linux `MADV_*` number) on a mapping returned by mapFileRange; false when the
 * kernel refuses it (an older kernel, a file system that cannot).
 */
export function adviseMapping(data: Uint8Array, advice: number): boolean {
  const mmap = mmapModule();
  if (mmap === null) return false;
  try {
    mmap.advise(Buffer.from(data.buffer, data.byteOffset, data.byteLength), advice);
    return true;
  } catch {
    return false;
  }
}

/** How many pages of a mapping returned by mapFileRange are in the page cache (null: unknown). */
export function cachedPages(data: Uint8Array): number | null {
  const mmap = mmapModule();
  if (mmap === null) return null;
  try {
    return mmap.incore(Buffer.from(data.buffer, data.byteOffset, data.byteLength))[1];
  } catch {
    return null;
  }
}

/** True when every page of a mapping returned by mapFileRange is in the page cache. */
export function isWhollyCached(data: Uint8Array): boolean {
  return cachedPages(data) === Math.ceil(data.byteLength / (mmapModule()?.PAGESIZE ?? 4096));
}
