// Which versions of table files have had their checksum verified. Hashing a table costs about a
// second per 500 MiB, more than mapping or reading it, so the checksum is computed once per version
// of a file: a stamp `<file>.verified` beside it records the file's device, inode, size and
// modification time with the checksum that was verified. A file rewritten (always to a temporary
// file, then renamed: a new inode), cut short or touched no longer matches its stamp and is hashed
// again. Stamps are best effort: in a directory this process cannot write, every load hashes.

import {
  type BigIntStats,
  fstatSync,
  renameSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";

function stampPath(path: string): string {
  return `${path}.verified`;
}

function identity(stats: BigIntStats, checksum: string): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${checksum}`;
}

/** True when this version of the open file `fd` (at `path`) was verified with this checksum. */
export function isVerified(fd: number, path: string, checksum: string): boolean {
  try {
    return (
      readFileSync(stampPath(path), "utf8").trim() === identity(fstatSync(fd, { bigint: true }), checksum)
    );
  } catch {
    return false;
  }
}

/** Records that the file at `path` (open as `fd`, else looked up by path) holds data with `checksum`. */
export function markVerified(path: string, checksum: string, fd?: number): void {
  try {
    const stats = fd === undefined ? statSync(path, { bigint: true }) : fstatSync(fd, { bigint: true });
    const temporary = `${stampPath(path)}.${process.pid}.tmp`;
    writeFileSync(temporary, `${identity(stats, checksum)}\n`);
    renameSync(temporary, stampPath(path));
  } catch {
    // A directory this process cannot write: the next load verifies again.
  }
}

/** Forgets a file's stamp (the file is being removed). */
export function forgetVerified(path: string): void {
  rmSync(stampPath(path), { force: true });
}
