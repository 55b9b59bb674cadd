// searchUnit for the two IDA* kernels: one iteration from a unit's state (the root's board after
// the unit's moves) under a bound, with the heuristic the unsplit search would pick. Units of one
// root searched in turn on a thread share the pattern-database kernel's transposition table under
// the same bound (see IdaUnit.root), as the unsplit search's one table serves its whole iteration.

import { PuzzleInputError } from "../errors.ts";
import { movesFromCanonical, toCanonical } from "../pdb/frame.ts";
import { evaluate } from "../pdb/compiled.ts";
import { idaIteration } from "../pdb/ida.ts";
import {
  type PdbHeuristic,
  compiledHeuristic,
  pdbApplies,
  pdbAvailable,
  strongestAvailablePdb,
} from "../pdb/index.ts";
import { createSlidingHeuristic } from "../sliding/heuristic.ts";
import { idaStarIteration } from "../sliding/idastar.ts";
import { applySlidingMoves } from "../sliding/moves.ts";
import type { SlidingSpec, SolveOptions } from "../types.ts";
import type { UnitResult, UnitTask } from "./coordinator.ts";

/** Stops a unit's search early (e.g. once a shorter solution made it useless), as SolveOptions do. */
export type UnitControl = Pick<
  SolveOptions,
  "isCancelled" | "maxNodes" | "transpositions" | "buildMissingTables"
>;

type Choice = PdbHeuristic | "manhattan" | "linear-conflict";
const LETTER_CODE: Readonly<Record<string, number>> = { U: 0, D: 1, L: 2, R: 3 };

/** The heuristic the unsplit search would use (facade rules), as a pdb name or a built-in one. */
export function chooseHeuristic(spec: SlidingSpec, name: SolveOptions["heuristic"] = "auto"): Choice {
  if (name.startsWith("pdb:")) {
    if (!pdbApplies(spec, name))
      throw new PuzzleInputError(`${name} does not serve this board`, "BAD_OPTION", "heuristic");
    return name as PdbHeuristic;
  }
  if (name === "auto") return strongestAvailablePdb(spec) ?? "linear-conflict";
  if (name === "manhattan" || name === "linear-conflict") return name;
  throw new PuzzleInputError(
    `heuristic "${name}" is not available for a split search`,
    "BAD_OPTION",
    "heuristic",
  );
}

/** As in SolveResult: "pdb:663+reflect", "linear-conflict", "manhattan". */
export function heuristicLabel(choice: string): string {
  return choice.startsWith("pdb:") ? `${choice}+reflect` : choice;
}

/**
 * h of each board as the kernel that searches the units computes it: the pattern databases' largest
 * set sum (reflection included), or the built-in heuristic's value (the same line tables as the
 * built-in kernel). A pattern database this process has not loaded is not built for this: linear
 * conflict stands in (admissible too, only weaker).
 */
export function unitEstimates(
  spec: SlidingSpec,
  choice: string,
  boards: readonly (readonly number[])[],
): number[] {
  if (choice.startsWith("pdb:") && pdbAvailable(choice)) {
    const h = compiledHeuristic(choice, undefined, { buildMissingTables: false });
    return boards.map((board) => evaluate(h, toCanonical({ ...spec, start: board })!.start).value);
  }
  const name = choice === "manhattan" ? choice : "linear-conflict";
  const h = createSlidingHeuristic(name, spec.rows, spec.cols, spec.goal);
  return boards.map((board) => h.reset(board));
}

interface Searcher {
  readonly key: string;
  /** The arguments it was last asked for (identity compared). */
  readonly spec?: SlidingSpec;
  readonly heuristic?: string;
  search(task: UnitTask, control: UnitControl): UnitResult;
}

// The searcher of the root whose units this thread ran last (its compiled heuristic, its frame).
let cached: Searcher | null = null;
let roots = 0;

/**
 * One unit: an IDA* iteration from the root's board after `task.moves` under `task.bound`, with
 * `task.heuristic` (default: chooseHeuristic's). Plain data in and out; `tables` as for
 * solveWithPdb (omitted: the registry's).
 */
export function searchUnit(
  spec: SlidingSpec,
  task: UnitTask,
  tables?: Readonly<Record<string, SharedArrayBuffer>>,
  control: UnitControl = {},
): UnitResult {
  // The same spec object and heuristic as the last unit (a thread's or the one-thread loop's
  // common case): no work to recognise it.
  if (
    cached === null ||
    cached.spec !== spec ||
    cached.heuristic !== task.heuristic ||
    tables !== undefined
  ) {
    const choice = chooseHeuristic(spec, (task.heuristic ?? "auto") as SolveOptions["heuristic"]);
    const key = JSON.stringify([spec, choice]);
    const searcher =
      cached?.key === key && tables === undefined
        ? cached
        : choice.startsWith("pdb:")
          ? pdbSearcher(key, spec, choice as PdbHeuristic, tables, control)
          : builtInSearcher(key, spec, choice as "manhattan" | "linear-conflict");
    cached = { ...searcher, spec, heuristic: task.heuristic };
  }
  return cached.search(task, control);
}

function builtInSearcher(
  key: string,
  spec: SlidingSpec,
  heuristic: "manhattan" | "linear-conflict",
): Searcher {
  const { rows, cols, start, goal } = spec;
  const search = (task: UnitTask, control: UnitControl): UnitResult => {
    const state = applySlidingMoves(rows, cols, start, task.moves);
    const last = task.moves === "" ? -1 : LETTER_CODE[task.moves[task.moves.length - 1]];
    const out = idaStarIteration(
      rows,
      cols,
      state,
      goal,
      heuristic,
      task.moves.length,
      last,
      task.bound,
      control,
    );
    return {
      solution: out.moves,
      nodes: out.nodes,
      nextBound: out.nextBound,
      stopped: out.status !== "done",
    };
  };
  return { key, search };
}

function pdbSearcher(
  key: string,
  spec: SlidingSpec,
  heuristic: PdbHeuristic,
  tables: Readonly<Record<string, SharedArrayBuffer>> | undefined,
  control: UnitControl,
): Searcher {
  const h = compiledHeuristic(heuristic, tables, { buildMissingTables: control.buildMissingTables });
  const canonical = toCanonical(spec)!;
  const n = spec.rows * spec.cols;
  const offsets = [-spec.cols, spec.cols, -1, 1];
  const root = roots++;
  const search = (task: UnitTask, control: UnitControl): UnitResult => {
    const state = Int32Array.from(canonical.start);
    let blank = state.indexOf(0);
    let prevBlank = -1;
    const path = new Int32Array(task.moves.length);
    for (let i = 0; i < task.moves.length; i++) {
      path[i] = canonical.flip.moveMap[LETTER_CODE[task.moves[i]]];
      const to = blank + offsets[path[i]];
      if (to < 0 || to >= n) throw new RangeError(`unit moves ${task.moves} leave the board`);
      state[blank] = state[to];
      state[to] = 0;
      prevBlank = blank;
      blank = to;
    }
    // The path carries the move machine across the unit's start (sound: the frontier keeps each
    // state's lexicographically smallest path in these codes, see unitOrder).
    const unit = { state, g: task.moves.length, prevBlank, bound: task.bound, root, path };
    const out = idaIteration(h, unit, control);
    return {
      solution: out.moves === null ? null : movesFromCanonical(canonical.flip, out.moves),
      nodes: out.nodes,
      nextBound: out.nextBound,
      stopped: out.status !== "done",
    };
  };
  return { key, search };
}
