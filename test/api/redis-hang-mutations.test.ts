// cancelSolve and the other mutations while Redis hangs (connected, not answering: DEBUG SLEEP here, as
// a SIGSTOPped or stuck server). The cancel is done once its row is CANCELLED in Postgres; removing the
// waiting job, the workers' stop message and the announcement to subscribers only make it take effect
// sooner, so cancelSolve waits at most ENQUEUE_TIMEOUT_MS for them. Before, it waited as long as Redis
// hung (BullMQ's getJob has no deadline): an explorer's cancel got no answer for 5 minutes. What it did
// not wait for still happens once Redis answers: the job leaves the queue and a subscriber gets the
// CANCELLED row (the safety re-check is out of reach here, so it came through Redis). No worker runs:
// the job stays waiting, the case where removing it matters. Every other mutation answers in bounded
// time too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolveQueue, type SolveQueue } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import type { TestServer } from "../helpers/server.ts";
import { BOARDS, IDA_LC, ProgressWatch, createPuzzle, jobIdOf, requestSolve } from "../pipeline/pipeline.ts";
import { type HangRig, startHangRig, timed } from "./redis-hang.ts";

/** Long enough for every call below to be made while Redis sleeps. */
const SLEEP_SECONDS = 8;
const ENQUEUE_TIMEOUT_MS = 500;
/** The first request of a hang waits up to 500 ms for the rate limiter, cancelSolve ENQUEUE_TIMEOUT_MS. */
const ANSWER_MS = 2000;
/** 4x4, one move (R) from the goal. */
const ONE_MOVE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];

let rig: HangRig;
let server: TestServer;
let queue: SolveQueue;

beforeAll(async () => {
  rig = await startHangRig({
    ENQUEUE_TIMEOUT_MS: String(ENQUEUE_TIMEOUT_MS),
    SOLVE_EVENTS_RECHECK_MS: "600000",
  });
  server = rig.server;
  queue = createSolveQueue({ redisUrl: rig.redis.url, prefix: server.config.redisPrefix });
});

afterAll(async () => {
  await queue?.close();
  await rig?.close();
});

/** Polls until `check` holds, for at most `ms`. */
async function eventually(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function mutation<T>(client: GraphQLClient, query: string, variables: Record<string, unknown>) {
  return timed(ANSWER_MS, () => client.data<T>(query, variables), query);
}

describe("a Redis that hangs (connected, not answering)", () => {
  it("answers cancelSolve within ENQUEUE_TIMEOUT_MS; the job is removed and the row announced once Redis answers", async () => {
    const { client, token } = await server.client().signUp();
    const other = await server.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.endless, 5);
    const nearGoal = await createPuzzle(client, ONE_MOVE, 4);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: 600 });
    expect(solve.status).toBe("QUEUED");
    const jobId = await jobIdOf(server, solve.id);
    expect(await (await queue.getJob(jobId))?.getState()).toMatch(/^(waiting|prioritized)$/);
    const watch = new ProgressWatch(server.wsUrl, token, solve.id);
    await watch.waitFor((event) => event.status === "QUEUED");

    await rig.hang(SLEEP_SECONDS);
    const cancel = await mutation<{ cancelSolve: { status: string } }>(
      client,
      `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`,
      { id: solve.id },
    );
    expect(cancel.value.cancelSolve.status).toBe("CANCELLED");
    expect(cancel.ms).toBeLessThan(ANSWER_MS);
    const row = await server.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(row.status).toBe("CANCELLED");

    // The other mutations that touch Redis (an event, a platform search, the tokens-revoked event).
    const created = await mutation<{ createPuzzle: { id: string } }>(
      client,
      `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
      { input: { kind: "SLIDING", rows: 4, cols: 4, start: BOARDS.quick } },
    );
    expect(created.value.createPuzzle.id).toBeTruthy();
    const submitted = await mutation<{ submitSolution: { length: number } }>(
      client,
      `mutation ($id: ID!) { submitSolution(puzzleId: $id, moves: "R") { length } }`,
      { id: nearGoal },
    );
    expect(submitted.value.submitSolution.length).toBe(1);
    const signedUp = await mutation<{ signUp: { token: string } }>(
      server.client(),
      `mutation { signUp(name: "hang-signer") { token } }`,
      {},
    );
    expect(signedUp.value.signUp.token).toBeTruthy();
    const rotated = await mutation<{ rotateToken: { token: string } }>(
      other.client,
      `mutation { rotateToken { token } }`,
      {},
    );
    const revoked = await mutation<{ revokeToken: { name: string } }>(
      server.client(rotated.value.rotateToken.token),
      `mutation { revokeToken { name } }`,
      {},
    );
    expect(revoked.value.revokeToken.name).toBe(other.user.name);
    for (const answer of [created, submitted, signedUp, rotated, revoked])
      expect(answer.ms).toBeLessThan(ANSWER_MS);

    // Redis answers again: what cancelSolve did not wait for happens.
    await eventually(SLEEP_SECONDS * 1000 + 5000, "the cancelled job left the queue", async () => {
      return (await queue.getJob(jobId)) === undefined;
    });
    const events = await watch.finished(10_000);
    expect(events.at(-1)).toMatchObject({ status: "CANCELLED", solve: { status: "CANCELLED" } });
  });
});
