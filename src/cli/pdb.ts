// `puzzle pdb build <name> [--force] [--dir DIR] [--threads N]` and `puzzle pdb status [--dir DIR]`:
// build pattern databases into PDB_DIR with a progress bar and an ETA (a partition's tables at the
// same time, one thread each, default: the machine's cores), or list which are present and valid.

import { PDB_HEURISTICS, pdbTableSpecs } from "../core/pdb/index.ts";
import { PARTITIONS } from "../core/pdb/partitions.ts";
import { pdbDirectory, pdbMapping } from "../pdb-settings.ts";
import { setMapping } from "../pdb-store/mapped-file.ts";
import { describePdbEvent } from "../pdb-store/describe-event.ts";
import { ensurePdbOnThreads } from "../pdb-store/parallel-build.ts";
import { type PdbEvent, loadTable, tablePath } from "../pdb-store/store.ts";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { optionValue, parseThreads } from "./args.ts";
import { UsageError } from "./io.ts";

const USAGE = `usage: puzzle pdb build <${Object.keys(PARTITIONS).join("|")}> [--force] [--dir DIR] [--threads N]
       puzzle pdb status [--dir DIR]`;

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

function progressBar(stream: NodeJS.WriteStream): (fraction: number, label: string) => void {
  const began = performance.now();
  let last = 0;
  let lastLine = 0;
  let lastTenth = -1;
  return (fraction, label) => {
    const now = performance.now();
    if (now - last < 200 && fraction < 1) return;
    last = now;
    const tenth = Math.floor(fraction * 10);
    const width = 30;
    const filled = Math.round(fraction * width);
    const elapsed = (now - began) / 1000;
    const eta = fraction > 0.01 ? (elapsed * (1 - fraction)) / fraction : Infinity;
    const bar = `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
    const percent = `${(fraction * 100).toFixed(1).padStart(5)}%`;
    const line = `${bar} ${percent}  elapsed ${formatDuration(elapsed)}  ETA ${formatDuration(eta)}  ${label}`;
    if (stream.isTTY) {
      stream.write(`\r${line}\x1b[K`);
    } else if (tenth !== lastTenth || now - lastLine >= 60_000) {
      // Logs and pipes: a line per tenth, and at least one a minute.
      lastTenth = tenth;
      lastLine = now;
      stream.write(`${line}\n`);
    }
  };
}

/**
 * Loads a partition's tables, building whatever is missing on up to `threads` threads at once (one
 * table each), with a progress bar and the steps (loaded, built, saved) on stderr. Used by
 * `pdb build` and `solve --build-missing`.
 */
export async function buildPdbReporting(
  name: string,
  options: { dir: string; force?: boolean; threads: number },
): Promise<void> {
  checkPdbFolder(options.dir);
  try {
    await ensurePdbOnThreads(name, { ...options, ...reporting() });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS")
      throw new UsageError(`cannot write into the pattern database folder ${options.dir} (${code})`);
    throw error;
  }
}

/**
 * The folder tables are built into must be a folder, or a path where one can be made: anything
 * else (`--dir /etc/passwd`) is the user's mistake, said in one line naming it (exit status 2).
 */
export function checkPdbFolder(dir: string): void {
  let isFolder: boolean | undefined;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    isFolder = undefined; // not there (or not reachable): making it says why not
  }
  if (isFolder === false) throw new UsageError(`the pattern database folder ${dir} is not a folder`);
  if (isFolder === undefined) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "failed";
      throw new UsageError(`cannot create the pattern database folder ${dir} (${code})`);
    }
  }
}

/** A progress bar and a line per step (loaded, built, saved) on stderr. */
function reporting() {
  const bar = progressBar(process.stderr);
  return {
    onProgress: (fraction: number, table: { key: string }) => bar(fraction, table.key),
    onEvent: (event: PdbEvent) => {
      // The bar shows the build's progress; the other events get a line each.
      if (event.kind === "progress") return;
      process.stderr.write(`${process.stderr.isTTY ? "\r\x1b[K" : ""}${describePdbEvent(event)}\n`);
    },
  };
}

export async function pdbCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  let dirArgument: string | undefined;
  let force = false;
  let threads: number | undefined;
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--force") force = true;
    else if (rest[i] === "--dir") dirArgument = optionValue("--dir", rest[++i]);
    else if (rest[i] === "--threads") threads = parseThreads(optionValue("--threads", rest[++i]));
    else names.push(rest[i]);
  }
  const dir = dirArgument ?? pdbDirectory();
  setMapping(pdbMapping());
  if (sub === "status") {
    const where = dir;
    process.stdout.write(`PDB_DIR ${where}\n`);
    for (const heuristic of PDB_HEURISTICS) {
      for (const table of pdbTableSpecs(heuristic)) {
        const path = tablePath(table, where);
        const state = !existsSync(path)
          ? "missing"
          : loadTable(table, { dir: where, verify: true })
            ? "ok"
            : "invalid (removed)";
        process.stdout.write(
          `${heuristic.padEnd(9)} ${table.key.padEnd(34)} ${mib(table.entries).padStart(10)}  ${state}\n`,
        );
      }
    }
    return 0;
  }
  if (sub !== "build" || names.length !== 1 || PARTITIONS[names[0].replace(/^pdb:/, "")] === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const name = names[0].replace(/^pdb:/, "");
  const began = performance.now();
  await buildPdbReporting(name, { dir, force, threads: threads ?? availableParallelism() });
  const bytes = pdbTableSpecs(name).reduce((sum, t) => sum + t.entries, 0);
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  process.stdout.write(`pdb:${name} ready in ${seconds} s (${mib(bytes)}) under ${dir}\n`);
  return 0;
}
