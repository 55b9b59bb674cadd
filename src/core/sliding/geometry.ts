// Grid geometry shared by the sliding-puzzle searches: neighbour tables and goal coordinates.
// Direction codes are 0..3 = U, D, L, R (the blank's direction); `dir ^ 1` is the reverse move.

export const DIRECTION_LETTERS = "UDLR";

/** neighbours[pos * 4 + dir] = where the blank goes from `pos` in direction `dir`, or -1 off the grid. */
export function neighbourTable(rows: number, cols: number): Int8Array {
  const n = rows * cols;
  const table = new Int8Array(n * 4).fill(-1);
  for (let pos = 0; pos < n; pos++) {
    const row = Math.floor(pos / cols);
    const col = pos % cols;
    if (row > 0) table[pos * 4] = pos - cols;
    if (row < rows - 1) table[pos * 4 + 1] = pos + cols;
    if (col > 0) table[pos * 4 + 2] = pos - 1;
    if (col < cols - 1) table[pos * 4 + 3] = pos + 1;
  }
  return table;
}

/** goalPosition[tile] = the tile's cell in `goal`. */
function goalPositions(goal: readonly number[]): Int32Array {
  const where = new Int32Array(goal.length);
  for (let i = 0; i < goal.length; i++) where[goal[i]] = i;
  return where;
}

/** manhattan[tile * n + pos] = grid distance from `pos` to the tile's goal cell (0 for the blank). */
export function manhattanTable(rows: number, cols: number, goal: readonly number[]): Uint8Array {
  const n = rows * cols;
  const where = goalPositions(goal);
  const table = new Uint8Array(n * n);
  for (let tile = 1; tile < n; tile++) {
    const goalRow = Math.floor(where[tile] / cols);
    const goalCol = where[tile] % cols;
    for (let pos = 0; pos < n; pos++) {
      table[tile * n + pos] = Math.abs(Math.floor(pos / cols) - goalRow) + Math.abs((pos % cols) - goalCol);
    }
  }
  return table;
}
