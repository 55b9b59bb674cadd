// A pattern database no live worker has loaded is refused before anything is stored or queued
// (HEURISTIC_UNAVAILABLE, naming what is available), the same over HTTP and WebSocket; a worker's
// search thread never builds one (it would take gigabytes and minutes inside a search).
import type { GraphQLFormattedError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, solve } from "../../src/core/index.ts";
import { hasTable } from "../../src/core/tables.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { BOARDS, createPuzzle, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";

const api = useTestServer();
let worker: WorkerProcess;

beforeAll(async () => {
  worker = await startWorker(api, { WORKER_PDBS: "none", SOLVER_THREADS: "1", DAILY_PUZZLES: "false" });
  // The worker's heartbeat is what the API reads.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = (await (await fetch(`${api.origin}/readyz`)).json()) as { workers?: number };
    if ((ready.workers ?? 0) > 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

afterAll(async () => {
  await worker?.stop();
});

const REQUEST = `mutation ($id: ID!) { requestSolve(puzzleId: $id, options: { heuristic: PDB_78 }) { id } }`;

describe("a heuristic no worker has loaded", () => {
  it("is refused with HEURISTIC_UNAVAILABLE and the heuristics available, over HTTP and WebSocket", async () => {
    const { token, client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.second);
    const overHttp = await client.error(REQUEST, { id: puzzleId });
    expect(overHttp.extensions?.code).toBe("HEURISTIC_UNAVAILABLE");
    expect(overHttp.extensions?.available).toEqual(expect.arrayContaining(["MANHATTAN", "LINEAR_CONFLICT"]));
    expect(overHttp.extensions?.available).not.toContain("PDB_78");
    const ws = wsClient(api.wsUrl, token);
    try {
      const result = await subscribe(ws, REQUEST, { id: puzzleId })
        .next()
        .catch((error: unknown) => ({ errors: error as GraphQLFormattedError[] }));
      expect(result.errors?.[0]?.extensions).toEqual(overHttp.extensions);
    } finally {
      await ws.dispose();
    }
    // Nothing was stored.
    const stored = await api.server.app.prisma.solve.count({ where: { puzzleId: Number(puzzleId) } });
    expect(stored).toBe(0);
  });

  it("is never built inside a search that may not build tables", () => {
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.second });
    expect(() => solve(spec, { heuristic: "pdb:555", buildMissingTables: false })).toThrow(/not loaded/);
    expect(hasTable("pdb-4x4-1.2.3.6.7")).toBe(false);
  });
});
