// 4x4 analyses and hints through the workers as a client sees them with a short ANALYSIS_WAIT_MS:
// PENDING (lists null, progress 0..1) first, then, asking again with the same arguments, the answer,
// checked against the core's own IDA* (6-6-3) lengths in this process. API server and a worker's
// pipeline (solve worker for the tables, the analysis worker) in this process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdbDirectory } from "../../src/pdb-settings.ts";
import { loadPdb } from "../../src/pdb-store/store.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { askOnce, askUntilReady, optimal4x4, startAnalysisWorkers } from "./answers-4x4.ts";
import { applyMoves, GOAL4, randomWalk } from "./boards.ts";
import { ANALYZE, CREATE } from "./operations.ts";

const PDB_DIR = pdbDirectory();

let api: TestServer;
let workers: { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestServer({
    env: { PDB_DIR, WORKER_PDBS: "663", SOLVER_THREADS: "1", ANALYSIS_WAIT_MS: "1" },
  });
  workers = await startAnalysisWorkers(api.config);
  loadPdb("663", { dir: PDB_DIR });
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await api?.close();
});

const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status progress move distance position } }`;

/** Asks until READY; the first answer must be PENDING with null lists. */
async function untilReady(client: GraphQLClient, query: string, variables: Record<string, unknown>) {
  const first = await askOnce(client, query, variables);
  expect(first.status).toBe("PENDING");
  expect(first.progress).toBeGreaterThanOrEqual(0);
  expect(first.progress).toBeLessThanOrEqual(1);
  for (const key of ["moves", "mistakes", "optimalLength", "movesLost", "move", "distance"]) {
    if (key in first) expect(first[key]).toBeNull();
  }
  return askUntilReady(client, query, variables);
}

describe("4x4 through the workers", () => {
  it("answers PENDING, then the IDA* distances, mistakes and hints", async () => {
    const { client } = await api.client().signUp();
    for (let round = 0; round < 2; round++) {
      const start = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 30));
      const p = (await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } })).createPuzzle
        .id;
      const detour = randomWalk(4, 4, start, 2);
      const moves = detour + optimal4x4(applyMoves(4, 4, start, detour)).moves;
      const analysis = await untilReady(client, ANALYZE, { p, m: moves });
      expect(analysis.optimalLength).toBe(optimal4x4(start).length);
      expect(analysis.movesLost).toBe(moves.length - analysis.optimalLength);
      let board = start;
      const mistakes: number[] = [];
      for (const step of analysis.moves) {
        const before = optimal4x4(board).length;
        board = applyMoves(4, 4, board, step.move);
        const after = optimal4x4(board).length;
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
      const distance = optimal4x4(position).length;
      expect(hint.distance).toBe(distance);
      expect(optimal4x4(applyMoves(4, 4, position, hint.move)).length).toBe(distance - 1);
    }
  }, 240_000);
});
