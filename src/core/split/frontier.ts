// The root of a split search expanded breadth-first: every state at depth d, reached with the same
// move pruning the search uses (never the reverse of the previous move), each state once (a state
// also reached at a smaller depth, or already at this one, is dropped: any solution through the
// copy has one at most as long through the kept state). Of the paths of one depth to a state, the
// lexicographically smallest in the kernel's move codes is kept (at the place of the first met), so
// the unit's search may carry the move machine across its start (docs/distributed.md). A goal met
// on the way is the answer: by breadth-first order nothing shorter exists.

import { neighbourTable } from "../sliding/geometry.ts";

const LETTERS = "UDLR";
const REVERSE: Readonly<Record<string, number>> = { U: 1, D: 0, L: 3, R: 2 };

/** A frontier state: its board and the moves (U/D/L/R, the blank's direction) that reach it. */
export interface FrontierNode {
  readonly moves: string;
  readonly board: readonly number[];
}

export type Frontier =
  | { readonly kind: "solved"; readonly moves: string; readonly generated: number }
  | {
      readonly kind: "frontier";
      readonly depth: number;
      readonly nodes: FrontierNode[];
      readonly generated: number;
    };

export interface FrontierShape {
  readonly rows: number;
  readonly cols: number;
  readonly start: readonly number[];
  readonly goal: readonly number[];
}

function sameBoard(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The legal moves from `board` after `moves`, except the reverse of the last one, as child nodes. */
export function childNodes(rows: number, cols: number, node: FrontierNode): FrontierNode[] {
  const neighbours = neighbourTable(rows, cols);
  const blank = node.board.indexOf(0);
  const back = node.moves === "" ? -1 : REVERSE[node.moves[node.moves.length - 1]];
  const children: FrontierNode[] = [];
  for (let dir = 0; dir < 4; dir++) {
    const to = neighbours[blank * 4 + dir];
    if (to < 0 || dir === back) continue;
    const board = [...node.board];
    board[blank] = board[to];
    board[to] = 0;
    children.push({ moves: node.moves + LETTERS[dir], board });
  }
  return children;
}

/** How the kernel that searches the units orders siblings (unit-ranker.ts unitOrder). */
export interface SiblingOrder {
  /** Smaller first; none: U, D, L, R (the built-in kernel's fixed order). */
  readonly rank?: (board: readonly number[]) => number;
  /**
   * The kernel's code of U, D, L, R (its move order), which breaks ties of rank; the frontier keeps
   * a state's smallest path in these codes. Default 0, 1, 2, 3.
   */
  readonly moveCodes?: readonly number[];
}

const IDENTITY_CODES: readonly number[] = [0, 1, 2, 3];

/**
 * A node's children (as childNodes) smallest rank first, ties in the kernel's move order: the order a
 * depth-first search ordering children by `rank` meets them. The frontier and every later split of a
 * unit use it, so units keep one depth-first order however finely the search is cut (and however
 * many threads it was planned for): the last iteration meets the solution's unit after the same work.
 */
export function rankedChildren(
  rows: number,
  cols: number,
  node: FrontierNode,
  order: SiblingOrder = {},
): FrontierNode[] {
  const children = childNodes(rows, cols, node);
  const { rank, moveCodes = IDENTITY_CODES } = order;
  if (rank === undefined) return children;
  const ranks = new Map(children.map((child) => [child, rank(child.board)]));
  const code = (child: FrontierNode) => moveCodes[LETTERS.indexOf(child.moves[child.moves.length - 1])];
  return children.sort((a, b) => ranks.get(a)! - ranks.get(b)! || code(a) - code(b));
}

export interface FrontierOptions extends SiblingOrder {
  /** Default 64. */
  readonly maxDepth?: number;
}

/** True when `a` is lexicographically smaller than `b` (of the same length) in the codes. */
function smallerPath(a: string, b: string, codes: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return codes[LETTERS.indexOf(a[i])] < codes[LETTERS.indexOf(b[i])];
  }
  return false;
}

/**
 * Expands until the frontier holds at least `minNodes` states or reaches `maxDepth` (the frontier
 * of depth 0 is the root alone).
 */
export function expandFrontier(
  shape: FrontierShape,
  minNodes: number,
  options: FrontierOptions = {},
): Frontier {
  const { rows, cols, start, goal } = shape;
  const { maxDepth = 64, moveCodes = IDENTITY_CODES } = options;
  if (sameBoard(start, goal)) return { kind: "solved", moves: "", generated: 0 };
  let level: FrontierNode[] = [{ moves: "", board: [...start] }];
  const seen = new Set<string>([start.join(",")]);
  let generated = 0;
  let depth = 0;
  while (level.length < minNodes && depth < maxDepth) {
    const next: FrontierNode[] = [];
    // States first met at this depth: their place in `next`.
    const placeOf = new Map<string, number>();
    for (const node of level) {
      for (const child of rankedChildren(rows, cols, node, options)) {
        generated++;
        if (sameBoard(child.board, goal)) return { kind: "solved", moves: child.moves, generated };
        const key = child.board.join(",");
        const place = placeOf.get(key);
        if (place !== undefined && smallerPath(child.moves, next[place].moves, moveCodes))
          next[place] = child;
        if (seen.has(key)) continue;
        seen.add(key);
        placeOf.set(key, next.length);
        next.push(child);
      }
    }
    level = next;
    depth++;
  }
  return { kind: "frontier", depth, nodes: level, generated };
}
