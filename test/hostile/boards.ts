// Distinct sliding boards with a predictable search cost, for hostile, load and fault tests: random
// walks of the blank from the default goal (1..n-1, blank last), never undoing the previous move.
// A walk of s steps is at most s moves from the goal, so IDA* solves a 4x4 walk of ~30 steps in
// milliseconds.

/** A small seeded PRNG (mulberry32): the same seed gives the same boards. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scrambledBoard(size: number, steps: number, random: () => number): number[] {
  const cells = size * size;
  const board = Array.from({ length: cells }, (_, i) => (i + 1) % cells);
  let blank = cells - 1;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    const row = Math.floor(blank / size);
    const col = blank % size;
    const options = [
      row > 0 ? blank - size : -1,
      row < size - 1 ? blank + size : -1,
      col > 0 ? blank - 1 : -1,
      col < size - 1 ? blank + 1 : -1,
    ].filter((cell) => cell >= 0 && cell !== previous);
    const next = options[Math.floor(random() * options.length)];
    board[blank] = board[next];
    board[next] = 0;
    previous = blank;
    blank = next;
  }
  return board;
}

/** `count` distinct scrambled boards, none of them the goal itself. */
export function distinctBoards(count: number, size: number, steps: number, seed = 1): number[][] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const boards: number[][] = [];
  const goal = scrambledBoard(size, 0, random).join(",");
  while (boards.length < count) {
    const board = scrambledBoard(size, steps, random);
    const key = board.join(",");
    if (key === goal || seen.has(key)) continue;
    seen.add(key);
    boards.push(board);
  }
  return boards;
}
