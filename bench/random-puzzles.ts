// Seeded random sliding puzzles, uniform over the solvable states (not a random walk), one per line
// in `puzzle solve --batch` form for the product's default goal (1..n-1, blank last). The same seed
// and size give the same file on every machine.
//
//   npx tsx bench/random-puzzles.ts --seed 1 --count 40 --size 4x4 > bench/data/random15-seed1.txt
//   npx puzzle solve --batch bench/data/random15-seed1.txt --threads 1
import { parseSize } from "../src/core/notation.ts";
import { defaultSlidingGoal } from "../src/core/sliding/board.ts";
import { randomSolvableBoard, seededStream } from "../src/core/sliding/random-board.ts";
import { option } from "./stats.ts";

const seed = Number(option("seed") ?? "1");
const count = Number(option("count") ?? "40");
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  console.error("random-puzzles: --seed and --count take integers (count ≥ 1)");
  process.exit(2);
}
const { rows, cols } = parseSize(option("size") ?? "4x4");
const goal = defaultSlidingGoal(rows, cols);
const below = seededStream(seed);
const lines: string[] = [];
for (let i = 0; i < count; i++) lines.push(randomSolvableBoard(cols, goal, below).join(" "));
process.stdout.write(`${lines.join("\n")}\n`);
