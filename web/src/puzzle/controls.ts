// How people's gestures become moves. Moves are written as the API writes them: for sliding
// puzzles the direction the BLANK goes (U, D, L, R); for the Rotation Game the line moved (A-H).
//
// Arrow keys move a TILE into the gap, the way a finger would push it: ← slides the tile to the
// right of the gap leftwards, which is the blank going right (R). So ← = R, → = L, ↑ = D, ↓ = U.

export const ARROW_TO_BLANK_MOVE: Readonly<Record<string, string>> = {
  ArrowLeft: "R",
  ArrowRight: "L",
  ArrowUp: "D",
  ArrowDown: "U",
};

/**
 * The blank's moves that slide the clicked tile (and any tiles between it and the gap) towards the
 * gap, or "" when the tile is not in the gap's row or column.
 */
export function slideMovesForClick(cols: number, board: readonly number[], index: number): string {
  const blank = board.indexOf(0);
  const [br, bc] = [Math.floor(blank / cols), blank % cols];
  const [r, c] = [Math.floor(index / cols), index % cols];
  if (index === blank) return "";
  if (r === br) return (c < bc ? "L" : "R").repeat(Math.abs(c - bc));
  if (c === bc) return (r < br ? "U" : "D").repeat(Math.abs(r - br));
  return "";
}

/** The Rotation Game is played with the keys A-H (the move letters). */
export function rotationMoveForKey(key: string): string | undefined {
  const upper = key.toUpperCase();
  return upper.length === 1 && upper >= "A" && upper <= "H" ? upper : undefined;
}
