// IDA* for the Rotation Game with the classic heuristic h = 8 - (count of the most frequent
// symbol in the centre). A move takes one cell's symbol out of the centre and brings one in, so
// h drops by at most one per move: admissible and consistent. Children are tried in A..H order,
// so the first goal found under the first sufficient bound is the shortest sequence and, among
// those, the lexicographically smallest. Kept as an independent cross-check of the table.

import type { SearchProgress, SolveOptions } from "../types.ts";
import { applyMoveInPlace } from "./board.ts";
import { CENTRE_CELLS, COPIES_PER_SYMBOL, INVERSE_MOVE, MOVE_LETTERS, MOVE_LINES } from "./geometry.ts";

type IdaOutcome = "solved" | "cancelled" | "timed_out" | "budget_exhausted";

export interface IdaResult {
  readonly outcome: IdaOutcome;
  /** Empty unless solved. */
  readonly moves: string;
  /** The centre symbol at the end; 0 unless solved. */
  readonly centre: number;
  readonly nodes: number;
  /** The last bound searched: no solution is shorter. */
  readonly lowerBound: number;
}

const CHECK_EVERY = 4096;
const NO_MOVE = -1;

// A move shifts its line by one: the symbol at line position 2 leaves the centre and the one at
// position 5 enters it (positions 2..4 of every line are centre cells). This keeps the centre
// counts, and so the heuristic, up to date in O(1) per move.
const LEAVING_CELL = MOVE_LINES.map((line) => line[2]);
const ENTERING_CELL = MOVE_LINES.map((line) => line[5]);

export function idaStarRotation(start: readonly number[], options: SolveOptions = {}): IdaResult {
  const board = Uint8Array.from(start);
  const path = new Int8Array(64);
  const counts = new Int32Array(4);
  for (const cell of CENTRE_CELLS) counts[board[cell]]++;
  const began = performance.now();
  const maxNodes = options.maxNodes ?? Infinity;
  const deadline = options.timeLimitMs === undefined ? Infinity : began + options.timeLimitMs;
  const interval = options.progressIntervalMs ?? 250;
  let lastProgress = began;
  let nodes = 0;
  let nextCheck = CHECK_EVERY;
  let stopped: IdaOutcome | undefined;
  const heuristic = () => COPIES_PER_SYMBOL - Math.max(counts[1], counts[2], counts[3]);
  let bound = heuristic();

  const step = (move: number) => {
    counts[board[LEAVING_CELL[move]]]--;
    counts[board[ENTERING_CELL[move]]]++;
    applyMoveInPlace(board, move);
  };
  let nextBound = Infinity;
  let foundDepth = 0;

  const report = (now: number) => {
    lastProgress = now;
    const progress: SearchProgress = { bound, nodes, elapsedMs: now - began };
    options.onProgress?.(progress);
  };

  // The periodic checks run every CHECK_EVERY nodes (or at the node budget) to keep them cheap.
  const shouldStop = (): boolean => {
    nextCheck = nodes + CHECK_EVERY;
    if (nodes >= maxNodes) stopped = "budget_exhausted";
    else if (options.isCancelled?.()) stopped = "cancelled";
    else {
      const now = performance.now();
      if (now >= deadline) stopped = "timed_out";
      else if (now - lastProgress >= interval) report(now);
    }
    return stopped !== undefined;
  };

  const search = (depth: number, previous: number): boolean => {
    const h = heuristic();
    if (h === 0) {
      foundDepth = depth;
      return true;
    }
    const f = depth + h;
    if (f > bound) {
      if (f < nextBound) nextBound = f;
      return false;
    }
    const skip = previous === NO_MOVE ? NO_MOVE : INVERSE_MOVE[previous];
    for (let move = 0; move < MOVE_LETTERS.length; move++) {
      if (move === skip) continue;
      if (++nodes >= nextCheck || nodes >= maxNodes) {
        if (shouldStop()) return false;
      }
      step(move);
      path[depth] = move;
      if (search(depth + 1, move)) return true;
      step(INVERSE_MOVE[move]);
      if (stopped !== undefined) return false;
    }
    return false;
  };

  for (;;) {
    report(performance.now());
    nextBound = Infinity;
    if (search(0, NO_MOVE)) {
      let moves = "";
      for (let i = 0; i < foundDepth; i++) moves += MOVE_LETTERS[path[i]];
      // Every shallower bound was exhausted, so foundDepth is the optimal length.
      return { outcome: "solved", moves, centre: board[CENTRE_CELLS[0]], nodes, lowerBound: foundDepth };
    }
    if (stopped !== undefined) return { outcome: stopped, moves: "", centre: 0, nodes, lowerBound: bound };
    bound = nextBound;
  }
}
