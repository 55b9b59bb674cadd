// What covering the Rotation Game daily's disguises costs (docs/competition.md, "Near a running daily,
// too"): the equivalence key's time against the canonical key's, the neighbourhood's size and build
// time, how many boards it refuses outright (exactly: the union of its boards' disguises, out of all
// 24!/(8!)^3 boards), and how many boards one move outside it have a table answer that passes through
// it on an optimal route, and how many random boards' answers the rule refuses, against the rule
// before (the plain boards by canonical key). Random dailies drawn as the real ones are (uniform).
// `npx tsx bench/rotation-disguises.ts [dailies]` (default 20); medians with the range, on a shared
// machine, so the times are noisy. The figures are in docs/competition.md ("Near a running daily").

import { randomInt } from "node:crypto";
import { canonicalKey, createPuzzle, solveRotation } from "../src/core/index.ts";
import { applyMoveInPlace } from "../src/core/rotation/board.ts";
import { ROTATION_SYMMETRIES, rotationEquivalenceKey } from "../src/core/rotation/equivalence.ts";
import type { RotationSpec } from "../src/core/types.ts";
import { neighbourhood } from "../src/core/neighbourhood.ts";
import { SPOILER_RADIUS } from "../src/services/daily.ts";

const ALL_BOARDS = 9_465_511_770; // 24! / (8!)^3
const RENAMINGS = [
  [0, 1, 2, 3],
  [0, 1, 3, 2],
  [0, 2, 1, 3],
  [0, 2, 3, 1],
  [0, 3, 1, 2],
  [0, 3, 2, 1],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function randomSpec(): RotationSpec {
  const cells = [1, 2, 3].flatMap((symbol) => Array<number>(8).fill(symbol));
  for (let i = cells.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return createPuzzle({ kind: "rotation", start: cells }) as RotationSpec;
}

function moved(board: readonly number[], move: number): number[] {
  const out = [...board];
  applyMoveInPlace(out, move);
  return out;
}

/** Boards at each distance 0..radius from `from`. */
function spheres(from: readonly number[], radius: number): number[][][] {
  const seen = new Set([from.join("")]);
  const found = [[[...from]]];
  for (let d = 1; d <= radius; d++) {
    found.push(
      found[d - 1].flatMap((board) =>
        [0, 1, 2, 3, 4, 5, 6, 7]
          .map((m) => moved(board, m))
          .filter((next) => !seen.has(next.join("")) && seen.add(next.join(""))),
      ),
    );
  }
  return found;
}

function timeKey(keyOf: (spec: RotationSpec) => string, specs: RotationSpec[]): number {
  const runs: number[] = [];
  for (let run = 0; run < 7; run++) {
    const began = performance.now();
    for (const spec of specs) keyOf(spec);
    runs.push(((performance.now() - began) * 1000) / specs.length);
  }
  return median(runs);
}

const dailies = Number(process.argv[2] ?? 20);
const radius = SPOILER_RADIUS.ROTATION;
const specs = Array.from({ length: 20_000 }, randomSpec);
console.log(`equivalence key: ${timeKey(rotationEquivalenceKey, specs).toFixed(2)} µs`);
console.log(`canonical key:   ${timeKey(canonicalKey, specs).toFixed(2)} µs`);

const sizes: number[] = [];
const builds: number[] = [];
const covered: number[] = [];
const outside: number[] = [];
const onRoute: number[] = [];
const onRoutePlain: number[] = [];
let randomAnswers = 0;
let refusedAnswers = 0;
let refusedAnswersPlain = 0;
const ANSWERS_PER_DAILY = 5000;
for (let n = 0; n < dailies; n++) {
  const daily = randomSpec();
  const optimum = solveRotation(daily).length;
  const began = performance.now();
  const near = neighbourhood(daily, radius);
  builds.push(performance.now() - began);
  sizes.push(near.size);
  const balls = spheres(daily.start, radius + 1);
  const orbit = new Set<string>();
  for (const board of balls.slice(0, radius + 1).flat()) {
    for (const symmetry of ROTATION_SYMMETRIES) {
      for (const renaming of RENAMINGS) {
        const image = new Array<number>(24);
        board.forEach((symbol, cell) => {
          image[symmetry.cell[cell]] = renaming[symbol];
        });
        orbit.add(image.join(""));
      }
    }
  }
  covered.push(orbit.size);
  // The rule before: the plain boards within the radius, by canonical key.
  const plain = new Map<string, number>();
  balls.slice(0, radius + 1).forEach((boards, away) => {
    for (const board of boards) plain.set(`R:${board.join("")}`, away);
  });
  // Whether the table's answer from `start` passes through the neighbourhood with k + rest <= optimum
  // (the rule's suffix check, as DailyService.givesAway), by either key.
  const givesAway = (
    start: readonly number[],
    keys: ReadonlyMap<string, number>,
    keyOf: (spec: RotationSpec) => string,
  ) => {
    const moves = solveRotation({ ...daily, start }).moves;
    let board = start;
    for (let i = 0; i <= moves.length; i++) {
      const away = keys.get(keyOf({ ...daily, start: board }));
      if (away !== undefined && away + moves.length - i <= optimum) return true;
      if (i < moves.length) board = moved(board, "ABCDEFGH".indexOf(moves[i]));
    }
    return false;
  };
  const shell = balls[radius + 1];
  outside.push(shell.length);
  onRoute.push(shell.filter((start) => givesAway(start, near, rotationEquivalenceKey)).length);
  onRoutePlain.push(shell.filter((start) => givesAway(start, plain, canonicalKey)).length);
  // Random boards' answers.
  for (let a = 0; a < ANSWERS_PER_DAILY; a++) {
    const { start } = randomSpec();
    randomAnswers++;
    if (givesAway(start, near, rotationEquivalenceKey)) refusedAnswers++;
    if (givesAway(start, plain, canonicalKey)) refusedAnswersPlain++;
  }
}
const range = (values: number[]) => `${median(values)} (${Math.min(...values)}..${Math.max(...values)})`;
console.log(`neighbourhood keys: ${range(sizes)}; build ${median(builds).toFixed(2)} ms`);
console.log(`boards refused outright: ${range(covered)}, one in ${Math.round(ALL_BOARDS / median(covered))}`);
console.log(
  `boards one move outside: ${range(outside)}; answer through it on an optimal route: ${range(onRoute)} (by canonical key: ${range(onRoutePlain)})`,
);
console.log(
  `random boards' answers refused: ${refusedAnswers} of ${randomAnswers} (by canonical key: ${refusedAnswersPlain})`,
);
