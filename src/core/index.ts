// The public API of the pure core. Other layers import from here (or from the module files directly
// when they must keep their import graph small, as the CLI's judge does).

export type * from "./types.ts";
export { PuzzleInputError, IllegalMoveError, NotASolutionError } from "./errors.ts";
export { pdbAvailable } from "./pdb/index.ts";
export { TableNotLoadedError } from "./pdb/table-not-loaded-error.ts";
export type { PuzzleErrorCode } from "./errors.ts";
export { getTable, hasTable, seedTables, exportTables, tableBytes } from "./tables.ts";
export {
  boardsOneMoveFrom,
  checkBoard,
  createPuzzle,
  isSolvable,
  replayMoves,
  canonicalKey,
  specOfKey,
  positionsAlong,
} from "./puzzle.ts";
export type { PuzzleInput } from "./puzzle.ts";
export { parseTiles, parseSize, inferSquareSide, normalizeMoves } from "./notation.ts";
export { createSlidingSpec, defaultSlidingGoal, boardsEqual } from "./sliding/board.ts";
export { isSlidingSolvable } from "./sliding/solvability.ts";
export { equivalenceKey } from "./sliding/equivalence.ts";
export { nearKey, neighbourhood } from "./neighbourhood.ts";
export { applySlidingMoves } from "./sliding/moves.ts";
export { solve } from "./solve.ts";
export { createSlidingHeuristic, ManhattanHeuristic, LinearConflictHeuristic } from "./sliding/heuristic.ts";
export type { SlidingHeuristic } from "./sliding/heuristic.ts";
export { idaStar } from "./sliding/idastar.ts";
export { aStar } from "./sliding/astar.ts";
export type { SearchOutcome } from "./search-control.ts";
export {
  buildSlidingTable,
  slidingTable,
  slidingTableName,
  tableDistance,
  tableSolution,
} from "./sliding/table.ts";
export {
  solveRotation,
  judgeRotation,
  applyRotationMoves,
  createRotationSpec,
  isRotationGoal,
  rotationCentreSymbol,
  ROTATION_MOVES,
  buildRotationTable,
  rotationTable,
  ROTATION_TABLE_NAME,
} from "./rotation/index.ts";
// Searches as short work units: the plain-JSON API the local executor and the platform share.
export * from "./split/index.ts";
