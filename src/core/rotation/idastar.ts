// IDA* for the Rotation Game with the classic heuristic h = 8 - (count of the most frequent
// symbol in the centre). A move takes one cell's symbol out of the centre and brings one in, so
// h drops by at most one per move: admissible and consistent. Children are tried in A..H order,
// so the first goal found under the first sufficient bound is the shortest sequence and, among
// those, the lexicographically smallest. Kept as an independent cross-check of the table.

import { SearchControl, type SearchOutcome } from "../search-control.ts";
import type { SolveOptions } from "../types.ts";
import { applyMoveInPlace } from "./board.ts";
import { CENTRE_CELLS, COPIES_PER_SYMBOL, INVERSE_MOVE, MOVE_LETTERS, MOVE_LINES } from "./geometry.ts";

export interface RotationOutcome extends SearchOutcome {
  /** The centre symbol at the end; 0 unless solved. */
  readonly centre: number;
}

/** Polls every POLL_EVERY generated nodes (and exactly at the node budget). */
const POLL_EVERY = 4096;
const NO_MOVE = -1;

// A move shifts its line by one: the symbol at line position 2 leaves the centre and the one at
// position 5 enters it (positions 2..4 of every line are centre cells). This keeps the centre
// counts, and so the heuristic, up to date in O(1) per move.
const LEAVING_CELL = MOVE_LINES.map((line) => line[2]);
const ENTERING_CELL = MOVE_LINES.map((line) => line[5]);

export function idaStarRotation(start: readonly number[], options: SolveOptions = {}): RotationOutcome {
  const board = Uint8Array.from(start);
  const path = new Int8Array(64);
  const counts = new Int32Array(4);
  for (const cell of CENTRE_CELLS) counts[board[cell]]++;
  const control = new SearchControl(options, { pollEvery: POLL_EVERY });
  let nodes = 0;
  let countdown = control.countdown(nodes);
  let stopped = false;
  const heuristic = () => COPIES_PER_SYMBOL - Math.max(counts[1], counts[2], counts[3]);
  let bound = heuristic();

  const step = (move: number) => {
    counts[board[LEAVING_CELL[move]]]--;
    counts[board[ENTERING_CELL[move]]]++;
    applyMoveInPlace(board, move);
  };
  let nextBound = Infinity;
  let foundDepth = 0;

  const shouldStop = (): boolean => {
    stopped = control.poll(nodes, bound);
    countdown = control.countdown(nodes);
    return stopped;
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
      nodes++;
      if (--countdown === 0 && shouldStop()) return false;
      step(move);
      path[depth] = move;
      if (search(depth + 1, move)) return true;
      step(INVERSE_MOVE[move]);
      if (stopped) return false;
    }
    return false;
  };

  for (;;) {
    if (control.newBound(nodes, bound)) stopped = true;
    else {
      nextBound = Infinity;
      if (search(0, NO_MOVE)) {
        let moves = "";
        for (let i = 0; i < foundDepth; i++) moves += MOVE_LETTERS[path[i]];
        // Every shallower bound was exhausted, so foundDepth is the optimal length.
        return { status: "solved", moves, centre: board[CENTRE_CELLS[0]], nodes, lowerBound: foundDepth };
      }
    }
    if (stopped) return { status: control.stoppedBy(), moves: "", centre: 0, nodes, lowerBound: bound };
    bound = nextBound;
  }
}
