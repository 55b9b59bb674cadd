// A user and a puzzle of theirs written straight to Postgres, for tests of the Solve rows that run
// without the API (the Solve repositories, the reconciler): what a Solve row needs to point to.
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../src/db/client.ts";

export interface PuzzleRowBoard {
  readonly rows: number;
  readonly cols: number;
  /** Tiles row by row, 0 the blank; the goal is the ordered board (1, 2, ..., blank last). */
  readonly start: readonly number[];
  /** Stored as is: the tests choose keys of their own, not the API's canonical form. */
  readonly canonicalKey: string;
}

/** A new user named `name` and a solvable sliding puzzle of theirs, `board`. */
export async function createPuzzleRow(db: PrismaClient, name: string, board: PuzzleRowBoard) {
  const user = await db.user.create({ data: { name, tokenHash: randomBytes(32).toString("hex") } });
  const cells = board.rows * board.cols;
  const puzzle = await db.puzzle.create({
    data: {
      ownerId: user.id,
      kind: "SLIDING",
      rows: board.rows,
      cols: board.cols,
      start: [...board.start],
      goal: Array.from({ length: cells }, (_, i) => (i + 1) % cells),
      canonicalKey: board.canonicalKey,
      solvable: true,
    },
  });
  return { user, puzzle };
}
