// A pattern database no live worker has loaded is refused before anything is stored or queued
// (HEURISTIC_UNAVAILABLE, naming what is available), the same over HTTP and WebSocket; a worker's
// search thread never builds one (it would take gigabytes and minutes inside a search).
import type { GraphQLFormattedError } from "graphql";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, solve } from "../../src/core/index.ts";
import { hasTable } from "../../src/core/tables.ts";
import { type WorkerBeat, workersKey } from "../../src/solves/index.ts";
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

  it("lists only the heuristics that fit the puzzle: a 4x4's 6-6-3 is not offered for a 5x5", async () => {
    // A second live worker, as its heartbeat says, holding the 4x4 6-6-3 tables.
    const redis = new Redis(api.config.redisUrl);
    const beat: WorkerBeat = { threads: 1, pid: 1, host: "test", pdbs: ["663"], until: Date.now() + 60_000 };
    await redis.hset(workersKey(api.config.redisPrefix), "fake-663-holder", JSON.stringify(beat));
    try {
      const { client } = await api.client().signUp();
      const fiveByFive = await createPuzzle(client, BOARDS.endless, 5);
      const request = `mutation ($id: ID!) { requestSolve(puzzleId: $id, options: { heuristic: PDB_6666 }) { id } }`;
      const refused = await client.error(request, { id: fiveByFive });
      expect(refused.extensions?.code).toBe("HEURISTIC_UNAVAILABLE");
      expect(refused.extensions?.available).toEqual(["AUTO", "MANHATTAN", "LINEAR_CONFLICT"]);
      expect(refused.message).not.toContain("PDB_663");
      // For a 4x4 it is offered.
      const fourByFour = await createPuzzle(client, BOARDS.second);
      const other = await client.error(REQUEST, { id: fourByFour });
      expect(other.extensions?.available).toEqual(["AUTO", "MANHATTAN", "LINEAR_CONFLICT", "PDB_663"]);
    } finally {
      await redis.hdel(workersKey(api.config.redisPrefix), "fake-663-holder");
      redis.disconnect();
    }
  });

  it("is never built inside a search that may not build tables", () => {
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.second });
    expect(() => solve(spec, { heuristic: "pdb:555", buildMissingTables: false })).toThrow(/not loaded/);
    expect(hasTable("pdb-4x4-1.2.3.6.7")).toBe(false);
  });
});
