// A pattern database a search needs is not in memory, and the caller forbade building it
// (SolveOptions.buildMissingTables = false: a worker's solver thread). Retrying cannot help.

export class TableNotLoadedError extends Error {
  override readonly name = "TableNotLoadedError";

  constructor(
    /** The heuristic asked for ("pdb:555"). */
    readonly heuristic: string,
    /** The missing table's key. */
    readonly table: string,
  ) {
    super(`${heuristic}: table ${table} is not loaded and this process does not build tables`);
  }

  /** The partition's name as `puzzle pdb build` takes it ("555"). */
  get partition(): string {
    return this.heuristic.replace(/^pdb:/, "");
  }
}
