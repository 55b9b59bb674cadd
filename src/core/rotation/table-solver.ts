// Answers a board from the distance table. A board's distance is the minimum over its three
// symbols. A move changes each symbol's distance by at most one, and some move lowers the
// minimum by one, so descending greedily -- always the first move in A..H order that lowers the
// board's distance -- yields a shortest sequence, and the lexicographically smallest of them:
// every shortest sequence's first move lowers the distance, and the greedy takes the smallest
// such move at every step. No symbol is fixed in advance: ties between symbols resolve themselves.

import { MOVE_LETTERS, SYMBOLS } from "./geometry.ts";
import { GOAL_MASK, moveMask, rankMask, symbolMask } from "./masks.ts";

export interface TableAnswer {
  readonly moves: string;
  readonly centre: number;
  /** Table lookups made, reported as the search's node count. */
  readonly lookups: number;
}

export function answerFromTable(board: readonly number[], distance: Uint8Array): TableAnswer {
  let one = symbolMask(board, SYMBOLS[0]);
  let two = symbolMask(board, SYMBOLS[1]);
  let three = symbolMask(board, SYMBOLS[2]);
  let left = Math.min(distance[rankMask(one)], distance[rankMask(two)], distance[rankMask(three)]);
  let lookups = 3;
  let moves = "";
  while (left > 0) {
    let move = 0;
    for (; move < MOVE_LETTERS.length; move++) {
      const nextOne = moveMask(one, move);
      const nextTwo = moveMask(two, move);
      const nextThree = moveMask(three, move);
      lookups += 3;
      const reached = Math.min(
        distance[rankMask(nextOne)],
        distance[rankMask(nextTwo)],
        distance[rankMask(nextThree)],
      );
      if (reached < left) {
        one = nextOne;
        two = nextTwo;
        three = nextThree;
        left = reached;
        break;
      }
    }
    if (move === MOVE_LETTERS.length) throw new Error("rotation table: no move lowers the distance");
    moves += MOVE_LETTERS[move];
  }
  const centre = one === GOAL_MASK ? SYMBOLS[0] : two === GOAL_MASK ? SYMBOLS[1] : SYMBOLS[2];
  return { moves, centre, lookups };
}
