// The on-disk format of one pattern-database table:
//   bytes 0..7   magic "PUZPDB01"
//   bytes 8..11  header length H (uint32, little endian)
//   bytes 12..   H bytes of JSON: { format, partition, key, rows, cols, cells, entries, encoding, checksum }
//   then         `entries` bytes of table data (one distance per entry)
// The checksum is the SHA-256 of the data. A file whose size, header or checksum disagrees with the
// table it should hold is rejected (PdbFileError), never used.

import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, fstatSync, writeSync, renameSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { TableSpec } from "../core/pdb/layout.ts";

const MAGIC = "PUZPDB01";
const CHUNK = 64 << 20;

export interface PdbFileHeader {
  readonly format: 1;
  readonly partition: string;
  readonly key: string;
  readonly rows: number;
  readonly cols: number;
  readonly cells: readonly number[];
  readonly entries: number;
  readonly encoding: "u8";
  readonly checksum: string;
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
  const hash = createHash("sha256");
  for (let at = 0; at < data.length; at += CHUNK)
    hash.update(data.subarray(at, Math.min(data.length, at + CHUNK)));
  return `sha256:${hash.digest("hex")}`;
}

/** Writes atomically (temporary file, then rename). */
export function writeTableFile(
  path: string,
  table: TableSpec,
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
    encoding: "u8",
    checksum: checksumOf(data),
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(json.length, 8);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
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

/** Reads and verifies a table file into a SharedArrayBuffer-backed array. */
export function readTableFile(path: string, table: TableSpec): { data: Uint8Array; header: PdbFileHeader } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    throw new PdbFileError(path, "missing", "no such file");
  }
  try {
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
      header.encoding !== "u8"
    ) {
      throw new PdbFileError(path, "mismatch", `holds ${String(header.key)}, expected ${table.key}`);
    }
    const expected = 12 + length + table.entries;
    if (size < expected) throw new PdbFileError(path, "truncated", `${size} bytes, expected ${expected}`);
    if (size > expected) throw new PdbFileError(path, "mismatch", `${size} bytes, expected ${expected}`);
    const data = new Uint8Array(new SharedArrayBuffer(table.entries));
    if (readExactly(fd, data, 12 + length) !== table.entries)
      throw new PdbFileError(path, "truncated", "data cut short");
    if (checksumOf(data) !== header.checksum)
      throw new PdbFileError(path, "checksum", "checksum mismatch (corrupt file)");
    return { data, header };
  } finally {
    closeSync(fd);
  }
}
