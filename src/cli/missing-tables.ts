// A named pattern database whose tables are not in PDB_DIR is refused (exit status 2) unless the
// user passes --build-missing: 7-8 takes 15-45 minutes and 2 GB to build, and nobody should start
// that by naming a heuristic. The figures are those measured in docs/pdb.md ("Table builds").

import { pdbDir } from "../pdb-store/store.ts";
import { UsageError } from "./io.ts";

interface BuildFigures {
  /** Wall time of `puzzle pdb build`, as measured on the development hosts. */
  readonly time: string;
  /** Peak memory of the build. */
  readonly buildMemory: string;
  /** Size of the files, and of the tables a solving process holds once they are loaded. */
  readonly disk: string;
  readonly memory: string;
}

const FIGURES: Readonly<Record<string, BuildFigures>> = {
  "555": { time: "about 1 s", buildMemory: "under 100 MB", disk: "1 MiB", memory: "about 3 MiB" },
  "663": { time: "10-20 s", buildMemory: "about 160 MB", disk: "11 MiB", memory: "about 45 MiB" },
  "78": { time: "15-45 min", buildMemory: "about 2.2 GB", disk: "550 MiB", memory: "about 550 MiB" },
  "6666": { time: "5-8 min", buildMemory: "about 2.9 GB", disk: "243 MiB", memory: "about 710 MiB" },
};

/** The one-line refusal for a pattern database `name` ("pdb:78" or "78") missing from the store. */
export function missingTablesError(name: string, dir = pdbDir()): UsageError {
  const partition = name.replace(/^pdb:/, "");
  const f = FIGURES[partition];
  const cost =
    f === undefined
      ? ""
      : ` (takes ${f.time} and ${f.buildMemory} of memory; ${f.disk} on disk, ${f.memory} in memory once loaded)`;
  return new UsageError(
    `pdb:${partition} is not built in ${dir}: build it once with \`npx puzzle pdb build ${partition}\`${cost}, or add --build-missing to build it now`,
  );
}
