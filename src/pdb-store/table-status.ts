// What `puzzle pdb status` reports: every file a partition keeps in PDB_DIR (its tables, their
// direct-address copies, its board's move machine), each checked as a load checks it (hashed; an
// invalid file removed). The derived files are laid out again by the next load when missing or
// removed, so their state says so.

import { PDB_HEURISTICS, pdbDirectSpecs, pdbTableSpecs } from "../core/pdb/index.ts";
import { directStoredTable } from "./direct-tables.ts";
import type { StoredTable } from "./file-format.ts";
import { loadTable, loadedChecksum, tablePath } from "./load-table.ts";
import { machineStoredTable } from "./move-machine-file.ts";
import { existsSync } from "node:fs";

export interface TableFileState {
  /** What the file serves: a heuristic (`pdb:663`) or, for a move machine, a board (`4x4`). */
  readonly owner: string;
  readonly key: string;
  /** Bytes of its data (the file adds a header page). */
  readonly bytes: number;
  readonly state: string;
}

/** Checks every file of every partition in `dir`, in the order a listing shows them. */
export function tableFileStates(dir: string): TableFileState[] {
  const states: TableFileState[] = [];
  const boards = new Set<string>();
  for (const heuristic of PDB_HEURISTICS) {
    const tables = pdbTableSpecs(heuristic);
    const ok = new Set<string>();
    for (const table of tables) {
      const file = check(table, dir, "missing");
      if (file.state === "ok") ok.add(table.key);
      states.push({ owner: heuristic, ...file });
    }
    for (const direct of pdbDirectSpecs(heuristic)) {
      // A copy names the checksum of the table it was laid out from: checked against this run's.
      const source = ok.has(direct.source.key) ? loadedChecksum(direct.source.key) : undefined;
      const state =
        source !== undefined
          ? check(directStoredTable(direct, source), dir, "missing (laid out at the next load)")
          : {
              key: direct.key,
              bytes: direct.entries,
              state: existsSync(tablePath(direct, dir)) ? "not checked (its table is not ok)" : "missing",
            };
      states.push({ owner: heuristic, ...state });
    }
    const { rows, cols } = tables[0];
    boards.add(`${rows}x${cols}`);
  }
  for (const board of boards) {
    const [rows, cols] = board.split("x").map(Number);
    states.push({
      owner: board,
      ...check(machineStoredTable(rows, cols), dir, "missing (laid out at the next load)"),
    });
  }
  return states;
}

function check(table: StoredTable, dir: string, absent: string): Omit<TableFileState, "owner"> {
  if (!existsSync(tablePath(table, dir))) return { key: table.key, bytes: table.entries, state: absent };
  let notRemoved: string | undefined;
  const ok = loadTable(table, {
    dir,
    verify: true,
    onEvent: (event) => {
      if (event.kind === "rejected") notRemoved = event.notRemoved;
    },
  });
  const state = ok
    ? "ok"
    : notRemoved === undefined
      ? "invalid (removed)"
      : `invalid (not removed: ${notRemoved})`;
  return { key: table.key, bytes: table.entries, state };
}
