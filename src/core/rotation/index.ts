// The Rotation Game (UVa 1343): boards, moves, the exact mask table, the IDA* cross-check and
// the judge format. This module imports only ../errors.ts, ../tables.ts, ../results.ts,
// ../search-control.ts and types, so a process that only judges rotation boards starts quickly.

export { applyRotationMoves, createRotationSpec, isRotationGoal, rotationCentreSymbol } from "./board.ts";
export { MOVE_LETTERS as ROTATION_MOVES } from "./geometry.ts";
export { judgeRotation, parseRotationJudgeInput } from "./judge.ts";
export { solveRotation } from "./solve.ts";
export { buildRotationTable, ROTATION_TABLE_NAME, rotationTable } from "./table.ts";
