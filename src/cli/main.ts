// Entry of the `puzzle` command (bin/puzzle.mjs runs the compiled copy in dist/). Subcommands are
// imported on demand so that `puzzle judge` loads only the 3x3 table code: a judge run must finish,
// Node's start-up included, well within the time a C program takes.

import { isOnOff, ON_OFF } from "../on-off.ts";
import { EXIT_BAD_INPUT, endOnOutputError, quoteArgument, readStdin, reportError, UsageError } from "./io.ts";

const USAGE = `usage: puzzle judge hihocoder|acwing|lanqiao|rotation   (judge input on stdin)
       puzzle solve <tiles...> [options]                  (puzzle solve --help)
       puzzle solve --batch FILE|- [options]
       puzzle pdb build <partition> | puzzle pdb status   (puzzle pdb --help)`;

async function judgeCommand(args: readonly string[]): Promise<number> {
  const { JUDGE_FORMATS, judge, judgeInputLimit } = await import("./judge.ts");
  const usage = `usage: puzzle judge ${JUDGE_FORMATS.join("|")} (input on stdin)`;
  // Asked for, the usage is the answer (stdout, status 0), as for `solve --help` and `pdb --help`,
  // wherever the flag stands (`judge acwing --help` too).
  if (args.some((arg) => arg === "--help" || arg === "-h")) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (args.length === 0) throw new UsageError(usage);
  // Say what is wrong after the usage (a misspelt format, a file name where stdin was meant), as
  // every other bad command line does; the usage stays first, so scripts matching it still do.
  const format = args[0] as (typeof JUDGE_FORMATS)[number];
  if (!JUDGE_FORMATS.includes(format)) {
    throw new UsageError(`${usage}: unknown format ${quoteArgument(args[0])}`);
  }
  if (args.length > 1) {
    throw new UsageError(
      `${usage}: unexpected argument ${quoteArgument(args[1])} (the input is read from stdin)`,
    );
  }
  const limit = judgeInputLimit(format);
  process.stdout.write(await judge(format, await readStdin(limit?.maxBytes, limit?.tooLong)));
  return 0;
}

/**
 * The two on/off settings a `solve` or `pdb` run reads, checked as the platform checks them: a value
 * that is none of the spellings (`PDB_MMAP=maybe`, `PUZZLE_HUGEPAGES=of`) is refused, status 2,
 * instead of silently counting as on. PDB_MMAP is trimmed and read in any case, PUZZLE_HUGEPAGES as
 * written (scripts/tuned-node.sh reads it before node starts); empty counts as unset.
 */
function checkOnOffSettings(env: NodeJS.ProcessEnv = process.env): void {
  const settings: [string, string | undefined][] = [
    ["PDB_MMAP", env.PDB_MMAP?.trim().toLowerCase()],
    ["PUZZLE_HUGEPAGES", env.PUZZLE_HUGEPAGES],
  ];
  for (const [name, value] of settings) {
    if (value === undefined || value === "" || isOnOff(value)) continue;
    throw new UsageError(
      `${name}=${quoteArgument(env[name])}: expected one of ${ON_OFF.join(", ")} (or unset)`,
    );
  }
}

/**
 * A reader that stops early (`puzzle solve --batch FILE | head -2`) closes our stdout: stop quietly
 * then, as a command-line filter should, instead of dying on an unhandled EPIPE with a stack trace.
 * Any other failure to write (a full disk: `> /dev/full`, ENOSPC) is one line on stderr and status 1.
 */
let stoppingQuietly = false;
function stopQuietlyWhenOutputCloses(): void {
  // Once per process: main() runs many times in one process in the tests.
  if (stoppingQuietly) return;
  stoppingQuietly = true;
  process.stdout.on("error", endOnOutputError);
}

const HELP_TOPICS: readonly string[] = ["judge", "solve", "pdb"];

/** `puzzle help [command]`: the usage, or that command's own (`puzzle help solve` = `puzzle solve --help`). */
async function helpCommand(args: readonly string[]): Promise<number> {
  if (args.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!HELP_TOPICS.includes(args[0]))
    throw new UsageError(
      `no help on ${quoteArgument(args[0])} (commands: ${HELP_TOPICS.join(", ")}; \`puzzle help\` shows the usage)`,
    );
  return main([args[0], "--help"]);
}

export async function main(argv: readonly string[]): Promise<number> {
  stopQuietlyWhenOutputCloses();
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "judge":
        return await judgeCommand(rest);
      case "solve": {
        checkOnOffSettings();
        const { solveCommand } = await import("./solve.ts");
        return await solveCommand(rest);
      }
      case "pdb": {
        checkOnOffSettings();
        const { pdbCommand } = await import("./pdb.ts");
        return await pdbCommand(rest);
      }
      case "help":
      case "--help":
      case "-h":
        return await helpCommand(rest);
      case undefined:
        process.stderr.write(`${USAGE}\n`);
        return EXIT_BAD_INPUT;
      default:
        process.stderr.write(
          `puzzle: unknown command ${quoteArgument(command)} (commands: judge, solve, pdb, help; \`puzzle help\` shows the usage)\n`,
        );
        return EXIT_BAD_INPUT;
    }
  } catch (error) {
    return reportError(error);
  }
}
