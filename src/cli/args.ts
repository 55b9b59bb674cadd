// Command-line parsing for `puzzle solve`. Options may be written `--opt value` or `--opt=value`;
// `--goal` takes every following word up to the next option, like the start tiles do. A word that
// starts with `-` is an option (an unknown one is refused), except `-` alone and negative numbers,
// which are left to the tile and value checks to name. A flag takes no value: `--json=false` is
// refused, not read as `--json`. An option with a value may be given once (a flag any number of
// times), and --progress with --quiet is refused. `--` ends the options: every word after it is a
// tile (POSIX's end-of-options marker).

import { parseTimeLimit } from "./duration.ts";
import { UsageError, quoteArgument, showArgument } from "./io.ts";

export interface SolveArgs {
  /** The start's words (one or several, any tile notation). */
  readonly tiles: string[];
  readonly goal?: string[];
  readonly size?: string;
  readonly algorithm?: string;
  readonly heuristic?: string;
  readonly json: boolean;
  readonly rotation: boolean;
  readonly batch?: string;
  readonly maxNodes?: number;
  readonly timeLimitMs?: number;
  /** Solver threads (--threads N): undefined = the machine's cores. */
  readonly threads?: number;
  /** --build-missing: build a named pattern database that is not in PDB_DIR instead of refusing. */
  readonly buildMissing: boolean;
  /** --progress: progress on stderr even when it is not a terminal; --quiet: none at all. */
  readonly progress: "auto" | "always" | "never";
  readonly help: boolean;
}

const VALUE_OPTIONS = new Set([
  "--size",
  "--algorithm",
  "--heuristic",
  "--batch",
  "--max-nodes",
  "--time-limit",
  "--threads",
]);
const FLAGS = new Set([
  "--json",
  "--rotation",
  "--help",
  "-h",
  "--build-missing",
  "--progress",
  "--quiet",
  "-q",
]);

/**
 * The most solver threads `--threads` accepts (here and in `puzzle pdb build`): far more than any
 * machine's cores, so only typos are refused (each thread costs tens of MB and ~40 ms to start).
 */
export const MAX_THREADS = 256;

/**
 * `--threads N`: a whole number from 1 to MAX_THREADS, else a usage error.
 * `text` undefined (not given) is undefined: the caller's default.
 */
export function parseThreads(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(text) || Number(text) > MAX_THREADS)
    throw new UsageError(
      `--threads needs a whole number from 1 to ${MAX_THREADS}, got ${quoteArgument(text)}`,
    );
  return Number(text);
}

/**
 * An option with a value given twice (`--threads 1 --threads 2`) is refused rather than one of the
 * two silently winning: the other was unchecked and unused.
 */
export function repeatedOption(name: string): UsageError {
  return new UsageError(`${name} is given more than once: give it once`);
}

/** `--`: the words after it are operands (tiles, table names), never options. */
export const END_OF_OPTIONS = "--";

/** True for a word that is an option (`--x`, `-x`), not `-` (stdin) nor a negative number. */
export function isOptionWord(word: string): boolean {
  return word.startsWith("-") && word !== "-" && !/^-[0-9.]/.test(word);
}

/**
 * An option word split at its first `=`: `--dir=/tmp/pdb` is `--dir` with the value `/tmp/pdb`;
 * `--dir` alone has none (undefined: the next word is its value).
 */
export function splitOption(word: string): { name: string; inline: string | undefined } {
  const eq = word.indexOf("=");
  return eq > 0 ? { name: word.slice(0, eq), inline: word.slice(eq + 1) } : { name: word, inline: undefined };
}

/** A flag (an option without a value) written with one, `--json=false`, is refused, not ignored. */
export function checkFlag(name: string, inline: string | undefined): void {
  if (inline !== undefined) throw new UsageError(`${name} takes no value`);
}

/**
 * The value of an option written `--opt value`: the next word, which must be there and must not be
 * another option (`--dir --force` is a forgotten value, not a folder named "--force").
 */
export function optionValue(name: string, next: string | undefined): string {
  // An empty word (`--dir "$DIR"` with DIR unset) is no value, as `--dir=` is not.
  if (next === undefined || next === "" || isOptionWord(next)) throw new UsageError(`${name} needs a value`);
  return next;
}

/** A count of nodes: a whole number, 1 or more (`1000`, `1e6`); `0.5` is no budget, not 1 node. */
function positiveWholeNumber(option: string, text: string): number {
  // Decimal digits, with an exponent if any: Number() alone takes "0x10", "0b11" and " 1".
  const value = /^\d+(?:\.\d+)?(?:e\+?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value <= 0)
    throw new UsageError(`${option} needs a whole number, 1 or more, got ${quoteArgument(text)}`);
  return value;
}

export function parseSolveArgs(args: readonly string[]): SolveArgs {
  const tiles: string[] = [];
  let goal: string[] | undefined;
  let collecting = tiles; // where plain words go: the start, or the goal right after --goal
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === END_OF_OPTIONS) {
      tiles.push(...args.slice(i + 1));
      break;
    }
    if (!isOptionWord(word)) {
      collecting.push(word);
      continue;
    }
    const { name, inline } = splitOption(word);
    collecting = tiles;
    if (FLAGS.has(name)) {
      checkFlag(name, inline);
      flags.add(name);
    } else if (name === "--goal") {
      if (goal !== undefined) throw repeatedOption(name);
      goal = inline !== undefined ? [inline] : [];
      collecting = goal;
    } else if (VALUE_OPTIONS.has(name)) {
      if (values.has(name)) throw repeatedOption(name);
      // `--size=` (an empty value, e.g. `--batch=$FILE` with FILE unset) has no value either.
      values.set(
        name,
        inline === undefined ? optionValue(name, args[++i]) : inline || optionValue(name, undefined),
      );
    } else {
      throw new UsageError(`unknown option ${showArgument(word)}`);
    }
  }
  if (goal !== undefined && goal.length === 0) throw new UsageError("--goal needs tiles");
  if (flags.has("--progress") && (flags.has("--quiet") || flags.has("-q")))
    throw new UsageError("--progress and --quiet ask for opposite things: give one of them");
  const maxNodes = values.get("--max-nodes");
  const timeLimit = values.get("--time-limit");
  const threads = parseThreads(values.get("--threads"));
  return {
    tiles,
    goal,
    size: values.get("--size"),
    algorithm: values.get("--algorithm"),
    heuristic: values.get("--heuristic"),
    batch: values.get("--batch"),
    json: flags.has("--json"),
    rotation: flags.has("--rotation"),
    help: flags.has("--help") || flags.has("-h"),
    buildMissing: flags.has("--build-missing"),
    progress: flags.has("--quiet") || flags.has("-q") ? "never" : flags.has("--progress") ? "always" : "auto",
    maxNodes: maxNodes === undefined ? undefined : positiveWholeNumber("--max-nodes", maxNodes),
    timeLimitMs: timeLimit === undefined ? undefined : parseTimeLimit(timeLimit),
    threads,
  };
}
