// 4x4 analyses and hints through the workers as a client sees them with a short ANALYSIS_WAIT_MS:
// PENDING (lists null, progress 0..1) first, then, asking again with the same arguments, the answer,
// checked against the core's own IDA* (6-6-3) lengths in this process. API server and a worker's
// pipeline (solve worker for the tables, the analysis worker) in this process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as coreCreatePuzzle, solve } from "../../src/core/index.ts";
import type { SlidingSpec } from "../../src/core/types.ts";
import { pdbDirectory } from "../../src/pdb-settings.ts";
import { loadPdb } from "../../src/pdb-store/store.ts";
import { createWorkerContainer, type WorkerContainer } from "../../workers/container.ts";
import { startCompetitionWorkers } from "../../workers/competition-workers.ts";
import { SolveWorker, workerSettings } from "../../workers/solve-worker.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { applyMoves, GOAL4, randomWalk } from "./boards.ts";
import { ANALYZE, CREATE } from "./operations.ts";

const PDB_DIR = pdbDirectory();

let api: TestServer;
let container: WorkerContainer;
let solveWorker: SolveWorker;
let competition: { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestServer({
    env: { PDB_DIR, WORKER_PDBS: "663", SOLVER_THREADS: "1", ANALYSIS_WAIT_MS: "1" },
  });
  container = createWorkerContainer(api.config);
  solveWorker = await SolveWorker.start(workerSettings(api.config), container);
  competition = await startCompetitionWorkers(api.config, container);
  loadPdb("663", { dir: PDB_DIR });
}, 120_000);

afterAll(async () => {
  await competition?.close();
  await solveWorker?.close();
  await container?.close();
  await api?.close();
});

const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status progress move distance position } }`;

/** The core's optimal length from `start` (IDA* with 6-6-3, in this process). */
function optimal(start: readonly number[]): { length: number; moves: string } {
  const spec = coreCreatePuzzle({ kind: "sliding", rows: 4, cols: 4, start, goal: GOAL4 }) as SlidingSpec;
  const result = solve(spec, { heuristic: "pdb:663" });
  if (result.status !== "solved") throw new Error(result.status);
  return result;
}

/** Asks until READY; the first answer must be PENDING with null lists. */
async function untilReady(client: GraphQLClient, query: string, variables: Record<string, unknown>) {
  const first = Object.values(await client.data(query, variables))[0] as Record<string, any>;
  expect(first.status).toBe("PENDING");
  expect(first.progress).toBeGreaterThanOrEqual(0);
  expect(first.progress).toBeLessThanOrEqual(1);
  for (const key of ["moves", "mistakes", "optimalLength", "movesLost", "move", "distance"]) {
    if (key in first) expect(first[key]).toBeNull();
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = Object.values(await client.data(query, variables))[0] as Record<string, any>;
    if (answer.status === "READY") return answer;
    expect(answer.status).toBe("PENDING");
    if (Date.now() > deadline) throw new Error("still PENDING");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("4x4 through the workers", () => {
  it("answers PENDING, then the IDA* distances, mistakes and hints", async () => {
    const { client } = await api.client().signUp();
    for (let round = 0; round < 2; round++) {
      const start = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 30));
      const p = (await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } })).createPuzzle
        .id;
      const detour = randomWalk(4, 4, start, 2);
      const moves = detour + optimal(applyMoves(4, 4, start, detour)).moves;
      const analysis = await untilReady(client, ANALYZE, { p, m: moves });
      expect(analysis.optimalLength).toBe(optimal(start).length);
      expect(analysis.movesLost).toBe(moves.length - analysis.optimalLength);
      let board = start;
      const mistakes: number[] = [];
      for (const step of analysis.moves) {
        const before = optimal(board).length;
        board = applyMoves(4, 4, board, step.move);
        const after = optimal(board).length;
        expect(step).toMatchObject({
          distanceBefore: before,
          distanceAfter: after,
          optimal: after === before - 1,
        });
        if (after !== before - 1) mistakes.push(step.index);
      }
      expect(analysis.mistakes.map((m: { index: number }) => m.index)).toEqual(mistakes);

      // Far enough from the goal that its proof outlasts the 1 ms wait: a position a few moves away was
      // proved before the first answer, which then (rightly) said READY and not PENDING.
      const position = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 200));
      const hint = await untilReady(client, HINT, { p, pos: position });
      const distance = optimal(position).length;
      expect(hint.distance).toBe(distance);
      expect(optimal(applyMoves(4, 4, position, hint.move)).length).toBe(distance - 1);
    }
  }, 240_000);
});
