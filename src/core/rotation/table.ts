// The exact distance table: for each of the C(24,8) placements of one symbol, the fewest moves
// that bring that symbol onto all eight centre cells. Moves are closed under inverse, so a
// breadth-first search outward from the single goal mask gives every mask's distance to it.
// One byte per mask (the maximum distance is 14) in a SharedArrayBuffer, built once per process
// and shareable with solver threads through the tables registry.

import { getTable } from "../tables.ts";
import { MOVE_LINES } from "./geometry.ts";
import { fillMaskTables, GOAL_MASK, MASK_COUNT, MOVE_IMAGE, POPCOUNT, RANK_PART, rankMask } from "./masks.ts";

export const ROTATION_TABLE_NAME = "rotation-masks";
const UNSEEN = 0xff;

export function buildRotationTable(): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(MASK_COUNT);
  const distance = new Uint8Array(buffer).fill(UNSEEN);
  // moveMask and rankMask, written out inline over local references to their lookup tables:
  // this loop runs 5.9 million times and V8 runs it about twice as fast this way.
  fillMaskTables();
  const image = MOVE_IMAGE;
  const part = RANK_PART;
  const popcount = POPCOUNT;
  const movesEnd = MOVE_LINES.length * 768;
  // Every mask enters the queue once, so the queue is a flat array of masks in BFS order.
  const queue = new Int32Array(MASK_COUNT);
  queue[0] = GOAL_MASK;
  distance[rankMask(GOAL_MASK)] = 0;
  let head = 0;
  let tail = 1;
  for (let level = 1; head < tail; level++) {
    const levelEnd = tail;
    while (head < levelEnd) {
      const mask = queue[head++];
      const low = mask & 0xff;
      const mid = (mask >> 8) & 0xff;
      const high = mask >> 16;
      for (let base = 0; base < movesEnd; base += 768) {
        const next = image[base + low] | image[base + 256 + mid] | image[base + 512 + high];
        const nextLow = next & 0xff;
        const nextMid = (next >> 8) & 0xff;
        const below = popcount[nextLow];
        const rank =
          part[nextLow] +
          part[(9 + below) * 256 + nextMid] +
          part[(18 + below + popcount[nextMid]) * 256 + (next >> 16)];
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
