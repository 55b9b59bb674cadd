// From a partition to the tables it needs and the lookups the search makes. A table is identified by
// its board size and its home cells; groups whose cells are a symmetric image of an existing table's
// cells reuse that table through a cell map (the 6-6-3 blocks are mirror images; three of the 24-
// puzzle's groups are rotations of one block). The reflected heuristic looks up the state mirrored
// about the main diagonal: tile t on cell p counts as tile m(t) on cell m(p), which keeps the goal
// (blank top-left, tile i on cell i) fixed, so its sum is admissible too.

import { groupEntries } from "./rank.ts";
import type { PartitionDef } from "./partitions.ts";
import { boardSymmetries, transpose } from "./symmetry.ts";

export interface TableSpec {
  /** Registry and file name, e.g. `pdb-4x4-4.5.8.9.12.13`. */
  readonly key: string;
  readonly rows: number;
  readonly cols: number;
  /** Home cells of the table's tiles, ascending; tile j of the table belongs on cells[j]. */
  readonly cells: readonly number[];
  readonly entries: number;
  /**
   * The goal's blank cell in the table's frame, when the table is built from its free region only:
   * set when the group's home cells wall the blank's home off from other free cells (the table is
   * then stronger); absent when the free cells are connected (the table would be the same).
   */
  readonly blank?: number;
  /**
   * Designated-region entries (designated.ts, docs/pdb.md "Designated regions"): an entry may also
   * carry the larger value that holds with the blank in the group's major free region. Key suffix `-r`.
   */
  readonly regions?: true;
}

/** One table lookup: which tiles (canonical labels = home cells), in table order, and where to look. */
interface LookupGroup {
  readonly tableKey: string;
  readonly tiles: readonly number[];
  /** board cell -> cell in the table's frame */
  readonly map: Int32Array;
}

export interface PartitionLayout {
  readonly rows: number;
  readonly cols: number;
  readonly tables: readonly TableSpec[];
  /**
   * Additive sets of lookups; the heuristic is the maximum of their sums. Per partition (the main
   * one, then any extra ones): its groups, then (square boards, `reflect`) the same groups looked up
   * on the mirrored state, unless the mirrored groups are the partition's own (the same sum).
   */
  readonly sets: readonly (readonly LookupGroup[])[];
}

function tableKey(
  rows: number,
  cols: number,
  cells: readonly number[],
  blank?: number,
  regions = false,
): string {
  return `pdb-${rows}x${cols}-${cells.join(".")}${blank === undefined ? "" : `-b${blank}`}${regions ? "-r" : ""}`;
}

/** True when `group`'s cells cut the goal's blank cell (0) off from some other free cell. */
function wallsBlankOff(rows: number, cols: number, group: readonly number[]): boolean {
  const n = rows * cols;
  const free = new Uint8Array(n).fill(1);
  for (const cell of group) free[cell] = 0;
  const reached = new Uint8Array(n);
  const stack = [0];
  reached[0] = 1;
  let count = 1;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const around = [r > 0 ? cell - cols : -1, r < rows - 1 ? cell + cols : -1, c > 0 ? cell - 1 : -1];
    around.push(c < cols - 1 ? cell + 1 : -1);
    for (const next of around) {
      if (next < 0 || !free[next] || reached[next]) continue;
      reached[next] = 1;
      count++;
      stack.push(next);
    }
  }
  return count < n - group.length;
}

/** True when the partition's groups, mirrored, are its groups again (its reflection adds nothing). */
function mirrorsItself(groups: readonly (readonly number[])[], m: Int32Array): boolean {
  const keys = new Set(groups.map((g) => [...g].sort((a, b) => a - b).join(".")));
  return groups.every((g) =>
    keys.has(
      g
        .map((cell) => m[cell])
        .sort((a, b) => a - b)
        .join("."),
    ),
  );
}

function sameCells(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * `goalBlank`: groups that wall the goal's blank cell off get tables built from the blank's region
 * only (TableSpec.blank), instead of the weaker blank-anywhere tables. `regions`: every table has
 * designated-region entries (TableSpec.regions).
 */
export function partitionLayout(
  def: Pick<PartitionDef, "rows" | "cols" | "groups" | "extra">,
  reflect = true,
  goalBlank = false,
  regions = false,
): PartitionLayout {
  const { rows, cols } = def;
  const n = rows * cols;
  const symmetries = boardSymmetries(rows, cols);
  const tables: TableSpec[] = [];
  const lookupFor = (group: readonly number[]): LookupGroup => {
    const walled = goalBlank && wallsBlankOff(rows, cols, group);
    for (const sym of symmetries) {
      const image = group.map((cell) => sym.map[cell]).sort((a, b) => a - b);
      const blank = walled ? sym.map[0] : undefined;
      const table = tables.find((t) => sameCells(t.cells, image) && t.blank === blank);
      if (table === undefined) continue;
      const inverse = new Int32Array(n);
      for (let cell = 0; cell < n; cell++) inverse[sym.map[cell]] = cell;
      return {
        tableKey: table.key,
        tiles: table.cells.map((c) => inverse[c]),
        map: sym.map,
      };
    }
    const cells = [...group].sort((a, b) => a - b);
    const table: TableSpec = {
      key: tableKey(rows, cols, cells, walled ? 0 : undefined, regions),
      rows,
      cols,
      cells,
      entries: groupEntries(n, cells.length),
      ...(walled ? { blank: 0 } : {}),
      ...(regions ? { regions: true as const } : {}),
    };
    tables.push(table);
    return { tableKey: table.key, tiles: cells, map: symmetries[0].map };
  };
  const sets: LookupGroup[][] = [];
  for (const partition of [def.groups, ...(def.extra ?? [])]) {
    const regular = partition.map(lookupFor);
    sets.push(regular);
    if (reflect && rows === cols && !mirrorsItself(partition, transpose(rows).map)) {
      const m = transpose(rows).map;
      sets.push(
        regular.map((g) => ({
          tableKey: g.tableKey,
          tiles: g.tiles.map((t) => m[t]),
          map: Int32Array.from(m, (_, cell) => g.map[m[cell]]),
        })),
      );
    }
  }
  return { rows, cols, tables, sets };
}
