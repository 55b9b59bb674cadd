// The exact distance table: for each of the C(24,8) placements of one symbol, the fewest moves
// that bring that symbol onto all eight centre cells. Moves are closed under inverse, so a
// breadth-first search outward from the single goal mask gives every mask's distance to it.
// One byte per mask (the maximum distance is 14) in a SharedArrayBuffer, built once per process
// and shareable with solver threads through the tables registry.

import { getTable } from "../tables.ts";
import { MOVE_LINES } from "./geometry.ts";
import { GOAL_MASK, MASK_COUNT, moveMask, rankMask } from "./masks.ts";

export const ROTATION_TABLE_NAME = "rotation-masks";
const UNSEEN = 0xff;

export function buildRotationTable(): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(MASK_COUNT);
  const distance = new Uint8Array(buffer).fill(UNSEEN);
  // Every mask enters the queue once, so the queue is a flat array of masks in BFS order.
  const queue = new Uint32Array(MASK_COUNT);
  queue[0] = GOAL_MASK;
  distance[rankMask(GOAL_MASK)] = 0;
  let head = 0;
  let tail = 1;
  for (let level = 1; head < tail; level++) {
    const levelEnd = tail;
    while (head < levelEnd) {
      const mask = queue[head++];
      for (let move = 0; move < MOVE_LINES.length; move++) {
        const next = moveMask(mask, move);
        const rank = rankMask(next);
        if (distance[rank] === UNSEEN) {
          distance[rank] = level;
          queue[tail++] = next;
        }
      }
    }
  }
  if (tail !== MASK_COUNT) throw new Error(`rotation table: reached ${tail} of ${MASK_COUNT} masks`);
  return buffer;
}

let view: Uint8Array | undefined;

/** The distance table (built on first use), indexed by `rankMask`. */
export function rotationTable(): Uint8Array {
  const buffer = getTable(ROTATION_TABLE_NAME, buildRotationTable);
  if (view === undefined || view.buffer !== buffer) view = new Uint8Array(buffer);
  return view;
}
