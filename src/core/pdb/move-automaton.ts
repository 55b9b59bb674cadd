// The move machine's board-independent part: the Aho–Corasick automaton over the forbidden
// sequences (move-machine.ts) and, per state that completes one, the geometry that decides on which
// cells of a board it is pruned. Built from the sequences, or decoded from its stored text form
// (move-sequences.ts): decoding skips the sequences' decoding, the trie and the geometry's replays,
// which cost 15-25 ms of every `puzzle` process's start (cold code) for the default 12 moves.

/** The kernel's blank moves 0..3 = U, D, L, R as (row, column) steps. */
const DR = [-1, 1, 0, 0];
const DC = [0, 0, -1, 1];

/** 64 characters, one per 6-bit digit, for the text forms of the sequences and of the automaton. */
export const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) DIGIT_VALUE[DIGITS.charCodeAt(i)] = i;

/** Per completing state, GEOMETRY numbers: the box, then the blank before the last move. */
export const GEOMETRY = 6;
/** Geometry values are small (|v| < 32): stored as DIGITS[v + GEOMETRY_OFFSET]. */
const GEOMETRY_OFFSET = 32;

export interface MoveAutomaton {
  /** States in breadth-first order of the trie (state 0: nothing of a sequence seen). */
  readonly states: number;
  /** trie[4s + m]: the trie's child of s by move m, or -1. */
  readonly trie: Int32Array;
  /** next[4s + m]: the state after move m from state s (missing trie edges follow failure links). */
  readonly next: Int32Array;
  /** Per state: 1 when reaching it completes a forbidden sequence. */
  readonly final: Uint8Array;
  /**
   * Per completing state s, at GEOMETRY × s: the box (top, bottom, left, right) of the cells the
   * blank visits playing the sequence or its replacement from (0, 0), then the blank's (row,
   * column) before the sequence's last move.
   */
  readonly geometry: Int8Array;
  /** Completing states: one per minimal forbidden sequence. */
  readonly sequences: number;
}

/** Widens `box` (top, bottom, left, right) by the cells a blank visits playing `moves` from (0, 0). */
function widen(box: Int8Array, at: number, moves: Uint8Array): void {
  let r = 0;
  let c = 0;
  for (let k = 0; k < moves.length; k++) {
    r += DR[moves[k]];
    c += DC[moves[k]];
    if (r < box[at]) box[at] = r;
    else if (r > box[at + 1]) box[at + 1] = r;
    if (c < box[at + 2]) box[at + 2] = c;
    else if (c > box[at + 3]) box[at + 3] = c;
  }
}

/** The automaton over minimal forbidden sequences (none a prefix of another) and their replacements. */
export function buildAutomaton(
  forbidden: readonly Uint8Array[],
  replacement: readonly Uint8Array[],
): MoveAutomaton {
  // The trie, states numbered as inserted.
  let most = 1;
  for (const word of forbidden) most += word.length;
  const child = new Int32Array(most * 4).fill(-1);
  const ends = new Int32Array(most).fill(-1); // per state: the sequence it completes, or -1
  let states = 1;
  for (let i = 0; i < forbidden.length; i++) {
    const word = forbidden[i];
    let state = 0;
    for (let k = 0; k < word.length; k++) {
      const at = state * 4 + word[k];
      if (child[at] < 0) child[at] = states++;
      state = child[at];
    }
    ends[state] = i;
  }
  // Renumbered breadth-first (children in move order), the order the text form lists them in.
  const order = new Int32Array(states);
  const renumbered = new Int32Array(states);
  let tail = 1;
  for (let head = 0; head < tail; head++)
    for (let m = 0; m < 4; m++) {
      const c = child[order[head] * 4 + m];
      if (c >= 0) {
        renumbered[c] = tail;
        order[tail++] = c;
      }
    }
  const trie = new Int32Array(states * 4).fill(-1);
  const final = new Uint8Array(states);
  const geometry = new Int8Array(states * GEOMETRY);
  for (let s = 0; s < states; s++) {
    const old = order[s];
    for (let m = 0; m < 4; m++) {
      const c = child[old * 4 + m];
      if (c >= 0) trie[s * 4 + m] = renumbered[c];
    }
    const i = ends[old];
    if (i < 0) continue;
    final[s] = 1;
    const at = s * GEOMETRY;
    widen(geometry, at, forbidden[i]);
    widen(geometry, at, replacement[i]);
    const word = forbidden[i];
    for (let k = 0; k < word.length - 1; k++) {
      geometry[at + 4] += DR[word[k]];
      geometry[at + 5] += DC[word[k]];
    }
  }
  return linked(trie, final, geometry);
}

/**
 * The automaton from its trie (breadth-first numbering): Aho–Corasick's failure links, each missing
 * edge following the failure link's edge. States in breadth-first order are the queue itself.
 */
function linked(trie: Int32Array, final: Uint8Array, geometry: Int8Array): MoveAutomaton {
  const states = final.length;
  const next = new Int32Array(states * 4);
  const fail = new Int32Array(states);
  let sequences = 0;
  for (let s = 0; s < states; s++) {
    sequences += final[s];
    const f = fail[s] * 4;
    for (let m = 0; m < 4; m++) {
      const c = trie[s * 4 + m];
      if (c < 0) next[s * 4 + m] = s === 0 ? 0 : next[f + m];
      else {
        fail[c] = s === 0 ? 0 : next[f + m];
        next[s * 4 + m] = c;
      }
    }
  }
  return { states, trie, next, final, geometry, sequences };
}

/**
 * The automaton's text form: per state in breadth-first order, a digit of its trie children (bit m:
 * an edge for move m; +16 when the state completes a sequence), then for a completing state its
 * GEOMETRY numbers, a digit each.
 */
export function encodeAutomaton(automaton: MoveAutomaton): string {
  const { states, trie, final, geometry } = automaton;
  let out = "";
  for (let s = 0; s < states; s++) {
    let edges = 0;
    for (let m = 0; m < 4; m++) if (trie[s * 4 + m] >= 0) edges |= 1 << m;
    out += DIGITS[edges | (final[s] << 4)];
    if (final[s])
      for (let k = 0; k < GEOMETRY; k++) out += DIGITS[geometry[s * GEOMETRY + k] + GEOMETRY_OFFSET];
  }
  return out;
}

/** The automaton of `text` (encodeAutomaton). */
export function decodeAutomaton(text: string): MoveAutomaton {
  let states = 0;
  for (let at = 0; at < text.length; at++) {
    const digit = DIGIT_VALUE[text.charCodeAt(at)];
    states++;
    if (digit & 16) at += GEOMETRY;
  }
  const trie = new Int32Array(states * 4).fill(-1);
  const final = new Uint8Array(states);
  const geometry = new Int8Array(states * GEOMETRY);
  let nextId = 1;
  let at = 0;
  for (let s = 0; s < states; s++) {
    const digit = DIGIT_VALUE[text.charCodeAt(at++)];
    for (let m = 0; m < 4; m++) if ((digit >> m) & 1) trie[s * 4 + m] = nextId++;
    if (digit & 16) {
      final[s] = 1;
      for (let k = 0; k < GEOMETRY; k++)
        geometry[s * GEOMETRY + k] = DIGIT_VALUE[text.charCodeAt(at++)] - GEOMETRY_OFFSET;
    }
  }
  return linked(trie, final, geometry);
}
