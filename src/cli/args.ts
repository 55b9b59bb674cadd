// Command-line parsing for `puzzle solve`. Options may be written `--opt value` or `--opt=value`;
// `--goal` takes every following word up to the next option, like the start tiles do.

import { UsageError } from "./io.ts";

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
const FLAGS = new Set(["--json", "--rotation", "--help", "-h"]);

function positiveNumber(option: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${option} needs a positive number, got "${text}"`);
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
    if (!word.startsWith("--") && word !== "-h") {
      collecting.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = eq > 0 ? word.slice(0, eq) : word;
    collecting = tiles;
    if (FLAGS.has(name)) {
      flags.add(name);
    } else if (name === "--goal") {
      goal = eq > 0 ? [word.slice(eq + 1)] : [];
      collecting = goal;
    } else if (VALUE_OPTIONS.has(name)) {
      const value = eq > 0 ? word.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      values.set(name, value);
    } else {
      throw new UsageError(`unknown option ${word}`);
    }
  }
  if (goal !== undefined && goal.length === 0) throw new UsageError("--goal needs tiles");
  const maxNodes = values.get("--max-nodes");
  const timeLimit = values.get("--time-limit");
  const threads = values.get("--threads");
  if (threads !== undefined && !/^[1-9][0-9]*$/.test(threads))
    throw new UsageError(`--threads needs a whole number of at least 1, got "${threads}"`);
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
    maxNodes: maxNodes === undefined ? undefined : positiveNumber("--max-nodes", maxNodes),
    timeLimitMs: timeLimit === undefined ? undefined : positiveNumber("--time-limit", timeLimit),
    threads: threads === undefined ? undefined : Number(threads),
  };
}
