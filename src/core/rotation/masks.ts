// One symbol's eight cells as a 24-bit mask (bit c set = the symbol stands on cell c), ranked
// 0..C(24,8)-1 with the combinatorial number system: rank = sum of C(p_i, i) over the set bits
// p_1 < ... < p_8. That is the colex order, which for equal-popcount masks is plain numeric order.
//
// Both hot operations work a byte at a time through small lookup tables, so the table build and
// the read-back do a handful of array reads per step and allocate nothing:
// - rank: each byte contributes a partial sum that depends only on its value and on how many
//   bits are set below it;
// - a move permutes bits, so the moved mask is the OR of one precomputed image per input byte.

import { CELL_COUNT, CENTRE_CELLS, COPIES_PER_SYMBOL, MOVE_LINES, moveDestination } from "./geometry.ts";

export const MASK_COUNT = 735_471; // C(24, 8)

export const GOAL_MASK = CENTRE_CELLS.reduce((mask, cell) => mask | (1 << cell), 0);

const BYTES = CELL_COUNT / 8;
const MOVE_COUNT = MOVE_LINES.length;

function binomials(): number[][] {
  const table: number[][] = [];
  for (let n = 0; n <= CELL_COUNT; n++) {
    table.push([]);
    for (let k = 0; k <= COPIES_PER_SYMBOL + 8; k++) {
      table[n].push(k === 0 ? 1 : n === 0 ? 0 : table[n - 1][k - 1] + table[n - 1][k]);
    }
  }
  return table;
}

/** POPCOUNT[v] for bytes v. */
export const POPCOUNT = new Uint8Array(256);
for (let v = 1; v < 256; v++) POPCOUNT[v] = POPCOUNT[v >> 1] + (v & 1);

/**
 * RANK_PART[(byte * 9 + below) * 256 + value]: the rank contribution of byte `byte` holding
 * `value` when `below` bits are set in the lower bytes. Filled by fillMaskTables.
 */
export const RANK_PART = new Uint32Array(BYTES * (COPIES_PER_SYMBOL + 1) * 256);

/** MOVE_IMAGE[(move * 3 + byte) * 256 + value]: where move `move` sends the bits of that byte. */
export const MOVE_IMAGE = new Uint32Array(MOVE_COUNT * BYTES * 256);

let filled = false;

/**
 * Fills RANK_PART and MOVE_IMAGE, once, on the first use of either (rankMask, moveMask,
 * buildRotationTable): every `puzzle` process imports this module, and most never see a Rotation
 * board, so the ~2 ms of cold code it takes is not paid at import.
 */
export function fillMaskTables(): void {
  if (filled) return;
  filled = true;
  // Built from the value without its highest bit, so that the first use stays cheap.
  const choose = binomials();
  for (let byte = 0; byte < BYTES; byte++) {
    for (let below = 0; below <= COPIES_PER_SYMBOL; below++) {
      const base = (byte * (COPIES_PER_SYMBOL + 1) + below) * 256;
      for (let value = 1; value < 256; value++) {
        const high = 31 - Math.clz32(value);
        const rest = value ^ (1 << high);
        RANK_PART[base + value] =
          RANK_PART[base + rest] + choose[byte * 8 + high][below + POPCOUNT[rest] + 1];
      }
    }
  }
  for (let move = 0; move < MOVE_COUNT; move++) {
    for (let byte = 0; byte < BYTES; byte++) {
      const base = (move * BYTES + byte) * 256;
      for (let bit = 0; bit < 8; bit++) {
        // Values whose highest bit is `bit` are that bit's image added to a smaller value's image.
        const image = 1 << moveDestination(move, byte * 8 + bit);
        for (let rest = 0; rest < 1 << bit; rest++)
          MOVE_IMAGE[base + (rest | (1 << bit))] = MOVE_IMAGE[base + rest] | image;
      }
    }
  }
}

/** The rank of a mask with exactly eight bits set. */
export function rankMask(mask: number): number {
  if (!filled) fillMaskTables();
  const low = mask & 0xff;
  const mid = (mask >>> 8) & 0xff;
  const below = POPCOUNT[low];
  return (
    RANK_PART[low] +
    RANK_PART[(9 + below) * 256 + mid] +
    RANK_PART[(18 + below + POPCOUNT[mid]) * 256 + (mask >>> 16)]
  );
}

/** The mask after move m (0..7 = A..H). */
export function moveMask(mask: number, move: number): number {
  if (!filled) fillMaskTables();
  const base = move * 768;
  return (
    MOVE_IMAGE[base + (mask & 0xff)] |
    MOVE_IMAGE[base + 256 + ((mask >>> 8) & 0xff)] |
    MOVE_IMAGE[base + 512 + (mask >>> 16)]
  );
}

/** The mask of the cells holding `symbol`. */
export function symbolMask(board: readonly number[] | Uint8Array, symbol: number): number {
  let mask = 0;
  for (let cell = 0; cell < CELL_COUNT; cell++) if (board[cell] === symbol) mask |= 1 << cell;
  return mask;
}
