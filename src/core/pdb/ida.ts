// IDA* on a canonical board (goal: blank on cell 0, tile i on cell i) with an additive PDB
// heuristic, maximised with its reflection. Per generated node: one tile moves, so only its regular
// group and its reflected group are re-ranked (a one-cell step along the table's linear order is a
// single add; otherwise a k-step re-rank), two table reads, and the reflected read is skipped when
// the regular sum already prunes. No allocation in the loop, no move back to the parent. Bounds rise
// in steps of 2 (every solution has the parity of the blank's distance to its home).

import { type CompiledHeuristic, groupIndex } from "./compiled.ts";
import { popcountTable16 } from "./rank.ts";

export interface IdaControl {
  readonly maxNodes?: number;
  readonly timeLimitMs?: number;
  readonly isCancelled?: () => boolean;
  readonly onProgress?: (bound: number, nodes: number, elapsedMs: number) => void;
  readonly progressIntervalMs?: number;
}

export type IdaStatus = "solved" | "cancelled" | "timed_out" | "budget_exhausted";

export interface IdaOutcome {
  readonly status: IdaStatus;
  /** Blank moves as indices 0..3 = U, D, L, R (canonical frame). */
  readonly moves: number[];
  /** Nodes generated (children evaluated), as in Korf's tables. */
  readonly nodes: number;
  readonly expanded: number;
  /** Largest bound fully searched + 2 when unsolved (a proven lower bound); the length when solved. */
  readonly lowerBound: number;
  /** Heuristic value of the start. */
  readonly initialH: number;
}

const FOUND = 1;
const ABORT = 2;
const CHECK_EVERY = 1 << 14;

export function idaStar(h: CompiledHeuristic, start: ArrayLike<number>, control: IdaControl = {}): IdaOutcome {
  const { n, cols, stride, map, weights, tables, direct, tileGroup, tileGroupR } = h;
  const size = h.size;
  const tilesOf = h.tiles;
  const reflect = h.reflect;
  const pop = popcountTable16;
  const began = performance.now();

  const board = new Int32Array(n);
  const pos = new Int32Array(n);
  for (let cell = 0; cell < n; cell++) {
    board[cell] = start[cell];
    pos[start[cell]] = cell;
  }
  // Neighbour lists with the blank's move code.
  const nbCount = new Int32Array(n);
  const nbCell = new Int32Array(n * 4);
  const nbDir = new Int32Array(n * 4);
  for (let cell = 0; cell < n; cell++) {
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const add = (to: number, dir: number) => {
      nbCell[cell * 4 + nbCount[cell]] = to;
      nbDir[cell * 4 + nbCount[cell]] = dir;
      nbCount[cell]++;
    };
    if (r > 0) add(cell - cols, 0);
    if (r < h.rows - 1) add(cell + cols, 1);
    if (c > 0) add(cell - 1, 2);
    if (c < cols - 1) add(cell + 1, 3);
  }

  const lookups = size.length;
  const idx = new Int32Array(lookups);
  const val = new Int32Array(lookups);
  let hR = 0;
  let hF = 0;
  for (let g = 0; g < lookups; g++) {
    idx[g] = groupIndex(h, g, pos);
    val[g] = tables[g][idx[g]];
    if (g < h.groups) hR += val[g];
    else hF += val[g];
  }
  const initialH = reflect ? Math.max(hR, hF) : hR;

  const path = new Int32Array(1024);
  let bound = 0;
  let nextBound = 0;
  let nodes = 0;
  let expanded = 0;
  let solutionLength = 0;
  let countdown = CHECK_EVERY;
  let abortStatus: IdaStatus = "cancelled";
  const deadline = control.timeLimitMs === undefined ? Infinity : began + control.timeLimitMs;
  const maxNodes = control.maxNodes ?? Infinity;
  const progressEvery = control.progressIntervalMs ?? 250;
  let lastProgress = began;

  const rerank = (g: number): number => {
    if (h.direct[g]) return groupIndex(h, g, pos);
    const k = size[g];
    const tb = g * stride;
    const mb = g * n;
    let used = 0;
    let index = 0;
    for (let j = 0; j < k; j++) {
      const p = map[mb + pos[tilesOf[tb + j]]];
      const below = used & ((1 << p) - 1);
      index = index * (n - j) + p - pop[below & 0xffff] - pop[below >>> 16];
      used |= 1 << p;
    }
    return index;
  };

  // Polls every CHECK_EVERY expansions, sooner when the node budget is closer than that.
  const nextCountdown = () => Math.max(1, Math.min(CHECK_EVERY, Math.ceil((maxNodes - nodes) / 4)));
  const shouldStop = (): boolean => {
    countdown = nextCountdown();
    const now = performance.now();
    if (control.isCancelled?.()) {
      abortStatus = "cancelled";
      return true;
    }
    if (now > deadline) {
      abortStatus = "timed_out";
      return true;
    }
    if (nodes >= maxNodes) {
      abortStatus = "budget_exhausted";
      return true;
    }
    if (control.onProgress && now - lastProgress >= progressEvery) {
      lastProgress = now;
      control.onProgress(bound, nodes, now - began);
    }
    return false;
  };

  // Index change of each tile's regular / reflected group when the blank moves in direction d
  // (the tile the opposite way): one add for direct tables and for one-cell steps along a ranked
  // table's order; RERANK otherwise. Board symmetries keep each direction's step constant.
  const RERANK = 0x7fffffff;
  const deltaR = new Int32Array(n * 4).fill(RERANK);
  const deltaF = new Int32Array(n * 4).fill(RERANK);
  const offsets = [-cols, cols, -1, 1];
  for (let g = 0; g < lookups; g++) {
    for (let j = 0; j < size[g]; j++) {
      const t = tilesOf[g * stride + j];
      for (let d = 0; d < 4; d++) {
        // Any cell with a neighbour in direction d shows the (constant) step.
        let step = 0;
        for (let blank = 0; blank < n && step === 0; blank++) {
          for (let i = 0; i < nbCount[blank]; i++) {
            if (nbDir[blank * 4 + i] === d) step = map[g * n + blank] - map[g * n + blank + offsets[d]];
          }
        }
        const delta = direct[g] || step === 1 || step === -1 ? step * weights[g * stride + j] : RERANK;
        (g < h.groups ? deltaR : deltaF)[t * 4 + d] = delta;
      }
    }
  }

  const dfs = (g: number, blank: number, prev: number): number => {
    const g1 = g + 1;
    const hr = hR;
    const hf = hF;
    const nb0 = blank * 4;
    const count = nbCount[blank];
    for (let i = 0; i < count; i++) {
      const from = nbCell[nb0 + i];
      if (from === prev) continue;
      nodes++;
      const t = board[from];
      const dir = nbDir[nb0 + i];
      pos[t] = blank;
      const gr = tileGroup[t];
      const oldIdxR = idx[gr];
      const dr = deltaR[t * 4 + dir];
      const newIdxR = dr !== RERANK ? oldIdxR + dr : rerank(gr);
      const oldValR = val[gr];
      const newValR = tables[gr][newIdxR];
      const nhR = hr + newValR - oldValR;
      let f = g1 + nhR;
      if (f > bound) {
        pos[t] = from;
        if (f - 2 > bound) {
          if (f - 2 < nextBound) nextBound = f - 2;
          return 0;
        }
        if (f < nextBound) nextBound = f;
        continue;
      }
      let gf = 0;
      let oldIdxF = 0;
      let oldValF = 0;
      let newIdxF = 0;
      let newValF = 0;
      let nhF = 0;
      if (reflect) {
        gf = tileGroupR[t];
        oldIdxF = idx[gf];
        const df = deltaF[t * 4 + dir];
        newIdxF = df !== RERANK ? oldIdxF + df : rerank(gf);
        oldValF = val[gf];
        newValF = tables[gf][newIdxF];
        nhF = hf + newValF - oldValF;
        f = g1 + nhF;
        if (f > bound) {
          pos[t] = from;
          if (f - 2 > bound) {
            if (f - 2 < nextBound) nextBound = f - 2;
            return 0;
          }
          if (f < nextBound) nextBound = f;
          continue;
        }
      }
      path[g] = dir;
      if (nhR === 0) {
        solutionLength = g1;
        return FOUND;
      }
      board[blank] = t;
      board[from] = 0;
      idx[gr] = newIdxR;
      val[gr] = newValR;
      hR = nhR;
      if (reflect) {
        idx[gf] = newIdxF;
        val[gf] = newValF;
        hF = nhF;
      }
      expanded++;
      let result = 0;
      if (--countdown === 0 && shouldStop()) result = ABORT;
      else result = dfs(g1, from, blank);
      board[from] = t;
      board[blank] = 0;
      pos[t] = from;
      idx[gr] = oldIdxR;
      val[gr] = oldValR;
      hR = hr;
      if (reflect) {
        idx[gf] = oldIdxF;
        val[gf] = oldValF;
        hF = hf;
      }
      if (result !== 0) return result;
    }
    return 0;
  };

  const blank0 = pos[0];
  const parity = (Math.floor(blank0 / cols) + (blank0 % cols)) & 1;
  const withParity = (b: number) => (((b - parity) & 1) === 0 ? b : b + 1);
  const finish = (status: IdaStatus, moves: number[], lowerBound: number): IdaOutcome => ({
    status,
    moves,
    nodes,
    expanded,
    lowerBound,
    initialH,
  });
  if (hR === 0) return finish("solved", [], 0);

  bound = withParity(initialH);
  countdown = nextCountdown();
  for (;;) {
    nextBound = Infinity;
    if (shouldStop()) return finish(abortStatus, [], bound);
    control.onProgress?.(bound, nodes, performance.now() - began);
    nextBound = Infinity;
    const result = dfs(0, blank0, -1);
    if (result === FOUND) {
      const moves = Array.from(path.subarray(0, solutionLength));
      return finish("solved", moves, moves.length);
    }
    if (result === ABORT) return finish(abortStatus, [], bound);
    if (nextBound === Infinity) throw new Error("IDA*: search space exhausted (unsolvable input reached the search)");
    bound = withParity(nextBound);
  }
}
