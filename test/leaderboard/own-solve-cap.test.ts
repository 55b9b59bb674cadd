// The platform's search for a submission is the submitter's: it counts toward their
// MAX_OPEN_SOLVES_PER_USER, they find it in User.solves and may cancel it (another user gets
// FORBIDDEN), and at the cap the
// submission is still stored while no platform search is started.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { IDA_LC, createPuzzle as createBoard, requestSolve } from "../pipeline/pipeline.ts";
import { distinctBoards } from "../hostile/boards.ts";
import { createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const LIMIT = 2;
const api = useTestServer({ env: { MAX_OPEN_SOLVES_PER_USER: String(LIMIT) } });
const boards = distinctBoards(8, 4, 30, 11);

/** 4x4 boards near their goal: their platform searches are queued (no worker runs here). */
const TWO_AWAY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15] },
  optimum: 2,
  solutions: { 4: "RLRR" },
};
const ONE_AWAY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15] },
  optimum: 1,
  solutions: { 3: "RLR" },
};

const CANCEL = `mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`;

async function platformSolves(puzzleId: string) {
  return api.server.app.prisma.solve.findMany({ where: { puzzleId: Number(puzzleId), requestedById: null } });
}

describe("the platform's search for a submission", () => {
  it("counts toward the submitter's open solves and the submitter can cancel it", async () => {
    const { client, user } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, TWO_AWAY);
    await submit(client, puzzleId, "RLRR");
    const [own] = await platformSolves(puzzleId);
    expect(own?.status).toBe("QUEUED");
    expect(own?.onBehalfOfId).toBe(Number(user.id));
    // The submitter finds it among their solves, to cancel it (before: only requested Solves were
    // listed, and at the cap LIMIT_EXCEEDED said "cancel one" of searches nowhere to be seen).
    const MINE = `query ($name: String!) { user(name: $name) { solves { edges { node { id status requestedBy { id } onBehalfOf { id } } } } } }`;
    const mine = (await client.data(MINE, { name: user.name })).user.solves.edges.map(
      (edge: { node: unknown }) => edge.node,
    );
    expect(mine).toEqual([
      { id: String(own!.id), status: "QUEUED", requestedBy: null, onBehalfOf: { id: user.id } },
    ]);

    // One open already: the second request fills the cap, the third is refused.
    expect((await requestSolve(client, await createBoard(client, boards[0]), IDA_LC)).status).toBe("QUEUED");
    const refused = await client.request(
      `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id } }`,
      { id: await createBoard(client, boards[1]), options: IDA_LC },
    );
    expect(refused.body.errors?.[0]?.extensions).toEqual({
      code: "LIMIT_EXCEEDED",
      limit: LIMIT,
      open: LIMIT,
    });

    const other = await api.client().signUp();
    const forbidden = await other.client.request(CANCEL, { id: String(own!.id) });
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const { cancelSolve } = await client.data(CANCEL, { id: String(own!.id) });
    expect(cancelSolve.status).toBe("CANCELLED");
    // The cancelled search no longer counts: a request fits again.
    expect((await requestSolve(client, await createBoard(client, boards[2]), IDA_LC)).status).toBe("QUEUED");
  });

  it("is skipped when the submitter is at the cap; the submission is still stored", async () => {
    const { client } = await api.client().signUp();
    for (const board of boards.slice(3, 3 + LIMIT))
      expect((await requestSolve(client, await createBoard(client, board), IDA_LC)).status).toBe("QUEUED");
    const puzzleId = await createPuzzle(client, ONE_AWAY);
    const submission = await submit(client, puzzleId, "RLR");
    expect(submission.length).toBe(3);
    expect(await platformSolves(puzzleId)).toHaveLength(0);
  });
});
