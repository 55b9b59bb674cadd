// Process plumbing shared by the subcommands.

import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { PuzzleInputError } from "../core/errors.ts";
import { quoteToken } from "../core/notation.ts";

/**
 * The most input a command reads (`judge`, `solve --batch -` or `--batch FILE`): about a million
 * Rotation Game boards or 3x3 batch lines. Beyond it the input is refused as soon as it is reached,
 * instead of reading without end (`yes | puzzle judge acwing` held gigabytes within seconds).
 */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

function tooLong(maxBytes: number): PuzzleInputError {
  return new PuzzleInputError(
    `the input holds more than ${maxBytes / 1024 / 1024} MiB (the most one run reads): split it into several runs`,
    "BAD_PUZZLE",
    "input",
  );
}

/**
 * Reads stdin whole, at most `maxBytes` of it: once more has come the read stops and `tooLongError`
 * is thrown (by default the 64 MiB message), so an endless input costs no more than its cap.
 */
export async function readStdin(
  maxBytes = MAX_INPUT_BYTES,
  tooLongError: () => Error = () => tooLong(maxBytes),
): Promise<string> {
  // A folder as standard input (`< /`) reads as nothing at all: said, rather than taken as empty input.
  if (isFolder(0))
    throw new PuzzleInputError("standard input is a folder, not a file", "BAD_PUZZLE", "input");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLongError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function isFolder(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false; // no such descriptor (closed): the read says what is wrong
  }
}

/**
 * A file's text, at most `maxBytes` of it (a larger file is refused: a regular file by its size before
 * any read, a pipe or device such as /dev/zero once that much came). Errors opening or reading it are
 * thrown as they come (ENOENT, EISDIR, ...).
 */
export function readFileCapped(path: string, maxBytes = MAX_INPUT_BYTES): string {
  const fd = openSync(path, "r");
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > maxBytes) throw tooLong(maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 20);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      size += read;
      if (size > maxBytes) throw tooLong(maxBytes);
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

// Exit statuses (docs/cli.md, "Exit status"). 1 is left for unexpected errors.
/** Bad input: usage errors, malformed puzzles, a named pattern database that is not built. */
export const EXIT_BAD_INPUT = 2;
/** A search stopped by --time-limit or --max-nodes before its answer (the lower bound is printed). */
export const EXIT_STOPPED = 3;
/** Interrupted (Ctrl-C): 128 + SIGINT, what a shell reports for a process the signal ended. */
export const EXIT_INTERRUPTED = 130;

/**
 * Reports an error as one line on stderr, never a stack trace, and returns the exit status:
 * 2 for bad input, 1 for anything unexpected.
 */
export function reportError(error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n")[0];
  if (error instanceof PuzzleInputError || error instanceof UsageError) {
    process.stderr.write(`puzzle: ${firstLine}\n`);
    return EXIT_BAD_INPUT;
  }
  process.stderr.write(`puzzle: internal error: ${firstLine}\n`);
  return 1;
}

/**
 * Ends the process on a failed write to stdout: quietly (status 0) when the reader has gone (EPIPE,
 * `| head -2`), else with one line on stderr and status 1 (`> /dev/full`: ENOSPC).
 */
export function endOnOutputError(error: NodeJS.ErrnoException): never {
  if (error.code === "EPIPE") process.exit(0);
  process.stderr.write(`puzzle: cannot write the output: ${error.code ?? error.message.split("\n")[0]}\n`);
  process.exit(1);
}

/**
 * Ends the process now if a write to stdout has failed. The stream reports the failure as an event,
 * which waits for the event loop: a batch whose search holds this thread (every line with --threads
 * 1, the main thread's own puzzle with more) calls this after its writes, so that `| head -1` ends
 * it at its next line instead of after the whole batch.
 */
export function endIfOutputFailed(): void {
  const error = process.stdout.errored as NodeJS.ErrnoException | null | undefined;
  if (error) endOnOutputError(error);
}

/** A command line the CLI cannot make sense of. */
export class UsageError extends Error {
  override readonly name: string = "UsageError";
}

/**
 * A word of the command line as a message quotes it: in double quotes, control characters escaped
 * (stderr may be a terminal), cut at `length` characters (a megabyte of junk stays one short line).
 */
export function quoteArgument(arg: string | undefined, length = 40): string {
  return quoteToken(arg ?? "", length);
}

/** An option or a path as a message names it: as typed when it is short printable text, else quoted. */
export function showArgument(arg: string, length = 40): string {
  return arg.length <= length && /^[\x21-\x7e]*$/.test(arg) ? arg : quoteArgument(arg, length);
}
