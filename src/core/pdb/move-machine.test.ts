// The move machine forbids only sequences with a shortlex-smaller replacement that reaches the same
// board, keeps only minimal ones, and never hides a board's shortest path: on 3x3 and 3x4 boards a
// depth-first search pruned by it reaches every board within a depth at its breadth-first distance,
// from every blank cell (and an edge-blind machine, pruning where the replacement leaves the board,
// does not).
import { describe, expect, it } from "vitest";
import { boardKey } from "./exact-distances.ts";
import {
  compileMoveMachine,
  encodeSequences,
  forbiddenSequences,
  type MoveMachine,
  moveMachine,
  storedMachineTable,
} from "./move-machine.ts";
import { buildAutomaton, decodeAutomaton, encodeAutomaton } from "./move-automaton.ts";
import { STORED_AUTOMATON, STORED_LENGTH, STORED_SEQUENCES } from "./move-sequences.ts";
import { exportTables } from "../tables.ts";

const name = (moves: Uint8Array) => [...moves].map((m) => "UDLR"[m]).join("");

/** The board after `moves` from the identity of a rows x cols board with the blank on `blank`. */
function play(rows: number, cols: number, blank: number, moves: ArrayLike<number>): number[] | null {
  const board = Array.from({ length: rows * cols }, (_, i) => i);
  board[blank] = 0;
  board[0] = blank;
  for (const m of Array.from(moves)) {
    const r = Math.floor(blank / cols) + [-1, 1, 0, 0][m];
    const c = (blank % cols) + [0, 0, -1, 1][m];
    if (r < 0 || r >= rows || c < 0 || c >= cols) return null;
    const to = r * cols + c;
    board[blank] = board[to];
    board[to] = 0;
    blank = to;
  }
  return board;
}

/**
 * Shallowest depth (<= maxDepth) at which a depth-first search from the board with the blank on
 * `start`, pruned by `machine` (the kernel's rule), reaches each board; and the plain BFS depths.
 */
function reached(rows: number, cols: number, start: number, machine: MoveMachine, maxDepth: number) {
  const n = rows * cols;
  const board = play(rows, cols, start, [])!;
  const found = new Map<number, number>();
  let paths = 0;
  const dfs = (blank: number, state: number, depth: number): void => {
    const key = boardKey(board, n);
    const seen = found.get(key);
    if (seen === undefined || depth < seen) found.set(key, depth);
    if (depth === maxDepth) return;
    for (let m = 0; m < 4; m++) {
      const r = Math.floor(blank / cols) + [-1, 1, 0, 0][m];
      const c = (blank % cols) + [0, 0, -1, 1][m];
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
      let next = machine.step[state + m];
      if (next < 0) {
        next = ~next;
        if ((machine.prune[next >> 2] >>> blank) & 1) continue;
      }
      paths++;
      const to = r * cols + c;
      board[blank] = board[to];
      board[to] = 0;
      dfs(to, next, depth + 1);
      board[to] = board[blank];
      board[blank] = 0;
    }
  };
  dfs(start, 0, 0);
  const bfs = new Map<number, number>([[boardKey(board, n), 0]]);
  let frontier = [board.slice()];
  for (let depth = 1; depth <= maxDepth; depth++) {
    const next: number[][] = [];
    for (const b of frontier) {
      const blank = b.indexOf(0);
      for (let m = 0; m < 4; m++) {
        const child = play(rows, cols, blank, [m]) && applyMove(b, cols, rows, blank, m);
        if (child === null) continue;
        const key = boardKey(child, n);
        if (bfs.has(key)) continue;
        bfs.set(key, depth);
        next.push(child);
      }
    }
    frontier = next;
  }
  return { found, bfs, paths };
}

function applyMove(board: number[], cols: number, rows: number, blank: number, m: number): number[] | null {
  const r = Math.floor(blank / cols) + [-1, 1, 0, 0][m];
  const c = (blank % cols) + [0, 0, -1, 1][m];
  if (r < 0 || r >= rows || c < 0 || c >= cols) return null;
  const out = board.slice();
  out[blank] = out[r * cols + c];
  out[r * cols + c] = 0;
  return out;
}

describe("forbidden blank-move sequences", () => {
  it("up to 6 moves: the moves back and the second way 1.5 times around a 2x2 block", () => {
    const { forbidden, replacement } = forbiddenSequences(6);
    expect(forbidden.map(name)).toEqual(["UD", "DU", "LR", "RL", "LURDLU", "LDRULD", "RULDRU", "RDLURD"]);
    expect(replacement.map(name)).toEqual(["", "", "", "", "ULDRUL", "DLURDL", "URDLUR", "DRULDR"]);
  });

  it("up to 10 moves: each replacement is shortlex smaller and reaches the same board; all minimal", () => {
    const { forbidden, replacement } = forbiddenSequences(10);
    expect(forbidden.length).toBe(340);
    const names = new Set(forbidden.map(name));
    forbidden.forEach((word, i) => {
      const other = replacement[i];
      const shorter = other.length < word.length;
      // Moves 0..3 as digits: the kernel's order U < D < L < R.
      const smaller = other.join("") < word.join("");
      expect(shorter || (other.length === word.length && smaller)).toBe(true);
      // On a board large enough for both from its centre.
      expect(play(21, 21, 220, word)).toEqual(play(21, 21, 220, other));
      const text = name(word);
      for (let a = 0; a < text.length; a++)
        for (let b = a + 1; b <= text.length; b++)
          if (b - a < text.length) expect(names.has(text.slice(a, b))).toBe(false);
    });
  });
});

describe("the stored sequences", () => {
  it("are the search's, up to their length", () => {
    expect(encodeSequences(forbiddenSequences(STORED_LENGTH))).toBe(STORED_SEQUENCES);
    expect(moveMachine(5, 5, STORED_LENGTH).sequences).toBe(
      forbiddenSequences(STORED_LENGTH).forbidden.length,
    );
    expect(moveMachine(5, 5, 10).sequences).toBe(340); // the stored ones up to 10 moves
  });
});

describe("the stored automaton", () => {
  const sequences = forbiddenSequences(STORED_LENGTH);
  const built = buildAutomaton(sequences.forbidden, sequences.replacement);

  it("is the one built from the stored sequences, and decodes to it", () => {
    expect(encodeAutomaton(built)).toBe(STORED_AUTOMATON);
    const decoded = decodeAutomaton(STORED_AUTOMATON);
    expect(decoded.states).toBe(built.states);
    expect(decoded.sequences).toBe(2540);
    expect(decoded.trie).toEqual(built.trie);
    expect(decoded.next).toEqual(built.next);
    expect(decoded.final).toEqual(built.final);
    expect(decoded.geometry).toEqual(built.geometry);
  });

  it("round-trips a shorter automaton through its text form", () => {
    const ten = forbiddenSequences(10);
    const automaton = buildAutomaton(ten.forbidden, ten.replacement);
    expect(decodeAutomaton(encodeAutomaton(automaton))).toEqual(automaton);
  });

  for (const [rows, cols] of [
    [2, 3],
    [3, 3],
    [3, 4],
    [4, 4],
    [5, 5],
  ]) {
    it(`${rows}x${cols}: the machine decoded from it is the one compiled from the sequences`, () => {
      const fresh = compileMoveMachine(rows, cols, sequences);
      const machine = moveMachine(rows, cols, STORED_LENGTH);
      expect(machine.states).toBe(fresh.states);
      expect(machine.step).toEqual(fresh.step);
      expect(machine.prune).toEqual(fresh.prune);
    });
  }
});

describe("a machine is a table", () => {
  it("one shared buffer in the registry, which solver threads are handed (no thread compiles its own)", () => {
    const machine = moveMachine(4, 4, 12);
    const buffer = exportTables()["move-machine-4x4-12"];
    expect(buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(machine.step.buffer).toBe(buffer);
    expect(machine.prune.buffer).toBe(buffer);
    // step and prune side by side, after the two counts, without overlap.
    expect(machine.step.byteOffset).toBe(8);
    expect(machine.prune.byteOffset).toBe(8 + machine.step.byteLength);
    expect(buffer.byteLength).toBe(8 + 5 * 4 * machine.states);
    expect(buffer.byteLength).toBe(storedMachineTable(4, 4).bytes); // what a store expects on disk
    expect(machine.sequences).toBe(2540);
    // The same arrays as compiling the stored sequences afresh.
    const fresh = compileMoveMachine(4, 4, forbiddenSequences(12));
    expect(machine.step).toEqual(fresh.step);
    expect(machine.prune).toEqual(fresh.prune);
  });
});

describe("the move machine keeps every shortest path", () => {
  for (const [rows, cols, depth] of [
    [3, 3, 14],
    [3, 4, 12],
  ]) {
    it(`${rows}x${cols}: every board within ${depth} moves reached at its distance, from every blank cell`, () => {
      const machine = moveMachine(rows, cols, 12);
      const parentOnly = moveMachine(rows, cols, 2); // UD, DU, LR, RL
      for (let start = 0; start < rows * cols; start++) {
        const { found, bfs, paths } = reached(rows, cols, start, machine, depth);
        for (const [key, d] of bfs) expect(found.get(key)).toBe(d);
        expect(found.size).toBe(bfs.size);
        // It prunes more than the move back alone.
        expect(paths).toBeLessThan(reached(rows, cols, start, parentOnly, depth).paths);
      }
    });
  }

  // From 13 moves on, some replacements leave the forbidden sequence's rows or columns (e.g.
  // DLLURDRULLDRU, two rows, against ULLDDRULURRDL, three).
  let thirteen: ReturnType<typeof forbiddenSequences> | undefined;
  for (const [rows, cols] of [
    [2, 3],
    [3, 3],
  ]) {
    it(`${rows}x${cols}, 13 moves: the machine keeps every shortest path, an edge-blind one does not`, () => {
      thirteen ??= forbiddenSequences(13);
      const sequences = thirteen;
      const good = compileMoveMachine(rows, cols, sequences);
      const wide = compileMoveMachine(5, 6, sequences); // same states; every sequence fits somewhere
      const all = (1 << (rows * cols)) - 1;
      const blind: MoveMachine = { ...good, prune: wide.prune.map((mask) => (mask === 0 ? 0 : all)) };
      let lost = 0;
      for (let start = 0; start < rows * cols; start++) {
        const kept = reached(rows, cols, start, good, 16);
        for (const [key, d] of kept.bfs) expect(kept.found.get(key)).toBe(d);
        const { found, bfs } = reached(rows, cols, start, blind, 16);
        for (const [key, d] of bfs) if (found.get(key) !== d) lost++;
      }
      expect(lost).toBeGreaterThan(0);
    });
  }
});
