// An analysis asked for before one's first submission on a puzzle is help, as a hint is: analyzeSolution
// gives the exact distance of every position along the moves and flags each move that was not optimal,
// so a player can turn any solution into an optimal one (try a move and back at the first mistake, keep
// the one whose distance drops) without submitting anything, then submit the optimum as their own.
// Until the thirty-third session that first game was rated. An analysis after one's first submission
// on the puzzle (the web page analyses every submission) records nothing. An API server alone: 3x3
// boards are analysed from the tables within the request, and the platform's own solve proves the
// optimum within the first submission, so every game is settled at once.
import { describe, expect, it } from "vitest";
import { tableSolution } from "../../src/core/sliding/table.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { applyMoves, GOAL3, randomSolvable, randomWalk } from "./boards.ts";
import { ANALYZE, CREATE } from "./operations.ts";

const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "500" } });

const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { game } }`;
const GAMES = `query ($u: String!) { user(name: $u) { submissions { edges { node { puzzle { id } game } } } } }`;

type Player = Awaited<ReturnType<GraphQLClient["signUp"]>>;

async function create(player: Player, start: readonly number[]): Promise<string> {
  return (await player.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } })).createPuzzle
    .id;
}

/** The player's settled game on puzzle `p`, from their submissions list (RATED, UNRATED...). */
async function gameOn(player: Player, p: string): Promise<string[]> {
  const { user } = await player.client.data(GAMES, { u: player.user.name });
  return user.submissions.edges
    .filter((edge: { node: { puzzle: { id: string } } }) => edge.node.puzzle.id === p)
    .map((edge: { node: { game: string } }) => edge.node.game);
}

describe("analyses as help", () => {
  it("an analysis before the first submission unrates the game, on the puzzle or on the way; after it, none", async () => {
    const [ada, bea, cid, eve] = [
      await api.client().signUp(),
      await api.client().signUp(),
      await api.client().signUp(),
      await api.client().signUp(),
    ];
    let start = randomSolvable(3, GOAL3);
    while ((tableSolution(3, 3, start, GOAL3) as string).length < 12) start = randomSolvable(3, GOAL3);
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    // A poor solution: a detour, then the way back to the goal from where it ends; longer than the optimum.
    let poor = optimal;
    while (poor.length === optimal.length) {
      const detour = randomWalk(3, 3, start, 6);
      poor = detour + (tableSolution(3, 3, applyMoves(3, 3, start, detour), GOAL3) as string);
    }
    const p = await create(ada, start);

    // Ada analyses her poor solution first: the analysis flags its mistakes and gives every distance.
    const { analyzeSolution } = await ada.client.data(ANALYZE, { p, m: poor });
    expect(analyzeSolution).toMatchObject({ status: "READY", optimalLength: optimal.length });
    expect(analyzeSolution.mistakes.length).toBeGreaterThan(0);
    expect((await ada.client.data(SUBMIT, { p, m: optimal })).submitSolution.game).toBe("UNRATED");

    // Eve analyses on a puzzle of her own that starts a move into the route (help on the way).
    const oneIn = applyMoves(3, 3, start, optimal[0]);
    const own = await create(eve, oneIn);
    expect((await eve.client.data(ANALYZE, { p: own, m: optimal.slice(1) })).analyzeSolution.status).toBe(
      "READY",
    );
    expect((await eve.client.data(SUBMIT, { p, m: optimal })).submitSolution.game).toBe("UNRATED");

    // Bea plays on her own.
    expect((await bea.client.data(SUBMIT, { p, m: optimal })).submitSolution.game).toBe("RATED");

    // Cid submits, then has his submission analysed (as the web page does after every submission):
    // a review of a game already played is no help, on this puzzle's board or on the positions
    // along his route, so his game on a puzzle starting a move into that route stays rated.
    expect((await cid.client.data(SUBMIT, { p, m: poor })).submitSolution.game).toBe("RATED");
    expect((await cid.client.data(ANALYZE, { p, m: poor })).analyzeSolution.status).toBe("READY");
    const later = await create(ada, applyMoves(3, 3, start, poor[0]));
    expect((await cid.client.data(SUBMIT, { p: later, m: poor.slice(1) })).submitSolution.game).toBe("RATED");

    for (const [player, game] of [
      [ada, "UNRATED"],
      [eve, "UNRATED"],
      [bea, "RATED"],
      [cid, "RATED"],
    ] as const) {
      expect(await gameOn(player, p)).toEqual([game]);
    }
  });
});
