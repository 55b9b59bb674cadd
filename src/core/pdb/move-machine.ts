// Duplicate pruning by a finite-state machine of blank moves (Taylor & Korf 1993). A breadth-first
// search over blank-move sequences on an unbounded board (moves U < D < L < R, as the IDA* kernel
// numbers them) visits sequences in shortlex order (shorter first, then lexicographic), so the first
// sequence to reach a board is the shortlex-smallest one; every later one that reaches the same
// board is forbidden. Kept: the minimal forbidden strings (no forbidden proper substring), each with
// its replacement (the first sequence). An Aho–Corasick automaton over them tells, move by move,
// when the last moves spell a forbidden string.
//
// Why it never loses the answer: let P be the shortlex-smallest optimal solution. If a forbidden w
// ended somewhere in P (P = a w b) and its replacement v were legal from the cell where w starts,
// a v b would be a solution too (after v the board is the one after w), shorter or of equal length
// and lexicographically smaller: a contradiction. So a forbidden string is pruned only from blank
// cells where its replacement stays on the board (`prune`, per board size), and P is never pruned.

import { getTable, type TableBuffer } from "../tables.ts";
import {
  buildAutomaton,
  DIGIT_VALUE,
  DIGITS,
  decodeAutomaton,
  GEOMETRY,
  type MoveAutomaton,
} from "./move-automaton.ts";
import { MOVE_MACHINE_SOURCE } from "./move-machine-source.ts";
import { STORED_AUTOMATON, STORED_LENGTH, STORED_SEQUENCES } from "./move-sequences.ts";

/** Minimal forbidden blank-move sequences up to a length, each with its replacement. */
interface ForbiddenSequences {
  /** Moves 0..3 of each forbidden sequence. */
  readonly forbidden: readonly Uint8Array[];
  /** The shortlex-smaller sequence that reaches the same board as forbidden[i]. */
  readonly replacement: readonly Uint8Array[];
}

export interface MoveMachine {
  readonly states: number;
  /**
   * Per state s and move m (state 0: nothing of a sequence seen): step[4s + m] = 4 × the state
   * after the move, bitwise complemented (negative) when the move completes a forbidden sequence.
   */
  readonly step: Int32Array;
  /**
   * prune[s] for a state s that completes a forbidden sequence: bit `cell` set when its replacement
   * is legal, the blank being on `cell` before the last move (boards up to 32 cells).
   */
  readonly prune: Int32Array;
  /** How many minimal forbidden sequences the machine holds. */
  readonly sequences: number;
}

/**
 * Breadth-first search over blank-move sequences of up to `maxLength` moves on an unbounded board.
 * Boards are told apart by a 62-bit Zobrist hash in an open-addressing table, and a hash match is
 * confirmed by replaying both sequences (a collision is kept as a distinct board), so the result is
 * exact.
 */
export function forbiddenSequences(maxLength: number): ForbiddenSequences {
  const w = 2 * maxLength + 3;
  const centre = (maxLength + 1) * w + maxLength + 1;
  const step = [-w, w, -1, 1];
  // Zobrist keys per (cell, tile); a tile is named by the cell it starts on, the blank by `centre`.
  const zobrist = (cell: number, tile: number, salt: number): number => {
    let x = Math.imul(cell * 4099 + tile + 1, 0x9e3779b1) ^ salt;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return x ^ (x >>> 16);
  };
  // Boards reached, one node per board: the first sequence to reach it (parent, last move).
  let parent = new Int32Array(1 << 16);
  let move = new Uint8Array(1 << 16);
  let blankOf = new Int32Array(1 << 16);
  let hashHi = new Int32Array(1 << 16);
  let hashLo = new Int32Array(1 << 16);
  // children[node * 4 + m]: the node of the sequence extended by m (-1: not a first sequence).
  let children = new Int32Array(4 << 16).fill(-1);
  let nodes = 1;
  parent[0] = -1;
  blankOf[0] = centre;
  // Open addressing over (hi, lo): slot -> node + 1 (0: empty).
  let slots = new Int32Array(1 << 17);
  const place = (node: number): void => {
    const mask = slots.length - 1;
    let at = (Math.imul(hashLo[node], 0x9e3779b1) ^ hashHi[node]) & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = node + 1;
  };
  place(0);
  const grow = (): void => {
    const size = parent.length * 2;
    const larger = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    parent = larger(parent, (k) => new Int32Array(k));
    move = larger(move, (k) => new Uint8Array(k));
    blankOf = larger(blankOf, (k) => new Int32Array(k));
    hashHi = larger(hashHi, (k) => new Int32Array(k));
    hashLo = larger(hashLo, (k) => new Int32Array(k));
    const wider = new Int32Array(size * 4).fill(-1);
    wider.set(children);
    children = wider;
    slots = new Int32Array(size * 2);
    for (let node = 0; node < nodes; node++) place(node);
  };

  const grid = new Int32Array(w * w);
  for (let c = 0; c < grid.length; c++) grid[c] = c;
  const other = new Int32Array(w * w);
  for (let c = 0; c < other.length; c++) other[c] = c;
  const movesOf = (node: number): number[] => {
    const out: number[] = [];
    for (let at = node; at > 0; at = parent[at]) out.push(move[at]);
    return out.reverse();
  };
  // Plays `moves` on `board` (the identity before); undo(board, moves) restores it.
  const play = (board: Int32Array, moves: number[]): void => {
    let blank = centre;
    for (const m of moves) {
      const to = blank + step[m];
      board[blank] = board[to];
      board[to] = centre;
      blank = to;
    }
  };
  const undo = (board: Int32Array, moves: number[]): void => {
    let blank = centre;
    board[blank] = blank;
    for (const m of moves) {
      blank += step[m];
      board[blank] = blank;
    }
  };
  const sameBoard = (a: number[], b: number[]): boolean => {
    play(grid, a);
    play(other, b);
    let same = true;
    for (const moves of [a, b]) {
      let cell = centre;
      if (grid[cell] !== other[cell]) same = false;
      for (const m of moves) {
        cell += step[m];
        if (grid[cell] !== other[cell]) same = false;
      }
    }
    undo(grid, a);
    undo(other, b);
    return same;
  };

  const forbidden: Uint8Array[] = [];
  const replacement: Uint8Array[] = [];
  const tiles = new Int32Array(4);
  let levelStart = 0;
  for (let depth = 0; depth < maxLength; depth++) {
    const levelEnd = nodes;
    for (let node = levelStart; node < levelEnd; node++) {
      const blank = blankOf[node];
      const path = movesOf(node);
      play(grid, path);
      for (let m = 0; m < 4; m++) tiles[m] = grid[blank + step[m]];
      undo(grid, path);
      // The move back (a duplicate of the parent's parent) is forbidden as the length-2 sequence
      // found from the first moves; longer ones containing it are not minimal.
      const back = node === 0 ? -1 : move[node] ^ 1;
      for (let m = 0; m < 4; m++) {
        if (m === back && depth > 1) continue;
        const to = blank + step[m];
        const tile = tiles[m];
        // The tile on `to` moves to `blank`, the blank (tile `centre`) to `to`.
        // One hash word after the move (word 1: high, 2: low): both cells change their tile.
        const moved = (hash: number, word: number): number =>
          hash ^
          zobrist(blank, centre, word) ^
          zobrist(to, tile, word) ^
          zobrist(blank, tile, word) ^
          zobrist(to, centre, word);
        const hi = moved(hashHi[node], 1);
        const lo = moved(hashLo[node], 2);
        const mask = slots.length - 1;
        let earlier = -1;
        let sequence: number[] | null = null;
        for (let at = (Math.imul(lo, 0x9e3779b1) ^ hi) & mask; slots[at] !== 0; at = (at + 1) & mask) {
          const q = slots[at] - 1;
          if (hashHi[q] !== hi || hashLo[q] !== lo) continue;
          sequence ??= [...path, m];
          if (sameBoard(movesOf(q), sequence)) {
            earlier = q;
            break;
          }
        }
        if (earlier >= 0 && sequence !== null) {
          // Minimal when it has no forbidden proper substring: its prefixes are first sequences
          // (only those are extended), so when its suffix without the first move is one too.
          let at = 0;
          for (let i = 1; i < sequence.length && at >= 0; i++) at = children[at * 4 + sequence[i]];
          if (at >= 0) {
            forbidden.push(Uint8Array.from(sequence));
            replacement.push(Uint8Array.from(movesOf(earlier)));
          }
          continue;
        }
        if (nodes === parent.length) grow();
        parent[nodes] = node;
        move[nodes] = m;
        blankOf[nodes] = to;
        hashHi[nodes] = hi;
        hashLo[nodes] = lo;
        place(nodes);
        children[node * 4 + m] = nodes;
        nodes++;
      }
    }
    levelStart = levelEnd;
  }
  return { forbidden, replacement };
}

// Text form of a set of sequences (STORED_SEQUENCES): per forbidden sequence, its length and its
// replacement's as one character each, then the moves of both, three to a character.

/** The text form of `sequences` (for move-sequences.ts). */
export function encodeSequences(sequences: ForbiddenSequences): string {
  let out = "";
  const pack = (moves: Uint8Array) => {
    for (let i = 0; i < moves.length; i += 3)
      out += DIGITS[moves[i] + 4 * (moves[i + 1] ?? 0) + 16 * (moves[i + 2] ?? 0)];
  };
  sequences.forbidden.forEach((word, i) => {
    const other = sequences.replacement[i];
    out += DIGITS[word.length] + DIGITS[other.length];
    pack(word);
    pack(other);
  });
  return out;
}

/** The sequences of `text` (encodeSequences) up to `maxLength` moves. */
function decodeSequences(text: string, maxLength: number): ForbiddenSequences {
  const forbidden: Uint8Array[] = [];
  const replacement: Uint8Array[] = [];
  let at = 0;
  const unpack = (length: number): Uint8Array => {
    const moves = new Uint8Array(length);
    // Three moves a character (a store past the end of a typed array does nothing).
    for (let i = 0; i < length; i += 3) {
      const digit = DIGIT_VALUE[text.charCodeAt(at++)];
      moves[i] = digit & 3;
      moves[i + 1] = (digit >> 2) & 3;
      moves[i + 2] = (digit >> 4) & 3;
    }
    return moves;
  };
  while (at < text.length) {
    const a = DIGIT_VALUE[text.charCodeAt(at)];
    const b = DIGIT_VALUE[text.charCodeAt(at + 1)];
    at += 2;
    const word = unpack(a);
    const other = unpack(b);
    if (a > maxLength) break; // stored shortest first
    forbidden.push(word);
    replacement.push(other);
  }
  return { forbidden, replacement };
}

/**
 * The cells a rows x cols board's blank may be on before the last move of a completing state's
 * sequence for it to be pruned (bit `cell`): those where it and its replacement stay on the board.
 * The rows and columns both visit, relative to where they start, make a box (the state's geometry);
 * the starts where the box fits are a rectangle, and so are the cells before the last move (the
 * same, shifted).
 */
function pruneCells(rows: number, cols: number, geometry: Int8Array, at: number): number {
  // Plain reads: this runs cold, once per completing state, where destructuring's iterator is slow.
  const top = geometry[at];
  const bottom = geometry[at + 1];
  const left = geometry[at + 2];
  const right = geometry[at + 3];
  const beforeLastR = geometry[at + 4];
  const beforeLastC = geometry[at + 5];
  // Starts (r, c) with 0 <= r + top and r + bottom < rows (columns alike), shifted by beforeLast.
  const firstRow = beforeLastR - top;
  const lastRow = beforeLastR + rows - 1 - bottom;
  const firstCol = beforeLastC - left;
  const width = cols - (right - left);
  if (width <= 0) return 0;
  const rowCells = ((1 << width) - 1) << firstCol;
  let mask = 0;
  for (let row = firstRow; row <= lastRow; row++) mask |= rowCells << (row * cols);
  return mask;
}

/** The machine over `sequences` for a rows x cols board. */
export function compileMoveMachine(rows: number, cols: number, sequences: ForbiddenSequences): MoveMachine {
  return layOutMachine(rows, cols, buildAutomaton(sequences.forbidden, sequences.replacement));
}

/** The machine of `automaton` for a rows x cols board: its step table and the board's prune masks. */
function layOutMachine(rows: number, cols: number, automaton: MoveAutomaton): MoveMachine {
  if (rows * cols > 32) throw new RangeError("move machines are for boards up to 32 cells");
  const { states, next, final, geometry } = automaton;
  // One shared buffer (a table, handed to solver threads with the pattern databases): the number of
  // sequences and of states, then step, then prune.
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (2 + 5 * states));
  new Int32Array(buffer, 0, 2).set([automaton.sequences, states]);
  const machine = machineIn(buffer);
  const { step, prune } = machine;
  for (let state = 0; state < states; state++)
    if (final[state]) prune[state] = pruneCells(rows, cols, geometry, state * GEOMETRY);
  for (let at = 0; at < states * 4; at++) step[at] = final[next[at]] ? ~(next[at] * 4) : next[at] * 4;
  return machine;
}

/** The machine laid out in `buffer` by compileMoveMachine. */
function machineIn(buffer: TableBuffer): MoveMachine {
  const [sequences, states] = new Int32Array(buffer, 0, 2);
  const step = new Int32Array(buffer, 2 * Int32Array.BYTES_PER_ELEMENT, states * 4);
  const prune = new Int32Array(buffer, step.byteOffset + step.byteLength, states);
  return { states, step, prune, sequences };
}

/**
 * The machine's state (times 4, as `step` holds it) after `moves` (0..3) played from the blank on
 * cell `blank` of a board `cols` wide, as the kernel's search from there would reach it; -1 when the
 * machine prunes one of the moves (then no path through them is the shortlex-smallest solution).
 */
export function machineStateAfter(
  machine: MoveMachine,
  cols: number,
  blank: number,
  moves: ArrayLike<number>,
): number {
  const offsets = [-cols, cols, -1, 1];
  let state = 0;
  let at = blank;
  for (let i = 0; i < moves.length; i++) {
    let next = machine.step[state + moves[i]];
    if (next < 0) {
      next = ~next;
      if ((machine.prune[next >> 2] >>> at) & 1) return -1;
    }
    state = next;
    at += offsets[moves[i]];
  }
  return state;
}

const sequencesCache = new Map<number, ForbiddenSequences>();
const machines = new Map<string, MoveMachine>();

/** The states of the stored automaton (move-machine.test.ts checks it against the decoded one). */
const STORED_STATES = 11_763;

function machineKey(rows: number, cols: number, maxLength: number): string {
  return `move-machine-${rows}x${cols}-${maxLength}`;
}

/**
 * The stored-length machine of a rows x cols board as a table a store may keep on disk: its
 * registry key, its size in bytes, and the fingerprint of the code that lays it out (a file naming
 * another is not this machine). Laying it out costs a process ~8 ms of cold code; reading it, none.
 */
export function storedMachineTable(
  rows: number,
  cols: number,
): { key: string; bytes: number; source: string } {
  return {
    key: machineKey(rows, cols, STORED_LENGTH),
    bytes: Int32Array.BYTES_PER_ELEMENT * (2 + 5 * STORED_STATES),
    source: MOVE_MACHINE_SOURCE,
  };
}

/**
 * The machine for a board size and sequence length, built on first use (or handed over by the
 * thread that built it, or loaded by a store: a table, see ../tables.ts) and kept.
 */
export function moveMachine(rows: number, cols: number, maxLength: number): MoveMachine {
  const key = machineKey(rows, cols, maxLength);
  let machine = machines.get(key);
  if (machine === undefined) {
    // The stored length's automaton is stored itself: decoding it is quicker than building it.
    const build = () =>
      maxLength === STORED_LENGTH
        ? layOutMachine(rows, cols, decodeAutomaton(STORED_AUTOMATON))
        : compileMoveMachine(rows, cols, sequencesUpTo(maxLength));
    machine = machineIn(getTable(key, () => build().step.buffer as SharedArrayBuffer));
    machines.set(key, machine);
  }
  return machine;
}

function sequencesUpTo(maxLength: number): ForbiddenSequences {
  let sequences = sequencesCache.get(maxLength);
  if (sequences === undefined) {
    // The minimal sequences up to L moves are the stored ones of at most L moves (the search's
    // first L levels do not depend on how far it goes).
    sequences =
      maxLength <= STORED_LENGTH
        ? decodeSequences(STORED_SEQUENCES, maxLength)
        : forbiddenSequences(maxLength);
    sequencesCache.set(maxLength, sequences);
  }
  return sequences;
}
