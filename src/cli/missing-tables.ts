// A named pattern database whose tables are not in PDB_DIR is refused (exit status 2) unless the
// user passes --build-missing: 7-8 takes 15-45 minutes and 2 GB to build, and nobody should start
// that by naming a heuristic. The figures are those measured in docs/pdb.md ("Table builds").

import { buildFigures } from "../pdb-store/build-figures.ts";
import { UsageError } from "./io.ts";

/** The one-line refusal for a pattern database `name` ("pdb:78" or "78") missing from the store. */
export function missingTablesError(name: string, dir: string): UsageError {
  const partition = name.replace(/^pdb:/, "");
  const f = buildFigures(partition);
  const cost =
    f === undefined
      ? ""
      : ` (takes ${f.time} and ${f.buildMemory} of memory; ${f.disk} on disk, ${f.memory} in memory once loaded)`;
  return new UsageError(
    `pdb:${partition} is not built in ${dir}: build it once with \`npx puzzle pdb build ${partition}\`${cost}, or add --build-missing to build it now`,
  );
}

/**
 * The note for a board that `auto` searches without a pattern database because none that serves it
 * is built (`name`, e.g. "pdb:6666": the quickest to build of those that would): linear conflict
 * takes minutes on a hard 15-puzzle and days on a hard 24-puzzle, where the tables take seconds.
 */
export function noTablesNote(name: string, cells: number, dir: string): string {
  const partition = name.replace(/^pdb:/, "");
  const f = buildFigures(partition);
  const cost = f === undefined ? "" : ` (${f.time}, ${f.disk} on disk)`;
  const slow = cells >= 25 ? "hours or days" : "minutes";
  return `puzzle: no pattern database for this board in ${dir}: searching with linear conflict, which can take ${slow} on a hard one; build one once with \`npx puzzle pdb build ${partition}\`${cost}\n`;
}
