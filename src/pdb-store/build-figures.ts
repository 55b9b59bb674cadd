// What building each partition costs, as measured in docs/pdb.md ("Table builds"): shown before a
// build starts (the worker's first run) and when the CLI refuses to start one unasked.

export interface BuildFigures {
  /** Wall time of a build on the development hosts. */
  readonly time: string;
  /** Peak memory while building. */
  readonly buildMemory: string;
  /** Size of the files, and of the tables a solving process holds once they are loaded. */
  readonly disk: string;
  readonly memory: string;
}

const FIGURES: Readonly<Record<string, BuildFigures>> = {
  "555": { time: "~1 s", buildMemory: "under 100 MB", disk: "1 MiB", memory: "about 3 MiB" },
  "663": { time: "5-10 s", buildMemory: "about 160 MB", disk: "11 MiB", memory: "about 45 MiB" },
  "78": { time: "14-45 min", buildMemory: "about 3.2 GB", disk: "550 MiB", memory: "about 550 MiB" },
  "6666": { time: "3-8 min", buildMemory: "about 3.7 GB", disk: "243 MiB", memory: "about 710 MiB" },
};

/** The figures of a partition ("663" or "pdb:663"), or undefined for an unknown one. */
export function buildFigures(name: string): BuildFigures | undefined {
  return FIGURES[name.replace(/^pdb:/, "")];
}
