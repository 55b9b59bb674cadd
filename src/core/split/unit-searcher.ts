// searchUnit for the two IDA* kernels: one iteration from a unit's state (the root's board after
// the unit's moves) under a bound, with the same heuristic the unsplit search would pick.

import { PuzzleInputError } from "../errors.ts";
import { type PdbHeuristic, compiledHeuristic, pdbApplies, strongestAvailablePdb } from "../pdb/index.ts";
import { movesFromCanonical, toCanonical } from "../pdb/frame.ts";
import { idaIteration } from "../pdb/ida.ts";
import { idaStarIteration } from "../sliding/idastar.ts";
import { applySlidingMoves } from "../sliding/moves.ts";
import type { SlidingSpec, SolveOptions } from "../types.ts";
import type { UnitResult, UnitTask } from "./coordinator.ts";

/** Stops a unit's search early (e.g. once a shorter solution made it useless). */
export interface UnitControl {
  readonly isCancelled?: () => boolean;
}

export interface UnitSearcher {
  /** As in SolveResult: "pdb:663+reflect", "linear-conflict", "manhattan". */
  readonly heuristic: string;
  /** A proven lower bound of the root (its h). */
  readonly rootBound: number;
  search(task: UnitTask, control?: UnitControl): UnitResult;
}

const LETTER_CODE: Readonly<Record<string, number>> = { U: 0, D: 1, L: 2, R: 3 };

/** The heuristic the unsplit search would use (facade rules), as a pdb name or a built-in one. */
function chooseHeuristic(
  spec: SlidingSpec,
  options: SolveOptions,
): PdbHeuristic | "manhattan" | "linear-conflict" {
  const name = options.heuristic ?? "auto";
  if (name.startsWith("pdb:")) return name as PdbHeuristic;
  if (name === "auto") return strongestAvailablePdb(spec) ?? "linear-conflict";
  if (name === "manhattan" || name === "linear-conflict") return name;
  throw new PuzzleInputError(
    `heuristic "${name}" is not available for a split search`,
    "BAD_OPTION",
    "heuristic",
  );
}

export function unitSearcherFor(spec: SlidingSpec, options: SolveOptions = {}): UnitSearcher {
  const choice = chooseHeuristic(spec, options);
  return choice.startsWith("pdb:")
    ? pdbSearcher(spec, choice as PdbHeuristic, options)
    : builtInSearcher(spec, choice as "manhattan" | "linear-conflict");
}

function builtInSearcher(spec: SlidingSpec, heuristic: "manhattan" | "linear-conflict"): UnitSearcher {
  const { rows, cols, start, goal } = spec;
  const search = (task: UnitTask, control: UnitControl = {}): UnitResult => {
    const state = applySlidingMoves(rows, cols, start, task.moves);
    const last = task.moves === "" ? -1 : LETTER_CODE[task.moves[task.moves.length - 1]];
    const out = idaStarIteration(rows, cols, state, goal, heuristic, task.moves.length, last, task.bound, {
      isCancelled: control.isCancelled,
    });
    return {
      solution: out.moves,
      nodes: out.nodes,
      nextBound: out.nextBound,
      stopped: out.status !== "done",
    };
  };
  // 0 is always a proven bound; a unit's first iteration below its f costs one node.
  return { heuristic, rootBound: 0, search };
}

function pdbSearcher(spec: SlidingSpec, heuristic: PdbHeuristic, options: SolveOptions): UnitSearcher {
  if (!pdbApplies(spec, heuristic))
    throw new PuzzleInputError(`${heuristic} does not serve this board`, "BAD_OPTION", "heuristic");
  const h = compiledHeuristic(heuristic, undefined, options);
  const canonical = toCanonical(spec)!;
  const { rows, cols } = spec;
  const n = rows * cols;
  const offsets = [-cols, cols, -1, 1];
  const search = (task: UnitTask, control: UnitControl = {}): UnitResult => {
    const board = Int32Array.from(canonical.start);
    let blank = board.indexOf(0);
    let prev = -1;
    for (const letter of task.moves) {
      const to = blank + offsets[canonical.flip.moveMap[LETTER_CODE[letter]]];
      if (to < 0 || to >= n) throw new RangeError(`unit moves ${task.moves} leave the board`);
      board[blank] = board[to];
      board[to] = 0;
      prev = blank;
      blank = to;
    }
    const out = idaIteration(h, board, task.moves.length, prev, task.bound, {
      isCancelled: control.isCancelled,
      transpositions: options.transpositions,
    });
    return {
      solution: out.moves === null ? null : movesFromCanonical(canonical.flip, out.moves),
      nodes: out.nodes,
      nextBound: out.nextBound,
      stopped: out.status !== "done",
    };
  };
  return { heuristic: `${heuristic}+reflect`, rootBound: 0, search };
}
