// The request-time cache (solve_create_queued: a request for a board already proven is stored SOLVED,
// `cached`, with the known moves) and an optimal answer that came after the reconciler had ended its
// Solves TIMED_OUT. The coordinator's late SOLVED write fills those rows in (moves, length, optimal,
// nodes) and keeps their status (docs/pipeline.md, "Time limits"). Before, only the board's next
// search job read such a row (jobStart): a new request was queued, and its job answered from it.
// Now the request is answered at once, from a row whose answer is proven optimal whatever its
// status; a TIMED_OUT row without an answer, or with one not proven optimal, answers nothing.
// No worker runs here: what is not answered from the cache stays QUEUED.
import { describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle } from "../../src/core/puzzle.ts";
import { solve as coreSolve } from "../../src/core/solve.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, IDA_LC, createPuzzle, requestSolve } from "./pipeline.ts";

const api = useTestServer({ env: FAST_PIPELINE });

/** BOARDS.quick's optimal answer (50 moves, ~0.3 M nodes): what a coordinator's late write carries. */
function optimalAnswer() {
  const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: [...BOARDS.quick] });
  const result = coreSolve(spec, { algorithm: "idastar", heuristic: "linear-conflict" });
  if (result.status !== "solved") throw new Error(`the core could not solve the board: ${result.status}`);
  return { moves: result.moves, length: result.length };
}

/**
 * A Solve of `board` as the reconciler leaves it at its limit (TIMED_OUT, the stored bound, no
 * nodes), then, with `late`, as the coordinator's late write fills it in (finishJob's late fill).
 */
async function timedOutSolve(
  board: readonly number[],
  late?: { moves: string; length: number; optimal: boolean },
): Promise<string> {
  const { client } = await api.client().signUp();
  const puzzleId = await createPuzzle(client, board);
  const asked = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: 5 });
  expect(asked.status).toBe("QUEUED");
  const db = api.server.app.prisma;
  const id = Number(asked.id);
  await db.$executeRaw`UPDATE "solves" SET "status" = 'TIMED_OUT', "started_at" = now() - interval '10 seconds',
    "finished_at" = now() - interval '5 seconds', "duration_ms" = 5000, "lower_bound" = 44 WHERE "id" = ${id}`;
  if (late !== undefined)
    await db.$executeRaw`UPDATE "solves" SET "moves" = ${late.moves}, "length" = ${late.length},
      "optimal" = ${late.optimal}, "lower_bound" = GREATEST("lower_bound", ${late.length}::int),
      "nodes_expanded" = 1234567, "algorithm_used" = 'idastar', "heuristic_used" = 'linear-conflict',
      "units_total" = 24
      WHERE "id" = ${id}`;
  return puzzleId;
}

/** Another user's request for the board, with other options than the first (AUTO). */
async function askAgain(puzzleId: string) {
  const { client } = await api.client().signUp();
  return requestSolve(client, puzzleId, { timeLimitSeconds: 60 });
}

describe("a new request for a board whose optimal answer reached a TIMED_OUT row late", () => {
  it("is answered from that row at once: SOLVED, cached, optimal, its moves", async () => {
    const answer = optimalAnswer();
    const puzzleId = await timedOutSolve(BOARDS.quick, { ...answer, optimal: true });
    const again = await askAgain(puzzleId);
    expect(again).toMatchObject({
      status: "SOLVED",
      cached: true,
      moves: answer.moves,
      length: answer.length,
      optimal: true,
      lowerBound: answer.length,
      nodesExpanded: 0,
      error: null,
    });
  });

  it("is queued when the TIMED_OUT row has no answer, or one not proven optimal", async () => {
    const puzzleId = await timedOutSolve(BOARDS.second);
    expect(await askAgain(puzzleId)).toMatchObject({ status: "QUEUED", cached: false, moves: null });
    // An answer not marked optimal (its moves are never read: nothing may answer from it).
    const unproven = await timedOutSolve(BOARDS.another, { moves: "UDUD", length: 60, optimal: false });
    expect(await askAgain(unproven)).toMatchObject({ status: "QUEUED", cached: false, moves: null });
  });
});
