// What building each partition costs, shown before a build starts (the worker's first run) and when
// the CLI refuses to start one unasked. Times and build memory are measured (docs/pdb.md, "Table
// builds"); the files' size is computed from the partition's tables, so it cannot drift from them.

import { pdbDirectSpecs, pdbTableSpecs, storedMachineTable } from "../core/pdb/index.ts";
import { DATA_ALIGNMENT } from "./file-format.ts";

export interface BuildFigures {
  /** Wall time of a build on the development hosts. */
  readonly time: string;
  /** Peak memory while building. */
  readonly buildMemory: string;
  /** Size of the partition's files in PDB_DIR (its tables, their direct-address copies, its board's move machine). */
  readonly disk: string;
  /** What a solving process maps once they are loaded: the same files, one copy shared by every process. */
  readonly memory: string;
}

const MEASURED: Readonly<Record<string, Pick<BuildFigures, "time" | "buildMemory">>> = {
  "555": { time: "~1 s", buildMemory: "under 100 MB" },
  "663": { time: "5-10 s", buildMemory: "about 160 MB" },
  "78": { time: "14-45 min", buildMemory: "about 3.2 GB" },
  "6666": { time: "2-8 min", buildMemory: "about 3.7 GB" },
};

/** The figures of a partition ("663" or "pdb:663"), or undefined for an unknown one. */
export function buildFigures(name: string): BuildFigures | undefined {
  const partition = name.replace(/^pdb:/, "");
  const measured = MEASURED[partition];
  if (measured === undefined) return undefined;
  const size = `${Math.round(partitionFileBytes(partition) / 2 ** 20)} MiB`;
  return { ...measured, disk: size, memory: `about ${size}` };
}

/** Bytes of the files a built partition leaves in PDB_DIR, each with its header page. */
export function partitionFileBytes(name: string): number {
  const tables = pdbTableSpecs(name);
  const { rows, cols } = tables[0];
  const data = [
    ...tables.map((table) => table.entries),
    ...pdbDirectSpecs(name).map((direct) => direct.entries),
    storedMachineTable(rows, cols).bytes,
  ];
  return data.reduce((sum, bytes) => sum + DATA_ALIGNMENT + bytes, 0);
}
