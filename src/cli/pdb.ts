// `puzzle pdb build <name> [--force] [--dir DIR] [--threads N]` and `puzzle pdb status [--dir DIR]`:
// build pattern databases into PDB_DIR with a progress bar and an ETA (a partition's tables at the
// same time, one thread each, default: the machine's cores), or check every file of every partition
// that is there (hashed, its stamp rewritten, removed when invalid) and list which are present and
// valid (table-status.ts).
// `--help` prints the usage on stdout (status 0); anything else the command line cannot use is one
// line on stderr, status 2, before anything is built or hashed.

import { PARTITIONS } from "../core/pdb/partitions.ts";
import { pdbDirectory, pdbMapping } from "../pdb-settings.ts";
import { setMapping } from "../pdb-store/mapped-file.ts";
import { describePdbEvent } from "../pdb-store/describe-event.ts";
import { ensurePdbOnThreads } from "../pdb-store/parallel-build.ts";
import type { PdbEvent } from "../pdb-store/store.ts";
import { partitionFileBytes } from "../pdb-store/build-figures.ts";
import { tableFileStates } from "../pdb-store/table-status.ts";
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import {
  END_OF_OPTIONS,
  checkFlag,
  isOptionWord,
  optionValue,
  parseThreads,
  repeatedOption,
  splitOption,
} from "./args.ts";
import { EXIT_BAD_INPUT, quoteArgument, showArgument, UsageError } from "./io.ts";
import { makeFolder } from "../pdb-store/make-folder.ts";

const USAGE = `usage: puzzle pdb build <${Object.keys(PARTITIONS).join("|")}> [--force] [--dir DIR] [--threads N]
       puzzle pdb status [--dir DIR]

build   builds the partition's missing tables into PDB_DIR (or DIR), up to N at once, one thread
        each (default: the machine's cores), with a progress bar on stderr; --force rebuilds them.
status  lists every file of every partition (its tables, their direct-address copies, the board's
        move machine) with its state: missing, ok, or invalid (removed). Not read-only: it hashes
        every file present (SHA-256, about 1 s per 500 MiB), rewrites its .verified stamp, and
        deletes a file that fails the check. It builds nothing.`;

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
  if (isFolder === false)
    throw new UsageError(`the pattern database folder ${showArgument(dir, 200)} is not a folder`);
  if (isFolder === undefined) {
    try {
      makeFolder(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "failed";
      throw new UsageError(`cannot create the pattern database folder ${showArgument(dir, 200)} (${code})`);
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

/** `pdb build`'s and `pdb status`'s command line, checked whole before anything is built or hashed. */
interface PdbArgs {
  readonly help: boolean;
  /** The partition (`pdb build`), without its `pdb:` prefix. */
  readonly name?: string;
  readonly dir?: string;
  readonly force: boolean;
  readonly threads?: number;
}

function parsePdbArgs(command: "build" | "status", args: readonly string[]): PdbArgs {
  let help = false;
  let dir: string | undefined;
  let force = false;
  let threads: number | undefined;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === END_OF_OPTIONS) {
      words.push(...args.slice(i + 1));
      break;
    }
    if (!isOptionWord(word)) {
      words.push(word);
      continue;
    }
    const { name, inline } = splitOption(word);
    if (command === "status" && (name === "--force" || name === "--threads"))
      throw new UsageError(`${name} is an option of pdb build, not pdb status`);
    if (name === "--help" || name === "-h") {
      checkFlag(name, inline);
      help = true;
    } else if (name === "--force") {
      checkFlag(name, inline);
      force = true;
    } else if (name === "--dir" || name === "--threads") {
      // `--dir DIR` or `--dir=DIR`; an empty `--dir=` has no value either.
      const value =
        inline === undefined ? optionValue(name, args[++i]) : inline || optionValue(name, undefined);
      if ((name === "--dir" ? dir : threads) !== undefined) throw repeatedOption(name);
      if (name === "--dir") dir = value;
      else threads = parseThreads(value);
    } else {
      throw new UsageError(`unknown option ${showArgument(word)}`);
    }
  }
  if (help) return { help, force };
  const partitions = Object.keys(PARTITIONS).join(", ");
  if (command === "status") {
    if (words.length > 0)
      throw new UsageError(`unexpected argument ${quoteArgument(words[0])}: pdb status takes only --dir DIR`);
    return { help, dir, force };
  }
  if (words.length === 0) throw new UsageError(`pdb build needs a partition (${partitions})`);
  if (words.length > 1)
    throw new UsageError(`unexpected argument ${quoteArgument(words[1])}: pdb build takes one partition`);
  const name = words[0].replace(/^pdb:/, "");
  if (PARTITIONS[name] === undefined)
    throw new UsageError(`unknown partition ${quoteArgument(words[0])} (partitions: ${partitions})`);
  return { help, name, dir, force, threads };
}

export async function pdbCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return EXIT_BAD_INPUT;
  }
  if (sub !== "build" && sub !== "status") {
    const { name, inline } = splitOption(sub);
    if (name !== "--help" && name !== "-h")
      throw new UsageError(
        `unknown pdb command ${quoteArgument(sub)} (commands: build, status; \`puzzle pdb --help\` shows the usage)`,
      );
    checkFlag(name, inline);
  }
  const options = sub === "build" || sub === "status" ? parsePdbArgs(sub, rest) : undefined;
  if (options === undefined || options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const dir = options.dir ?? pdbDirectory();
  setMapping(pdbMapping());
  if (sub === "status") {
    // A folder that is not there has every table missing; a file there is a mistake (as for build).
    if (existsSync(dir) && !statSync(dir).isDirectory())
      throw new UsageError(`the pattern database folder ${showArgument(dir, 200)} is not a folder`);
    process.stdout.write(`PDB_DIR ${dir}\n`);
    for (const file of tableFileStates(dir))
      process.stdout.write(
        `${file.owner.padEnd(9)} ${file.key.padEnd(34)} ${mib(file.bytes).padStart(10)}  ${file.state}\n`,
      );
    return 0;
  }
  const name = options.name as string; // there for build: parsePdbArgs checked it
  const began = performance.now();
  await buildPdbReporting(name, {
    dir,
    force: options.force,
    threads: options.threads ?? availableParallelism(),
  });
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  process.stdout.write(
    `pdb:${name} ready in ${seconds} s (${mib(partitionFileBytes(name))} of files) under ${dir}\n`,
  );
  return 0;
}
