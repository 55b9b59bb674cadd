// A board's cells as bit sets (bit `cell`, boards up to 30 cells): each cell's neighbours, and the
// region of free cells a blank can reach, found at once by bitwise flood fill. Shared by the table
// build (build.ts) and the dual lookup's corrections (dual.ts).

export interface BoardRegions {
  /** Per cell, its neighbours (up, down, left, right, where the board has them). */
  readonly neighbours: readonly (readonly number[])[];
  /** The cells of `free` connected to `seed` (bit sets; `seed` inside `free`). */
  readonly flood: (seed: number, free: number) => number;
}

export function boardRegions(rows: number, cols: number): BoardRegions {
  const n = rows * cols;
  let notFirstCol = 0;
  let notLastCol = 0;
  for (let cell = 0; cell < n; cell++) {
    if (cell % cols !== 0) notFirstCol |= 1 << cell;
    if (cell % cols !== cols - 1) notLastCol |= 1 << cell;
  }
  const flood = (seed: number, free: number): number => {
    let region = seed;
    let previous: number;
    do {
      previous = region;
      region =
        (region |
          ((region << 1) & notFirstCol) |
          ((region >>> 1) & notLastCol) |
          (region << cols) |
          (region >>> cols)) &
        free;
    } while (region !== previous);
    return region;
  };
  const neighbours: number[][] = [];
  for (let cell = 0; cell < n; cell++) {
    const list: number[] = [];
    if (cell >= cols) list.push(cell - cols);
    if (cell < n - cols) list.push(cell + cols);
    if (cell % cols !== 0) list.push(cell - 1);
    if (cell % cols !== cols - 1) list.push(cell + 1);
    neighbours.push(list);
  }
  return { neighbours, flood };
}
