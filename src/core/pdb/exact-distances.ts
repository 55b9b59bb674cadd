// Exact distances by breadth-first search over whole boards, for checking the heuristic and the
// solver on small boards in tests. Boards are keyed as base-n numbers (exact up to 3x4).

export function boardKey(board: ArrayLike<number>, n: number): number {
  let key = 0;
  for (let i = 0; i < n; i++) key = key * n + board[i];
  return key;
}

export function keyBoard(key: number, n: number): number[] {
  const board = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    board[i] = key % n;
    key = Math.floor(key / n);
  }
  return board;
}

/** The boards one move away. */
export function neighbourBoards(board: readonly number[], cols: number): number[][] {
  const n = board.length;
  const blank = board.indexOf(0);
  const out: number[][] = [];
  for (const to of [
    blank - cols,
    blank + cols,
    blank % cols ? blank - 1 : -1,
    blank % cols !== cols - 1 ? blank + 1 : -1,
  ]) {
    if (to < 0 || to >= n) continue;
    const child = [...board];
    child[blank] = child[to];
    child[to] = 0;
    out.push(child);
  }
  return out;
}

/** Distance from every board within `maxDepth` moves of `goal` (all of them by default). */
export function exactDistances(
  rows: number,
  cols: number,
  goal: readonly number[],
  maxDepth = Infinity,
): Map<number, number> {
  const n = rows * cols;
  const dist = new Map<number, number>([[boardKey(goal, n), 0]]);
  let layer: number[][] = [[...goal]];
  for (let d = 1; d <= maxDepth && layer.length > 0; d++) {
    const next: number[][] = [];
    for (const board of layer) {
      for (const child of neighbourBoards(board, cols)) {
        const key = boardKey(child, n);
        if (!dist.has(key)) {
          dist.set(key, d);
          next.push(child);
        }
      }
    }
    layer = next;
  }
  return dist;
}
