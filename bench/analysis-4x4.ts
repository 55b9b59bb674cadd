// `npx tsx bench/analysis-4x4.ts`: the time analyzeSolution takes for 20 typical 4x4 solutions
// through the workers (an API server and, in this process, a solve worker and the analysis worker
// with SOLVER_THREADS threads and the 6-6-3 pattern databases from PDB_DIR). Each board is a
// random-state 15-puzzle; its solution is an optimal one with detours (a move and its inverse)
// inserted, about 60 moves. Prints each time, the median and the worst.
import { createPuzzle, solve } from "../src/core/index.ts";
import type { SlidingSpec } from "../src/core/types.ts";
import { loadPdb } from "../src/pdb-store/store.ts";
import { dailyBoard } from "../src/services/daily-boards.ts";
import { startTestServer } from "../test/helpers/server.ts";
import { createWorkerContainer } from "../workers/container.ts";
import { startCompetitionWorkers } from "../workers/competition-workers.ts";
import { SolveWorker, workerSettings } from "../workers/solve-worker.ts";

const PDB_DIR = process.env.PDB_DIR ?? ".cache/pdb";
const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
const INVERSE: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };

const api = await startTestServer({
  env: {
    PDB_DIR,
    WORKER_PDBS: "663",
    SOLVER_THREADS: process.env.SOLVER_THREADS ?? "2",
    ANALYSIS_WAIT_MS: "600000",
  },
});
const container = createWorkerContainer(api.config);
const worker = await SolveWorker.start(workerSettings(api.config), container);
const competition = await startCompetitionWorkers(api.config, container);
loadPdb("663", { dir: PDB_DIR });
const user = await api.client().signUp();
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = dailyBoard(
    "bench-secret-bench-secret",
    `2030-01-${String(i + 1).padStart(2, "0")}`,
    "SLIDING_4X4",
  ).start;
  const spec = createPuzzle({ kind: "sliding", rows: 4, cols: 4, start, goal: GOAL }) as SlidingSpec;
  const result = solve(spec, { heuristic: "pdb:663" });
  if (result.status !== "solved") throw new Error(result.status);
  // Detours: after every 10th move, the next move's inverse and back (+2 moves each).
  let moves = "";
  for (let m = 0; m < result.moves.length; m++) {
    const move = result.moves[m];
    moves +=
      m > 0 && m % 10 === 0 && move !== INVERSE[result.moves[m - 1]]
        ? `${move}${INVERSE[move]}${move}`
        : move;
  }
  const { createPuzzle: created } = await user.client.data(
    `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`,
    { i: { kind: "SLIDING", rows: 4, cols: 4, start } },
  );
  const began = performance.now();
  const { analyzeSolution } = await user.client.data(
    `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { status length optimalLength movesLost } }`,
    { p: created.id, m: moves },
  );
  const ms = performance.now() - began;
  times.push(ms);
  console.log(JSON.stringify({ board: i + 1, ...analyzeSolution, ms: Math.round(ms) }));
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    median: Math.round((times[9] + times[10]) / 2),
    worst: Math.round(times[19]),
    threads: api.config.solverThreads,
  }),
);
await competition.close();
await worker.close();
await container.close();
await api.close();
