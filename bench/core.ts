// Core benchmark: 3x3 distance-table build time, table query time (distance + move sequence), and
// IDA* with Manhattan + linear conflict in nodes per second on the easier of Korf's 100 instances.
// Run standalone with `npx tsx bench/core.ts` after `npm run build`: it measures the compiled
// modules in dist/, which is what the CLI, the API and the workers run (code loaded through tsx's
// transform runs the IDA* kernel several times slower). Figures are medians; the 2 cores are shared
// with other work, so they are noisy: CPU times are given beside wall times.

import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Measure, measured, medians } from "./stats.ts";

type IdaStarModule = typeof import("../src/core/sliding/idastar.ts");
type SolvabilityModule = typeof import("../src/core/sliding/solvability.ts");
type TableModule = typeof import("../src/core/sliding/table.ts");

const DIST = new URL("../dist/src/core/sliding/", import.meta.url);
if (!existsSync(new URL("table.js", DIST)))
  throw new Error("bench/core.ts measures dist/: run `npm run build` first");
const { idaStar } = (await import(new URL("idastar.js", DIST).href)) as IdaStarModule;
const { isSlidingSolvable } = (await import(new URL("solvability.js", DIST).href)) as SolvabilityModule;
const { buildSlidingTable, slidingTable, tableDistance, tableSolution } = (await import(
  new URL("table.js", DIST).href
)) as TableModule;

const KORF = new URL("../../shared/korf100.txt", import.meta.url);
/**
 * Easier Korf instances (1-based): those among 1..40 that IDA* with Manhattan + linear conflict
 * solves in 1 to 5 million expanded nodes (about 31 million in all): long enough to time, short
 * enough for a quick benchmark. Their goal has the blank top-left; the search takes any goal.
 */
export const EASY_KORF = [1, 2, 5, 6, 8, 16, 18, 20, 29, 36, 38, 39];

function benchTableBuild(): void {
  const cold = measured(() => buildSlidingTable(3, 3, 8));
  const runs: Measure[] = [];
  for (let round = 0; round < 3; round++)
    for (let blank = 0; blank < 9; blank++) runs.push(measured(() => buildSlidingTable(3, 3, blank)));
  const { wall, cpu } = medians(runs);
  console.log(
    `3x3 table build: median ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms CPU over ${runs.length} builds (all 9 goal ` +
      `blank cells); the first build in this process ${cold.wall.toFixed(1)} ms wall, ${cold.cpu.toFixed(1)} ms CPU`,
  );
}

/** Random solvable 3x3 (start, goal) pairs, reproducible; random goals unless one is given. */
function randomPairs(count: number, fixedGoal?: number[]): [number[], number[]][] {
  let seed = 12345;
  const random = (k: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  const shuffle = (): number[] => {
    const a = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    for (let i = 8; i > 0; i--) {
      const j = random(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  const pairs: [number[], number[]][] = [];
  while (pairs.length < count) {
    const start = shuffle();
    const goal = fixedGoal ?? shuffle();
    if (isSlidingSolvable({ cols: 3, start, goal })) pairs.push([start, goal]);
  }
  return pairs;
}

/** Median µs per query (wall, CPU) of `query` over all pairs, in 7 samples. */
function perQuery(
  pairs: readonly [number[], number[]][],
  query: (start: number[], goal: number[]) => void,
): Measure {
  const samples: Measure[] = [];
  for (let sample = 0; sample < 7; sample++) {
    const m = measured(() => {
      for (const [start, goal] of pairs) query(start, goal);
    });
    samples.push({ wall: (m.wall * 1000) / pairs.length, cpu: (m.cpu * 1000) / pairs.length });
  }
  return medians(samples);
}

function benchQueries(): void {
  for (let blank = 0; blank < 9; blank++) slidingTable(3, 3, blank);
  const defaultGoal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const anyGoal = randomPairs(2000);
  const sameGoal = randomPairs(2000, defaultGoal);
  const show = ({ wall, cpu }: Measure): string => `${wall.toFixed(2)} µs wall / ${cpu.toFixed(2)} µs CPU`;
  for (const [label, pairs] of [
    ["default goal", sameGoal],
    ["random goals (all 9 tables)", anyGoal],
  ] as const) {
    const moves =
      pairs.reduce((sum, [start, goal]) => sum + tableDistance(3, 3, start, goal), 0) / pairs.length;
    const withMoves = perQuery(pairs, (start, goal) => tableSolution(3, 3, start, goal));
    const distanceOnly = perQuery(pairs, (start, goal) => tableDistance(3, 3, start, goal));
    console.log(
      `3x3 table query, random boards, ${label}, mean ${moves.toFixed(1)} moves: median ${show(withMoves)} ` +
        `with the move sequence, ${show(distanceOnly)} distance only`,
    );
  }
}

export function korfInstances(): { start: number[]; optimal: number }[] {
  return readFileSync(KORF, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const numbers = line.trim().split(/\s+/).map(Number);
      return { start: numbers.slice(0, 16), optimal: numbers[16] };
    });
}

export function benchIdaStar(): void {
  const instances = korfInstances();
  const goal = Array.from({ length: 16 }, (_, i) => i);
  // Warm-up, so the optimising compiler has the kernel ready before the timed runs.
  idaStar(4, 4, instances[EASY_KORF[0] - 1].start, goal, "linear-conflict");
  const expanded: Measure[] = [];
  const generated: Measure[] = [];
  let nodes = 0;
  let wall = 0;
  for (const number of EASY_KORF) {
    const { start, optimal } = instances[number - 1];
    let run: ReturnType<typeof idaStar> | undefined;
    const m = measured(() => (run = idaStar(4, 4, start, goal, "linear-conflict")));
    if (run!.status !== "solved" || run!.moves.length !== optimal)
      throw new Error(`Korf #${number}: wrong answer`);
    expanded.push({ wall: run!.nodes / m.wall / 1000, cpu: run!.nodes / m.cpu / 1000 });
    generated.push({ wall: run!.generated! / m.wall / 1000, cpu: run!.generated! / m.cpu / 1000 });
    nodes += run!.nodes;
    wall += m.wall;
  }
  const e = medians(expanded);
  const g = medians(generated);
  console.log(
    `IDA* Manhattan + linear conflict, Korf instances ${EASY_KORF.join(", ")} (all optimal): ` +
      `${(nodes / 1e6).toFixed(1)} M nodes expanded in ${(wall / 1000).toFixed(2)} s; median per instance ` +
      `${e.wall.toFixed(1)} M expanded nodes/s of wall time (${e.cpu.toFixed(1)} per CPU second), ` +
      `${g.wall.toFixed(1)} M generated nodes/s (${g.cpu.toFixed(1)} per CPU second; Korf's count)`,
  );
}

export function benchCore(): void {
  console.log("Sliding-puzzle core (medians; the CPU is shared, so figures are noisy)");
  benchTableBuild();
  benchQueries();
  benchIdaStar();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchCore();
}
