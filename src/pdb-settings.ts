// The two settings of the pattern-database store the CLI and benchmarks read alone, without the rest
// of the configuration (src/config.ts, whose zod schema the `puzzle` command need not load).

import { resolve } from "node:path";
import { OFF } from "./on-off.ts";
import { projectRoot } from "./project-root.ts";

/**
 * Where pattern databases are stored: PDB_DIR resolved from the working directory, or, unset (or
 * empty), `.cache/pdb` in the project (wherever the command is run from).
 */
export function pdbDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const dir = env.PDB_DIR;
  return dir === undefined || dir === "" ? resolve(projectRoot, ".cache", "pdb") : resolve(dir);
}

/**
 * Whether pattern databases are mapped from their files (shared by every process of the machine;
 * docs/pdb.md, "Files"): PDB_MMAP=0 (or false, off, no) reads them into memory instead.
 */
export function pdbMapping(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return !OFF.includes((env.PDB_MMAP ?? "").trim().toLowerCase());
}
