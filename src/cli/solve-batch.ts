// `puzzle solve --batch FILE|-`: puzzles one per line, answered as JSON lines in input order (a bad
// line gives {"error": ...} without stopping the batch), on this thread and `--threads N - 1`
// helpers (../local-executor/batch.ts). Tables are loaded once, for every kind of board in the batch.

import { PuzzleInputError } from "../core/errors.ts";
import { solve } from "../core/solve.ts";
import type { PuzzleSpec } from "../core/types.ts";
import type { BatchHelpers } from "../local-executor/batch.ts";
import type { BatchAnswer } from "../local-executor/batch-task.ts";
import type { SolveArgs } from "./args.ts";
import { counted, resultJson } from "./format.ts";
import {
  EXIT_BAD_INPUT,
  EXIT_STOPPED,
  endIfOutputFailed,
  readFileCapped,
  readStdin,
  UsageError,
  showArgument,
} from "./io.ts";
import { loadPatternDatabases, puzzleFrom, solveOptions, threadCount } from "./solve-setup.ts";

/** A file the user named: not found, a directory, no permission... are their mistakes, said in one line. */
function readBatchFile(path: string): string {
  try {
    return readFileCapped(path);
  } catch (error) {
    if (error instanceof PuzzleInputError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new UsageError(`--batch ${showArgument(path, 200)}: cannot read the file (${code})`);
  }
}

/** The JSON line of a line that could not be solved. */
/** A line's error, with its line number in the input (blank lines give no output line). */
function errorJson(error: unknown, line: number): Record<string, unknown> {
  return { error: error instanceof Error ? error.message.split("\n")[0] : String(error), line };
}

/** A non-blank line of the input: its puzzle or why it is none, and its number (from 1). */
type BatchLine = ({ spec: PuzzleSpec } | { error: unknown }) & { line: number };

function parseBatch(text: string, args: SolveArgs): BatchLine[] {
  // Lines end in \n, \r\n or a lone \r (old Mac files).
  return text.split(/\r\n|\n|\r/).flatMap((written, index): BatchLine[] => {
    if (written.trim() === "") return [];
    try {
      return [{ spec: puzzleFrom(written, args), line: index + 1 }];
    } catch (error) {
      return [{ error, line: index + 1 }];
    }
  });
}

/**
 * A batch's exit status, with one line on stderr saying why when it is not 0: 3 when a line
 * stopped before its answer (time limit, node budget), else 2 when a line was not a puzzle, else 0.
 * Each line's own outcome is in its JSON (`status`, or `error`).
 */
function batchStatus(answers: readonly Record<string, unknown>[]): number {
  const stopped = answers.filter((a) => a.status === "timed_out" || a.status === "budget_exhausted").length;
  const bad = answers.filter((a) => "error" in a).length;
  if (stopped === 0 && bad === 0) return 0;
  const parts = [
    ...(stopped > 0 ? [`${stopped} stopped before an answer (time limit or node budget)`] : []),
    ...(bad > 0 ? [`${bad} not solved (bad input)`] : []),
  ];
  process.stderr.write(`puzzle: ${parts.join(", ")}, of ${counted(answers.length, "line")}\n`);
  return stopped > 0 ? EXIT_STOPPED : EXIT_BAD_INPUT;
}

/** The JSON line of an answer a helper thread of a batch sent back. */
function answerJson(answer: BatchAnswer, line: number): Record<string, unknown> {
  return "result" in answer ? resultJson(answer.result) : errorJson(new Error(answer.error), line);
}

/**
 * Answers the lines, printing each as soon as it and every line before it are answered (input
 * order): in this thread, helped by `helpers` when given (each puzzle unsplit, on one thread).
 */
async function answerLines(
  lines: readonly BatchLine[],
  args: SolveArgs,
  helpers: BatchHelpers | undefined,
): Promise<Record<string, unknown>[]> {
  const options = solveOptions(args);
  const answers: (Record<string, unknown> | undefined)[] = lines.map((line) =>
    "spec" in line ? undefined : errorJson(line.error, line.line),
  );
  let printed = 0;
  const flush = () => {
    for (; printed < answers.length && answers[printed] !== undefined; printed++) {
      process.stdout.write(`${JSON.stringify(answers[printed])}\n`);
      endIfOutputFailed(); // a reader that has gone ends the batch now, not after its last line
    }
  };
  const at = lines.flatMap((line, index) => ("spec" in line ? [index] : []));
  const specs = at.map((index) => (lines[index] as { spec: PuzzleSpec }).spec);
  const onAnswer = (answer: BatchAnswer) => {
    answers[at[answer.index]] = answerJson(answer, lines[at[answer.index]].line);
    flush();
  };
  // `poll` takes the helpers' answers in the middle of this thread's own search (batch.ts).
  const solveHere = (spec: PuzzleSpec, poll?: () => void) =>
    solve(
      spec,
      poll === undefined
        ? options
        : {
            ...options,
            isCancelled: () => {
              poll();
              return false;
            },
          },
    );
  if (helpers !== undefined) await helpers.run(specs, options, solveHere, onAnswer);
  else
    specs.forEach((spec, index) => {
      try {
        onAnswer({ index, result: solveHere(spec) });
      } catch (error) {
        onAnswer({ index, error: error instanceof Error ? error.message : String(error) });
      }
    });
  flush();
  return answers as Record<string, unknown>[];
}

/**
 * One puzzle of each kind of board in the batch that pattern databases tell apart (shape, and where
 * the goal's blank is), in input order: loading the tables for these loads every line's.
 */
function boardKinds(lines: readonly BatchLine[]): PuzzleSpec[] {
  const kinds = new Map<string, PuzzleSpec>();
  for (const line of lines) {
    if (!("spec" in line)) continue;
    const spec = line.spec;
    const key = spec.kind === "sliding" ? `${spec.rows}x${spec.cols}:${spec.goal.indexOf(0)}` : spec.kind;
    if (!kinds.has(key)) kinds.set(key, spec);
  }
  return [...kinds.values()];
}

export async function runBatch(args: SolveArgs): Promise<number> {
  const text = args.batch === "-" ? await readStdin() : readBatchFile(args.batch!);
  const lines = parseBatch(text, args);
  const threads = Math.min(threadCount(args), lines.filter((line) => "spec" in line).length);
  // Helper threads start now: their start-up overlaps the table loading.
  const helpers =
    threads > 1 ? new (await import("../local-executor/batch.ts")).BatchHelpers(threads - 1) : undefined;
  try {
    // Tables are loaded (or a missing one refused, the batch then answering nothing) before the
    // first line is answered, for every kind of board in the batch: a later 4x4 line after 3x3
    // ones gets the tables it would get alone, and nothing is built in memory.
    for (const spec of boardKinds(lines)) await loadPatternDatabases(spec, args);
    return batchStatus(await answerLines(lines, args, helpers));
  } finally {
    await helpers?.close();
  }
}
