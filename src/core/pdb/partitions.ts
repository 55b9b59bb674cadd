// The named partitions, in the frame where the goal is 0 1 2 ... n-1 (blank top-left, tile i on
// cell i, as in Korf's instance files). Each group lists the home cells of its tiles. Goals with the
// blank in another corner are flipped into this frame and relabelled (see frame.ts).

export interface PartitionDef {
  readonly name: string;
  readonly rows: number;
  readonly cols: number;
  readonly groups: readonly (readonly number[])[];
  /** Further partitions of the same tiles, looked up too (the heuristic takes the maximum). */
  readonly extra?: readonly (readonly (readonly number[])[])[];
  /** Further partitions measured but not used by default (bench/pdb-nodes.ts `extras=`). */
  readonly optionalExtra?: readonly (readonly (readonly number[])[])[];
  /**
   * Groups that wall the goal's blank cell off use tables built from the blank's home region only
   * (stronger; see layout.ts, docs/pdb.md "Why 7-8 generated more nodes than published").
   */
  readonly goalBlank?: boolean;
  /**
   * Tables with designated-region entries (designated.ts; docs/pdb.md "Designated regions"): fewer
   * nodes for the same memory, at the cost of a flood fill on the entries that carry them.
   */
  readonly regions?: boolean;
  readonly description: string;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const PARTITIONS: Readonly<Record<string, PartitionDef>> = {
  "663": {
    name: "663",
    rows: 4,
    cols: 4,
    // . 1 1 1      the top row (3 tiles), then the left and right 3x2 blocks below it
    // 2 2 3 3
    // 2 2 3 3
    // 2 2 3 3
    groups: [
      [1, 2, 3],
      [4, 5, 8, 9, 12, 13],
      [6, 7, 10, 11, 14, 15],
    ],
    // . 1 2 2      a second 6-6-3 whose group borders cross the first one's: the maximum of both
    // 1 1 2 2      (each with its reflection) halves the nodes of the first alone, for one more
    // 3 3 2 2      6-tile table (its 3x2 block is the first partition's, rotated)
    // 3 3 3 3
    extra: [
      [
        [1, 4, 5],
        [2, 3, 6, 7, 10, 11],
        [8, 9, 12, 13, 14, 15],
      ],
    ],
    goalBlank: true, // {1,4,5} walls the blank's home off: 37.1 M -> 21.5 M nodes on Korf's 100
    regions: true, // Korf's 100: 20.0 M -> 15.3 M nodes (docs/pdb.md "Designated regions")
    description: "15-puzzle, 6-6-3: top row + two 3x2 blocks, maximised with a second 6-6-3",
  },
  "555": {
    name: "555",
    rows: 4,
    cols: 4,
    groups: [
      [1, 2, 3, 6, 7],
      [4, 5, 8, 9, 12],
      [10, 11, 13, 14, 15],
    ],
    description: "15-puzzle, 5-5-5",
  },
  "78": {
    name: "78",
    rows: 4,
    cols: 4,
    groups: [range(1, 7), range(8, 15)],
    goalBlank: true, // {1..7} walls the blank's home off, as in Korf & Felner's table
    regions: true, // Korf's 100: 2.63 M -> 1.93 M nodes (docs/pdb.md "Designated regions")
    description: "15-puzzle, 7-8: top two rows, bottom two rows (Korf & Felner)",
  },
  "6666": {
    name: "6666",
    rows: 5,
    cols: 5,
    // Korf & Felner 2002: one irregular group around the blank and three 3x2 blocks that are
    // rotations of each other (so they share one table).
    groups: [
      [1, 2, 5, 6, 7, 12],
      [3, 4, 8, 9, 13, 14],
      [10, 11, 15, 16, 20, 21],
      [17, 18, 19, 22, 23, 24],
    ],
    // Measured, not used by default (docs/pdb.md, "The 24-puzzle"): each maximised with the above.
    optionalExtra: [
      // . 1 1 1 1    A: its own mirror image (so no reflected lookups), crossing every border
      // 2 3 3 1 1    above: the top row and the left column with two cells inside each, a centre
      // 2 3 3 3 4    group on the diagonal, the bottom-right staircase. Three more tables. Korf's
      // 2 2 3 4 4    #40, #25, #38, #32: 677.7 M -> 549.1 M nodes, the same CPU time, +1.07 GB.
      // 2 2 4 4 4
      [
        [1, 2, 3, 4, 8, 9],
        [5, 10, 15, 16, 20, 21],
        [6, 7, 11, 12, 13, 17],
        [14, 18, 19, 22, 23, 24],
      ],
      // . 1 2 2 2    B: the top-right block turned wide, the group around the blank takes the
      // 1 1 2 2 2    middle; with its reflection (the fourth arrangement of the corner blocks) one
      // 3 3 1 1 1    more table. #40 + #25: 9% fewer nodes, 22% more CPU.
      // 3 3 4 4 4
      // 3 3 4 4 4
      [
        [1, 5, 6, 12, 13, 14],
        [2, 3, 4, 7, 8, 9],
        [10, 11, 15, 16, 20, 21],
        [17, 18, 19, 22, 23, 24],
      ],
      // . 1 1 2 2    C: a 2x2 block at the blank and two cells below it (-b0), the rest of the top
      // 1 1 2 2 2    two rows, and two corner blocks standing the other way from the first
      // 1 1 2 3 3    partition's (its reflection's: the 3x2 block's table again). Two more tables.
      // 4 4 4 3 3
      // 4 4 4 3 3
      [
        [1, 2, 5, 6, 10, 11],
        [3, 4, 7, 8, 9, 12],
        [13, 14, 18, 19, 23, 24],
        [15, 16, 17, 20, 21, 22],
      ],
      // . 1 2 2 2    D: the left column with the cell beside the blank (-b0), a top-right corner
      // 1 1 2 2 2    block lying down, a 3x2 block in the bottom middle and the bottom-right corner
      // 1 3 3 4 4    block standing: borders across the first partition's blocks. Two more tables.
      // 1 3 3 4 4
      // 1 3 3 4 4
      [
        [1, 5, 6, 10, 15, 20],
        [2, 3, 4, 7, 8, 9],
        [11, 12, 16, 17, 21, 22],
        [13, 14, 18, 19, 23, 24],
      ],
    ],
    goalBlank: true, // {1,2,5,6,7,12} walls the blank's home off: #40 299.6 M -> 36.6 M nodes
    regions: true, // #40: 22.2 M -> 11.6 M nodes (docs/pdb.md "Designated regions")
    description: "24-puzzle, 6-6-6-6 (Korf & Felner)",
  },
};

/** Checks that the groups are disjoint and cover cells 1..n-1 exactly. */
export function validatePartition(def: Pick<PartitionDef, "rows" | "cols" | "groups" | "extra">): void {
  for (const groups of [def.groups, ...(def.extra ?? [])]) validateGroups(def.rows * def.cols, groups);
}

function validateGroups(n: number, groups: readonly (readonly number[])[]): void {
  const seen = new Uint8Array(n);
  for (const group of groups) {
    if (group.length === 0 || group.length > 8) throw new RangeError("a group holds 1..8 tiles");
    for (const cell of group) {
      if (!Number.isInteger(cell) || cell < 1 || cell >= n) throw new RangeError(`cell ${cell} out of range`);
      if (seen[cell]) throw new RangeError(`cell ${cell} in two groups`);
      seen[cell] = 1;
    }
  }
  for (let cell = 1; cell < n; cell++) if (!seen[cell]) throw new RangeError(`cell ${cell} in no group`);
}
