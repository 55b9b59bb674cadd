// Process plumbing shared by the subcommands.

import { PuzzleInputError } from "../core/errors.ts";

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Exit status for bad input (usage errors and malformed puzzles alike). */
export const EXIT_BAD_INPUT = 2;

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

/** A command line the CLI cannot make sense of. */
export class UsageError extends Error {
  override readonly name: string = "UsageError";
}
