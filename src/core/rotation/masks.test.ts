import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRotationMoves } from "./board.ts";
import { MOVE_LETTERS } from "./geometry.ts";
import { GOAL_MASK, MASK_COUNT, moveMask, rankMask, symbolMask } from "./masks.ts";
import { buildRotationTable } from "./table.ts";

/** The next larger number with the same popcount (Gosper's hack). */
function nextMask(mask: number): number {
  const lowest = mask & -mask;
  const ripple = mask + lowest;
  return ripple | (((ripple ^ mask) >>> 2) / lowest);
}

const boardArbitrary = fc
  .shuffledSubarray([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3], {
    minLength: 24,
  })
  .map((cells) => [...cells]);

describe("mask ranking", () => {
  it("ranks the C(24,8) masks 0..735470 in numeric order", () => {
    let mask = 0xff;
    let rank = 0;
    for (; mask < 1 << 24; mask = nextMask(mask), rank++) {
      if (rankMask(mask) !== rank) expect(rankMask(mask), `mask ${mask.toString(2)}`).toBe(rank);
    }
    expect(rank).toBe(MASK_COUNT);
  });
});

describe("moves on masks", () => {
  it("move a symbol's mask exactly as the move moves the board", () => {
    fc.assert(
      fc.property(boardArbitrary, fc.integer({ min: 0, max: 7 }), (board, move) => {
        const moved = applyRotationMoves(board, MOVE_LETTERS[move]);
        for (const symbol of [1, 2, 3]) {
          expect(moveMask(symbolMask(board, symbol), move)).toBe(symbolMask(moved, symbol));
        }
      }),
    );
  });
});

describe("the distance table", () => {
  const distance = new Uint8Array(buildRotationTable());

  it("has the goal at 0 and every mask at most 14 moves away, with the known level sizes", () => {
    expect(distance[rankMask(GOAL_MASK)]).toBe(0);
    const levels = new Array<number>(16).fill(0);
    for (const d of distance) levels[Math.min(d, 15)]++;
    expect(levels).toEqual([
      1, 8, 44, 208, 876, 3220, 10498, 30236, 73982, 146466, 208170, 178588, 72941, 10045, 188, 0,
    ]);
  });

  it("satisfies the BFS conditions on every mask: neighbours differ by at most one, and a neighbour is closer", () => {
    let bad = 0;
    for (let mask = 0xff; mask < 1 << 24; mask = nextMask(mask)) {
      const d = distance[rankMask(mask)];
      let closer = d === 0;
      for (let move = 0; move < 8; move++) {
        const n = distance[rankMask(moveMask(mask, move))];
        if (n < d - 1 || n > d + 1) bad++;
        if (n === d - 1) closer = true;
      }
      if (!closer) bad++;
    }
    expect(bad).toBe(0);
  });
});
