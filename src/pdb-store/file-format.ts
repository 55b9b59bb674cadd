// The on-disk format of one pattern-database table:
//   bytes 0..7   magic "PUZPDB01"
//   bytes 8..11  header length H (uint32, little endian)
//   bytes 12..   H bytes of JSON: { format, partition, key, rows, cols, cells, entries, encoding, checksum }
//                padded with spaces so that the data starts on a page boundary (4096; files written
//                before 2026-11-24 have no padding: they are read, not mapped, until rewritten)
//   then         `entries` bytes of table data (one distance per entry)
// Encodings: "u8", a compact table (ranked placements); "direct", its direct-address copy (index =
// sum cell_j * n^(k-1-j), n^k entries; derived from the compact one, see store.ts); "move-machine",
// a board's move machine as laid out in memory (`entries` bytes; move-machine-file.ts).
// The checksum is the SHA-256 of the data. A file whose size, header or checksum disagrees with the
// table it should hold is rejected (PdbFileError), never used. The checksum is computed once per
// version of a file (verified.ts); the data is then mapped (mapped-file.ts) or read.

import { closeSync, openSync, readSync, fstatSync, writeSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { TableSpec } from "../core/pdb/layout.ts";
import { type FolioRepair, settleFolios } from "./large-folios.ts";
import { mapFileRange } from "./mapped-file.ts";
import { isVerified, markVerified } from "./verified.ts";
import { makeFolder } from "./make-folder.ts";

const MAGIC = "PUZPDB01";

/**
 * node:crypto, loaded on first use: only a checksum (a new file, or a file's first read) or a write
 * needs it, and loading it takes 4-6 ms of every `puzzle` process's start.
 */
let crypto: typeof import("node:crypto") | undefined;
function cryptoModule(): typeof import("node:crypto") {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return crypto;
}
const CHUNK = 64 << 20;
/** The data of files written now starts at a multiple of this (a page), so that it can be mapped. */
export const DATA_ALIGNMENT = 4096;

/** A table as stored: a compact table ("u8", the default), a direct-address copy or a move machine. */
export type StoredTable = Pick<TableSpec, "key" | "rows" | "cols" | "cells" | "entries"> & {
  readonly encoding?: TableEncoding;
  /**
   * For a "direct" table: the checksum of the compact table it was laid out from; for a move
   * machine: the fingerprint of the code that laid it out.
   */
  readonly source?: string;
};

type TableEncoding = "u8" | "direct" | "move-machine";

export interface PdbFileHeader {
  readonly format: 1;
  readonly partition: string;
  readonly key: string;
  readonly rows: number;
  readonly cols: number;
  readonly cells: readonly number[];
  readonly entries: number;
  readonly encoding: TableEncoding;
  readonly checksum: string;
  readonly source?: string;
}

export class PdbFileError extends Error {
  override readonly name = "PdbFileError";
  constructor(
    readonly path: string,
    readonly reason: "missing" | "truncated" | "bad-header" | "mismatch" | "checksum",
    detail: string,
  ) {
    super(`${path}: ${detail}`);
  }
}

function checksumOf(data: Uint8Array): string {
  const hash = cryptoModule().createHash("sha256");
  for (let at = 0; at < data.length; at += CHUNK)
    hash.update(data.subarray(at, Math.min(data.length, at + CHUNK)));
  return `sha256:${hash.digest("hex")}`;
}

/** Writes atomically (temporary file, then rename), the data page-aligned; marks the file verified. */
export function writeTableFile(
  path: string,
  table: StoredTable,
  partition: string,
  data: Uint8Array,
): PdbFileHeader {
  if (data.length !== table.entries)
    throw new RangeError(`table ${table.key}: ${data.length} bytes, expected ${table.entries}`);
  const header: PdbFileHeader = {
    format: 1,
    partition,
    key: table.key,
    rows: table.rows,
    cols: table.cols,
    cells: [...table.cells],
    entries: table.entries,
    encoding: table.encoding ?? "u8",
    checksum: checksumOf(data),
    ...(table.source === undefined ? {} : { source: table.source }),
  };
  const text = JSON.stringify(header);
  const start = Math.ceil((12 + Buffer.byteLength(text)) / DATA_ALIGNMENT) * DATA_ALIGNMENT;
  const json = Buffer.from(text.padEnd(start - 12, " "), "utf8");
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(json.length, 8);
  makeFolder(dirname(path));
  // Unique even across containers (where every process may be pid 1) sharing one volume.
  const temporary = `${path}.${process.pid}-${cryptoModule().randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    writeSync(fd, prefix);
    writeSync(fd, json);
    for (let at = 0; at < data.length; at += CHUNK) {
      const part = data.subarray(at, Math.min(data.length, at + CHUNK));
      let written = 0;
      while (written < part.length) written += writeSync(fd, part, written, part.length - written);
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  markVerified(path, header.checksum);
  return header;
}

function readExactly(fd: number, target: Uint8Array, position: number): number {
  let done = 0;
  while (done < target.length) {
    const read = readSync(fd, target, done, Math.min(CHUNK, target.length - done), position + done);
    if (read === 0) break;
    done += read;
  }
  return done;
}

export interface LoadedTable {
  readonly data: Uint8Array;
  readonly header: PdbFileHeader;
  /** Where the data starts in the file. */
  readonly offset: number;
  /**
   * When the data maps the file's pages (shared with every process mapping them), not a private
   * copy: the file, kept open so that other threads of this process map the very same file.
   */
  readonly fd?: number;
  /** Its cached pages were too small for 2 MiB entries: dropped and read again (large-folios.ts). */
  readonly repair?: FolioRepair;
}

export interface ReadOptions {
  /** Map the data when it is page-aligned and a mapping module is installed (default true). */
  readonly map?: boolean;
  /** Compute the checksum even when this version of the file was verified before (default false). */
  readonly verify?: boolean;
}

/** The header, checked against the table the file should hold; the data's offset. */
function readHeader(fd: number, path: string, table: StoredTable): { header: PdbFileHeader; offset: number } {
  const size = fstatSync(fd).size;
  const prefix = new Uint8Array(12);
  if (readExactly(fd, prefix, 0) < 12) throw new PdbFileError(path, "truncated", "shorter than its header");
  const view = Buffer.from(prefix.buffer);
  if (view.toString("latin1", 0, 8) !== MAGIC)
    throw new PdbFileError(path, "bad-header", "not a pattern database file");
  const length = view.readUInt32LE(8);
  if (length > 1 << 20 || 12 + length > size) throw new PdbFileError(path, "truncated", "header cut short");
  const json = new Uint8Array(length);
  readExactly(fd, json, 12);
  let header: PdbFileHeader;
  try {
    header = JSON.parse(Buffer.from(json.buffer).toString("utf8")) as PdbFileHeader;
  } catch {
    throw new PdbFileError(path, "bad-header", "unreadable header");
  }
  const sameCells = Array.isArray(header.cells) && header.cells.join(".") === table.cells.join(".");
  if (
    header.format !== 1 ||
    header.key !== table.key ||
    header.rows !== table.rows ||
    header.cols !== table.cols ||
    !sameCells ||
    header.entries !== table.entries ||
    header.encoding !== (table.encoding ?? "u8") ||
    header.source !== table.source
  ) {
    throw new PdbFileError(path, "mismatch", `holds ${String(header.key)}, expected ${table.key}`);
  }
  const expected = 12 + length + table.entries;
  if (size < expected) throw new PdbFileError(path, "truncated", `${size} bytes, expected ${expected}`);
  if (size > expected) throw new PdbFileError(path, "mismatch", `${size} bytes, expected ${expected}`);
  return { header, offset: 12 + length };
}

/**
 * Opens a table file and checks it (size, header; the checksum once per version of the file, or
 * always with `verify`); its data mapped when it can be (page-aligned, mapping module installed),
 * else read into a SharedArrayBuffer.
 */
export function readTableFile(path: string, table: StoredTable, options: ReadOptions = {}): LoadedTable {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    throw new PdbFileError(path, "missing", "no such file");
  }
  let keepOpen = false;
  try {
    const { header, offset } = readHeader(fd, path, table);
    const mappedData =
      options.map === false || offset % DATA_ALIGNMENT !== 0 ? null : mapFileRange(fd, offset, table.entries);
    let data: Uint8Array;
    let repair: FolioRepair | undefined;
    if (mappedData !== null) {
      const file = { fd, path, inode: fstatSync(fd).ino, offset, partition: header.partition };
      const settled = settleFolios(mappedData, file);
      data = settled.data;
      repair = settled.repair;
    } else {
      // Allocated zeroed by the kernel (fresh pages), then filled by read(): no other pass over it.
      data = new Uint8Array(new SharedArrayBuffer(table.entries));
      if (readExactly(fd, data, offset) !== table.entries)
        throw new PdbFileError(path, "truncated", "data cut short");
    }
    if (options.verify === true || !isVerified(fd, path, header.checksum)) {
      if (checksumOf(data) !== header.checksum)
        throw new PdbFileError(path, "checksum", "checksum mismatch (corrupt file)");
      markVerified(path, header.checksum, fd);
    }
    keepOpen = mappedData !== null;
    return { data, header, offset, ...(keepOpen ? { fd } : {}), ...(repair ? { repair } : {}) };
  } finally {
    if (!keepOpen) closeSync(fd);
  }
}
