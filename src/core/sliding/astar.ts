// A* with a closed set for sliding puzzles of any shape and goal. Nodes live in growable typed
// arrays (board bytes, g, h, parent, move) and are found again through a Map keyed by the board;
// the open list is a binary heap on f, ties broken towards larger g (deeper nodes finish sooner).
// A node reached again by a shorter path is reopened, so admissibility alone gives optimality.
// A* keeps every node it generates: `maxStored` bounds its memory (status "budget_exhausted").

import { SearchControl, type SearchOutcome } from "../search-control.ts";
import { DIRECTION_LETTERS, neighbourTable } from "./geometry.ts";
import type { SlidingHeuristic } from "./heuristic.ts";
import type { SolveOptions } from "../types.ts";

const DEFAULT_MAX_STORED = 4_000_000;

class NodeStore {
  capacity = 1024;
  count = 0;
  boards: Uint8Array;
  g = new Int32Array(this.capacity);
  h = new Int32Array(this.capacity);
  parent = new Int32Array(this.capacity);
  move = new Int8Array(this.capacity);
  closed = new Uint8Array(this.capacity);

  constructor(readonly n: number) {
    this.boards = new Uint8Array(this.capacity * n);
  }

  add(board: Uint8Array, g: number, h: number, parent: number, move: number): number {
    if (this.count === this.capacity) this.grow();
    const id = this.count++;
    this.boards.set(board, id * this.n);
    this.g[id] = g;
    this.h[id] = h;
    this.parent[id] = parent;
    this.move[id] = move;
    return id;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const boards = new Uint8Array(capacity * this.n);
    boards.set(this.boards);
    this.boards = boards;
    this.g = extend(this.g, new Int32Array(capacity));
    this.h = extend(this.h, new Int32Array(capacity));
    this.parent = extend(this.parent, new Int32Array(capacity));
    this.move = extend(this.move, new Int8Array(capacity));
    this.closed = extend(this.closed, new Uint8Array(capacity));
    this.capacity = capacity;
  }
}

function extend<T extends Int32Array | Int8Array | Uint8Array>(old: T, bigger: T): T {
  bigger.set(old);
  return bigger;
}

/** Min-heap of node ids on (f, -g); entries remember the g they were pushed with (stale ones are skipped). */
class OpenList {
  private ids = new Int32Array(1024);
  private keys = new Float64Array(1024);
  private pushedG = new Int32Array(1024);
  size = 0;

  push(id: number, f: number, g: number): void {
    if (this.size === this.ids.length) {
      this.ids = extend(this.ids, new Int32Array(this.size * 2));
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      this.pushedG = extend(this.pushedG, new Int32Array(this.size * 2));
    }
    const key = f * 4096 - g;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.ids[i] = this.ids[parent];
      this.keys[i] = this.keys[parent];
      this.pushedG[i] = this.pushedG[parent];
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
    this.pushedG[i] = g;
  }

  /** Removes the best entry; returns its id and leaves its pushed g in `lastG`. */
  lastG = 0;
  pop(): number {
    const top = this.ids[0];
    this.lastG = this.pushedG[0];
    const last = --this.size;
    const id = this.ids[last];
    const key = this.keys[last];
    const g = this.pushedG[last];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.ids[i] = this.ids[child];
      this.keys[i] = this.keys[child];
      this.pushedG[i] = this.pushedG[child];
      i = child;
    }
    this.ids[i] = id;
    this.keys[i] = key;
    this.pushedG[i] = g;
    return top;
  }
}

function boardKey(board: Uint8Array): string {
  return String.fromCharCode.apply(null, board as unknown as number[]);
}

export function aStar(
  rows: number,
  cols: number,
  start: readonly number[],
  _goal: readonly number[],
  heuristic: SlidingHeuristic,
  options: SolveOptions = {},
  maxStored = DEFAULT_MAX_STORED,
): SearchOutcome {
  const n = rows * cols;
  const control = new SearchControl(options);
  const neighbours = neighbourTable(rows, cols);
  const store = new NodeStore(n);
  const open = new OpenList();
  const index = new Map<string, number>();
  const board = Uint8Array.from(start);
  const rootH = heuristic.reset(board);
  const root = store.add(board, 0, rootH, -1, -1);
  index.set(boardKey(board), root);
  open.push(root, rootH, 0);
  let nodes = 0;
  let fLevel = -1;
  let countdown = 1;
  const stopped = () => ({ status: control.stoppedBy(), moves: "", nodes, lowerBound: fLevel });
  while (open.size > 0) {
    const id = open.pop();
    const g = store.g[id];
    if (store.closed[id] === 1 || open.lastG !== g) continue; // stale entry
    const h = store.h[id];
    if (g + h > fLevel) {
      fLevel = g + h;
      if (control.newBound(nodes, fLevel)) return stopped();
    }
    if (h === 0) {
      let moves = "";
      for (let at = id; store.parent[at] >= 0; at = store.parent[at])
        moves = DIRECTION_LETTERS[store.move[at]] + moves;
      return { status: "solved", moves, nodes, lowerBound: g };
    }
    if (--countdown === 0) {
      if (store.count >= maxStored) control.stop("budget_exhausted");
      if (control.poll(nodes, fLevel)) return stopped();
      countdown = control.countdown(nodes);
    }
    store.closed[id] = 1;
    nodes++;
    board.set(store.boards.subarray(id * n, id * n + n));
    heuristic.reset(board);
    const blank = board.indexOf(0);
    const back = store.move[id] < 0 ? -1 : store.move[id] ^ 1;
    for (let dir = 0; dir < 4; dir++) {
      const to = neighbours[blank * 4 + dir];
      if (to < 0 || dir === back) continue;
      const tile = board[to];
      const childH = heuristic.move(tile, to, blank, h);
      heuristic.undo(tile, to, blank);
      board[blank] = tile;
      board[to] = 0;
      const key = boardKey(board);
      const known = index.get(key);
      if (known === undefined) {
        const child = store.add(board, g + 1, childH, id, dir);
        index.set(key, child);
        open.push(child, g + 1 + childH, g + 1);
      } else if (g + 1 < store.g[known]) {
        store.g[known] = g + 1;
        store.parent[known] = id;
        store.move[known] = dir;
        store.closed[known] = 0;
        open.push(known, g + 1 + store.h[known], g + 1);
      }
      board[to] = tile;
      board[blank] = 0;
    }
  }
  throw new RangeError("aStar: the goal is not reachable from the start");
}
