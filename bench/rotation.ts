// Rotation Game benchmark: mask-table build time, table answers per board on the hardest
// (13-move) boards, IDA* nodes/s, and whole-process judge runs on the eight hardest boards.
// Run standalone with `npx tsx bench/rotation.ts` (the process figures need `npm run build`).
// All figures are medians; the machine's cores are shared, so they are noisy.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRotationSpec, parseRotationJudgeInput, solveRotation } from "../src/core/rotation/index.ts";
import { buildRotationTable, rotationTable } from "../src/core/rotation/table.ts";
import { answerFromTable } from "../src/core/rotation/table-solver.ts";

const CASES = new URL("../../shared/cases/rotation-game.txt", import.meta.url);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILT_MODULE = new URL("../dist/src/core/rotation/index.js", import.meta.url);
const BUILT_CLI = new URL("../dist/src/cli/main.js", import.meta.url);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function timed(run: () => void): number {
  const began = performance.now();
  run();
  return performance.now() - began;
}

/** The stdin text of the shared case named `name`. */
function caseInput(name: string): string {
  const block = readFileSync(CASES, "utf8").split(`# case: ${name}\n`)[1];
  if (block === undefined) throw new Error(`no case ${name} in ${fileURLToPath(CASES)}`);
  return block.slice(block.indexOf("INPUT:\n") + "INPUT:\n".length, block.indexOf("EXPECTED:\n"));
}

function benchTableBuild(): void {
  const runs = Array.from({ length: 7 }, () => timed(buildRotationTable));
  console.log(`rotation table build: median ${median(runs).toFixed(1)} ms over ${runs.length} builds`);
}

function benchTableAnswers(hardest: number[][]): void {
  const distance = rotationTable();
  const rounds = 2000;
  const perBoard: number[] = [];
  for (let sample = 0; sample < 9; sample++) {
    const ms = timed(() => {
      for (let round = 0; round < rounds; round++)
        for (const board of hardest) answerFromTable(board, distance);
    });
    perBoard.push((ms * 1000) / (rounds * hardest.length));
  }
  const viaSolve = timed(() => {
    for (let round = 0; round < rounds; round++)
      for (const board of hardest) solveRotation(createRotationSpec(board));
  });
  console.log(
    `rotation table answer (13-move boards): median ${median(perBoard).toFixed(2)} µs per board; ` +
      `${((viaSolve * 1000) / (rounds * hardest.length)).toFixed(2)} µs through createRotationSpec + solveRotation`,
  );
}

function benchIdaStar(): void {
  const boards = ["rot-depth10-1", "rot-depth10-2", "rot-depth11-1"].flatMap((name) =>
    parseRotationJudgeInput(caseInput(name)),
  );
  let nodes = 0;
  const ms = timed(() => {
    for (const board of boards)
      nodes += solveRotation(createRotationSpec(board), { algorithm: "idastar" }).nodes;
  });
  console.log(
    `rotation IDA* (two 10-move and one 11-move board): ${ms.toFixed(0)} ms, ` +
      `${(nodes / 1e6).toFixed(2)} M nodes, ${(nodes / ms / 1000).toFixed(2)} M nodes/s`,
  );
}

function benchProcess(label: string, args: string[], input: string, expected: string): void {
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    let output = "";
    runs.push(
      timed(() => {
        const child = spawnSync(process.execPath, args, { cwd: ROOT, input, encoding: "utf8" });
        if (child.status !== 0) throw new Error(`${label} failed: ${child.stderr}`);
        output = child.stdout;
      }),
    );
    if (output !== expected) throw new Error(`${label}: wrong output`);
  }
  console.log(`${label}: median ${median(runs).toFixed(0)} ms per process over ${runs.length} runs`);
}

function benchProcesses(input: string, expected: string): void {
  if (!existsSync(BUILT_MODULE)) {
    console.log("rotation whole-process figures skipped: run `npm run build` first");
    return;
  }
  const script = `import { judgeRotation } from ${JSON.stringify(BUILT_MODULE.href)};
let input = ""; for await (const chunk of process.stdin) input += chunk;
process.stdout.write(judgeRotation(input));`;
  benchProcess(
    "node + dist rotation module, 8 hardest boards",
    ["--input-type=module", "-e", script],
    input,
    expected,
  );
  if (existsSync(BUILT_CLI)) {
    benchProcess(
      "`puzzle judge rotation`, 8 hardest boards",
      ["bin/puzzle.mjs", "judge", "rotation"],
      input,
      expected,
    );
  }
}

export async function benchRotation(): Promise<void> {
  console.log("Rotation Game (medians; the CPU is shared, so figures are noisy)");
  const input = caseInput("rot-batch-8-hardest");
  const expected = readFileSync(CASES, "utf8")
    .split("# case: rot-batch-8-hardest\n")[1]
    .split("EXPECTED:\n")[1]
    .split("---\n")[0];
  const hardest = parseRotationJudgeInput(input);
  benchTableBuild();
  benchTableAnswers(hardest);
  benchIdaStar();
  benchProcesses(input, expected);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchRotation();
}
