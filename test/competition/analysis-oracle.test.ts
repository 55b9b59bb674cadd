// Analyses and hints against independent oracles written here (a breadth-first search over every
// state of small sliding boards with random custom goals, and over the Rotation Game's symbol masks
// with the lines drawn from the puzzle's rules), their edge cases (empty, off-board, unknown and
// lower-case moves, moves past the goal, limits), the same error codes over HTTP and WebSocket, and
// Submission.analysis of submissions that cannot be analysed (null, not an error on someone's list).
// An API server alone: these boards are answered from tables within the request.
import { describe, expect, it } from "vitest";
import { applyRotationMoves } from "../../src/core/rotation/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { applyMoves, bfsDistances, randomWalk } from "./boards.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "500" } });

const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id length } }`;
const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status move distance position } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) {
  analyzeSolution(puzzleId: $p, moves: $m) {
    status length optimalLength movesLost mistakes { index }
    moves { index move distanceBefore distanceAfter optimal }
  }
}`;
const SUBMISSIONS = `query ($n: String!) {
  user(name: $n) { submissions(first: 10) { edges { node { length analysis { length optimalLength } } } } }
}`;

async function create(client: GraphQLClient, input: Record<string, unknown>): Promise<string> {
  return (await client.data(CREATE, { i: input })).createPuzzle.id;
}

// The Rotation Game (UVa 1343): four 7-cell lines A-D, E-H the same lines the other way; a move
// shifts its line one cell toward the head. Goal: the eight centre cells of one symbol.
const LINES = [
  [0, 2, 6, 11, 15, 20, 22],
  [1, 3, 8, 12, 17, 21, 23],
  [10, 9, 8, 7, 6, 5, 4],
  [19, 18, 17, 16, 15, 14, 13],
];
const ALL_LINES = [...LINES, ...[1, 0, 3, 2].map((i) => [...LINES[i]].reverse())];
const CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];

/** Each 8-cell mask's distance to the centre, by breadth-first search over the masks. */
function rotationBfs(): Map<number, number> {
  const shift = (mask: number, line: readonly number[]) => {
    let out = mask;
    for (const cell of line) out &= ~(1 << cell);
    for (let i = 0; i < 7; i++) if (mask & (1 << line[(i + 1) % 7])) out |= 1 << line[i];
    return out;
  };
  const goal = CENTRE.reduce((mask, cell) => mask | (1 << cell), 0);
  const distances = new Map<number, number>([[goal, 0]]);
  let frontier = [goal];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const mask of frontier) {
      for (const line of ALL_LINES) {
        const moved = shift(mask, line);
        if (!distances.has(moved)) {
          distances.set(moved, d);
          next.push(moved);
        }
      }
    }
    frontier = next;
  }
  return distances;
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("analyses and hints against an independent BFS", () => {
  it.each([
    [2, 3],
    [3, 2],
    [2, 4],
    [3, 3],
  ])("%i x %i with a random custom goal: distances, mistakes, moves lost, hints", async (rows, cols) => {
    const { client } = await api.client().signUp();
    const goal = shuffled([...Array(rows * cols).keys()]);
    const bfs = bfsDistances(rows, cols, goal);
    const states = [...bfs.keys()];
    const at = (board: readonly number[]) => bfs.get(board.join(",")) as number;
    for (let round = 0; round < 4; round++) {
      const start = states[Math.floor(Math.random() * states.length)].split(",").map(Number);
      const p = await create(client, { kind: "SLIDING", rows, cols, start, goal });
      // A wandering walk, then the BFS's own way home (descending the distances).
      let moves = randomWalk(rows, cols, start, 6);
      let board = applyMoves(rows, cols, start, moves);
      while (at(board) > 0) {
        const move = [..."UDLR"].find((m) => {
          try {
            return at(applyMoves(rows, cols, board, m)) === at(board) - 1;
          } catch {
            return false;
          }
        }) as string;
        moves += move;
        board = applyMoves(rows, cols, board, move);
      }
      const analysis = (await client.data(ANALYZE, { p, m: moves })).analyzeSolution;
      expect(analysis).toMatchObject({ status: "READY", length: moves.length, optimalLength: at(start) });
      expect(analysis.movesLost).toBe(moves.length - at(start));
      board = start;
      const mistakes: number[] = [];
      for (const [i, step] of analysis.moves.entries()) {
        expect(step).toMatchObject({ index: i + 1, move: moves[i], distanceBefore: at(board) });
        const after = applyMoves(rows, cols, board, moves[i]);
        expect(step.distanceAfter).toBe(at(after));
        expect(step.optimal).toBe(at(after) === at(board) - 1);
        if (at(after) !== at(board) - 1) mistakes.push(i + 1);
        board = after;
      }
      expect(analysis.mistakes.map((m: { index: number }) => m.index)).toEqual(mistakes);
    }
    const p = await create(client, { kind: "SLIDING", rows, cols, start: goal, goal });
    for (let round = 0; round < 25; round++) {
      const position = states[Math.floor(Math.random() * states.length)].split(",").map(Number);
      const { hint } = await client.data(HINT, { p, pos: position });
      expect(hint).toMatchObject({ status: "READY", position, distance: at(position) });
      if (at(position) === 0) expect(hint.move).toBeNull();
      else expect(at(applyMoves(rows, cols, position, hint.move))).toBe(at(position) - 1);
    }
  });

  it("Rotation Game: distances, mistakes and hints as a BFS over the symbol masks", async () => {
    const { client } = await api.client().signUp();
    const bfs = rotationBfs();
    const at = (board: readonly number[]) =>
      Math.min(
        ...[1, 2, 3].map(
          (s) => bfs.get(board.reduce((mask, v, i) => (v === s ? mask | (1 << i) : mask), 0)) as number,
        ),
      );
    const symbols = [...Array(8).fill(1), ...Array(8).fill(2), ...Array(8).fill(3)];
    for (let round = 0; round < 3; round++) {
      const start = shuffled(symbols);
      const p = await create(client, { kind: "ROTATION", start });
      // Two random moves, then down the BFS's distances; lower case and spaces are accepted.
      let moves = "";
      let board = start;
      for (let i = 0; i < 2 || at(board) > 0; i++) {
        const move =
          i < 2
            ? "ABCDEFGH"[Math.floor(Math.random() * 8)]
            : ([..."ABCDEFGH"].find((m) => at(applyRotationMoves(board, m)) === at(board) - 1) as string);
        moves += move;
        board = applyRotationMoves(board, move);
      }
      const analysis = (await client.data(ANALYZE, { p, m: moves.toLowerCase().split("").join(" ") }))
        .analyzeSolution;
      expect(analysis).toMatchObject({ status: "READY", length: moves.length, optimalLength: at(start) });
      expect(analysis.movesLost).toBe(moves.length - at(start));
      board = start;
      for (const [i, step] of analysis.moves.entries()) {
        const after = applyRotationMoves(board, moves[i]);
        expect(step).toMatchObject({ move: moves[i], distanceBefore: at(board), distanceAfter: at(after) });
        expect(step.optimal).toBe(at(after) === at(board) - 1);
        board = after;
      }
      for (let k = 0; k < 10; k++) {
        const position = shuffled(symbols);
        const { hint } = await client.data(HINT, { p, pos: position });
        expect(hint.distance).toBe(at(position));
        if (at(position) > 0) expect(at(applyRotationMoves(position, hint.move))).toBe(at(position) - 1);
      }
    }
  });
});

describe("analysis edge cases", () => {
  it("empty moves, moves past the goal, a solved start; the same codes over HTTP and WebSocket", async () => {
    const { client, token } = await api.client().signUp();
    const p = await create(client, { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    const solved = await create(client, {
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 0],
    });
    const unsolvable = await create(client, {
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [2, 1, 3, 4, 5, 6, 7, 8, 0],
    });
    // Past the goal and back: the move off the goal is the one mistake.
    const past = (await client.data(ANALYZE, { p, m: "r,r l r" })).analyzeSolution;
    expect(past).toMatchObject({ length: 4, optimalLength: 2, movesLost: 2, mistakes: [{ index: 3 }] });
    expect(past.moves[2]).toMatchObject({ move: "L", distanceBefore: 0, distanceAfter: 1, optimal: false });
    expect((await client.data(ANALYZE, { p: solved, m: " " })).analyzeSolution).toMatchObject({
      status: "READY",
      length: 0,
      optimalLength: 0,
      movesLost: 0,
      moves: [],
      mistakes: [],
    });
    const refused: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [ANALYZE, { p, m: "" }, { code: "NOT_A_SOLUTION", field: "moves" }],
      [ANALYZE, { p, m: "RRL" }, { code: "NOT_A_SOLUTION", field: "moves" }],
      [ANALYZE, { p, m: "RRR" }, { code: "ILLEGAL_MOVE", index: 3, move: "R" }],
      [ANALYZE, { p, m: "D" }, { code: "ILLEGAL_MOVE", index: 1, move: "D" }],
      [ANALYZE, { p, m: "RX" }, { code: "ILLEGAL_MOVE", index: 2, move: "X" }],
      [ANALYZE, { p, m: `${"RL".repeat(500)}RR` }, { code: "BAD_USER_INPUT", field: "moves" }],
      [ANALYZE, { p: unsolvable, m: "" }, { code: "NOT_A_SOLUTION" }],
      [HINT, { p: unsolvable }, { code: "BAD_USER_INPUT", field: "position" }],
      [HINT, { p, pos: [1, 1, 3, 4, 5, 6, 7, 8, 0] }, { code: "BAD_USER_INPUT", field: "position" }],
      [HINT, { p, pos: [-1, 2, 3, 4, 5, 6, 7, 8, 0] }, { code: "BAD_USER_INPUT", field: "position" }],
      [HINT, { p, pos: [] }, { code: "BAD_USER_INPUT", field: "position" }],
    ];
    const ws = wsClient(api.wsUrl, token);
    try {
      for (const [query, variables, expected] of refused) {
        const overHttp = await client.error(query, variables);
        expect(overHttp.extensions, JSON.stringify(variables)).toMatchObject(expected);
        const overWs = await subscribe(ws, query, variables).next();
        expect(overWs.errors?.[0]?.extensions).toEqual(overHttp.extensions);
      }
    } finally {
      await ws.dispose();
    }
  });
});

describe("Submission.analysis", () => {
  it("is null for a submission it cannot analyse (over 1,000 moves, 5x5), not an error", async () => {
    const { client, user } = await api.client().signUp();
    const p = await create(client, { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] });
    // submitSolution takes up to 10,000 moves; analyses stop at 1,000.
    await client.data(SUBMIT, { p, m: `${"RL".repeat(600)}R` });
    const big = await create(client, {
      kind: "SLIDING",
      rows: 5,
      cols: 5,
      start: [...Array.from({ length: 23 }, (_, i) => i + 1), 0, 24],
    });
    await client.data(SUBMIT, { p: big, m: "R" });
    await client.data(SUBMIT, { p, m: "R" });
    const { status, body } = await client.request(SUBMISSIONS, { n: user.name });
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    const nodes = (body.data as any).user.submissions.edges.map((edge: any) => edge.node);
    expect(nodes).toHaveLength(3);
    const byLength = (length: number, analysis: unknown) =>
      expect(nodes.filter((n: any) => n.length === length).map((n: any) => n.analysis)).toContainEqual(
        analysis,
      );
    byLength(1201, null);
    byLength(1, null);
    byLength(1, { length: 1, optimalLength: 1 });
  });
});
