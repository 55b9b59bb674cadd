// A solveProgress subscriber's final CANCELLED event carries what the search proved. cancelSolve
// announces its row at once, before the search has stopped (figures null); the worker's write of the
// stopped search fills them in and announces the row again. The stream waits for that row (up to 3 s)
// and, when it does not come (the search goes on for another user's Solve), ends with the last live
// figures. Before, the stream ended on the first CANCELLED row: lowerBound and nodesExpanded null,
// though the search had proved a bound and solve(id) showed it a second later.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  jobIdOf,
  readSolve,
  requestSolve,
  startWorker,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess;
let alice: { token: string; client: GraphQLClient };
let bob: { token: string; client: GraphQLClient };

beforeAll(async () => {
  worker = await startWorker(api, { SOLVER_THREADS: "2" });
  alice = await api.client().signUp();
  bob = await api.client().signUp();
}, 60_000);

afterAll(async () => {
  await worker?.stop();
});

const CANCEL = `mutation ($id: ID!) { cancelSolve(id: $id) { status lowerBound nodesExpanded } }`;

/** Subscribes to a 5x5 split search that never ends in a test's time, once it has proved a bound. */
async function runningSearch(client: GraphQLClient, token: string, puzzleId: string) {
  const solve = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: 60 });
  const watch = new ProgressWatch(api.wsUrl, token, solve.id);
  await watch.waitFor(
    (e) => e.status === "RUNNING" && e.provenLowerBound !== null && (e.nodesExpanded ?? 0) > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 500)); // some more work proved
  return { solve, watch };
}

describe("the final CANCELLED event of a subscriber", () => {
  it("carries the bound and nodes the worker wrote for the stopped search", async () => {
    const puzzleId = await createPuzzle(alice.client, BOARDS.endless, 5);
    const { solve, watch } = await runningSearch(alice.client, alice.token, puzzleId);
    const cancelled = await alice.client.data(CANCEL, { id: solve.id });
    // cancelSolve answers at once, before the worker's write: no figures yet.
    expect(cancelled.cancelSolve).toEqual({ status: "CANCELLED", lowerBound: null, nodesExpanded: null });
    const events = await watch.finished(10_000);
    const running = events.filter((e) => e.status === "RUNNING" && e.solve === null);
    const lastRunning = running.at(-1)!;
    const last = events.at(-1)!;
    expect(last.status).toBe("CANCELLED");
    expect(events.filter((e) => e.status === "CANCELLED")).toHaveLength(1);
    expect(last.lowerBound).not.toBeNull();
    expect(last.lowerBound!).toBeGreaterThanOrEqual(lastRunning.provenLowerBound!);
    expect(last.nodesExpanded!).toBeGreaterThanOrEqual(lastRunning.nodesExpanded!);
    expect(last.elapsedMs).not.toBeNull();
    // The worker's row as stored: the event is what solve(id) says.
    expect(last.solve).toMatchObject({ status: "CANCELLED", lowerBound: last.lowerBound });
    const stored = await readSolve(alice.client, solve.id);
    expect(stored.lowerBound).toBe(last.lowerBound);
    expect(stored.nodesExpanded).toBe(last.nodesExpanded);
  }, 20_000);

  it("carries the last live figures when the search goes on for another Solve", async () => {
    const puzzleId = await createPuzzle(alice.client, BOARDS.endless, 5);
    const { solve, watch } = await runningSearch(alice.client, alice.token, puzzleId);
    // Bob follows the same search: Alice's cancel does not stop it, so no worker writes her figures.
    const follower = await requestSolve(bob.client, puzzleId, { ...IDA_LC, timeLimitSeconds: 60 });
    expect(await jobIdOf(api, follower.id)).toBe(await jobIdOf(api, solve.id));
    await alice.client.data(CANCEL, { id: solve.id });
    const cancelledAt = Date.now();
    const events = await watch.finished(10_000);
    const lastRunning = events.filter((e) => e.status === "RUNNING" && e.solve === null).at(-1)!;
    const last = events.at(-1)!;
    expect(last.status).toBe("CANCELLED");
    expect(Date.now() - cancelledAt).toBeLessThan(6000);
    expect(last.lowerBound).toBe(lastRunning.provenLowerBound);
    expect(last.provenLowerBound).toBe(lastRunning.provenLowerBound);
    expect(last.nodesExpanded).toBe(lastRunning.nodesExpanded);
    // The row itself keeps null figures (the search did not end for it).
    expect(last.solve).toMatchObject({ status: "CANCELLED", lowerBound: null, nodesExpanded: null });
    await bob.client.data(CANCEL, { id: follower.id });
  }, 20_000);
});
