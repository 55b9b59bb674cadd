// A puzzle's start position as a small SVG picture for lists: one <svg> per puzzle, no script, no
// listeners, so a page of 20 costs little. Sliding boards show their tiles with numbers (tiles
// already in their goal cell in green; 5rem, so that a 5x5's numbers are ~10 px); the Rotation Game
// shows its cross of coloured, numbered symbols, drawn larger (6rem: its 7x7 grid has more cells).
// Lists give every thumbnail a 6rem column, so titles line up (styles.css).
import { CENTRE, ROTATION_PLACES } from "./board.ts";
import { svg } from "./svg.ts";

export interface ThumbnailPuzzle {
  readonly kind: "SLIDING" | "ROTATION";
  readonly rows?: number | null;
  readonly cols?: number | null;
  readonly start: readonly number[];
  readonly goal?: readonly number[] | null;
}

const CELL = 10;

export function boardThumbnail(puzzle: ThumbnailPuzzle): SVGSVGElement {
  const rotation = puzzle.kind === "ROTATION";
  const rows = rotation ? 7 : (puzzle.rows ?? 1);
  const cols = rotation ? 7 : (puzzle.cols ?? 1);
  const element = svg("svg", {
    viewBox: `0 0 ${cols * CELL} ${rows * CELL}`,
    class: `thumb ${rotation ? "rotation" : "sliding"}`,
    role: "img",
    "aria-label": rotation
      ? "Rotation Game start position"
      : `${rows}×${cols} start position: ${puzzle.start.join(" ")}`,
    "data-board": puzzle.start.join(","),
  });
  if (rotation) {
    // Each cell with its symbol's number, as on the board: the colours alone (the light two differ
    // little in lightness) do not tell the symbols apart at a glance or without colour vision.
    puzzle.start.forEach((symbol, index) => {
      const [row, col] = ROTATION_PLACES[index];
      const label = svg("text", {
        x: col * CELL + CELL / 2,
        y: row * CELL + CELL / 2 + 2.5,
        class: `sym${symbol}`,
      });
      label.textContent = String(symbol);
      element.append(
        svg("rect", {
          x: col * CELL + 0.5,
          y: row * CELL + 0.5,
          width: CELL - 1,
          height: CELL - 1,
          rx: 1.5,
          class: `sym${symbol}${CENTRE.has(index) ? " centre" : ""}`,
        }),
        label,
      );
    });
    return element;
  }
  element.append(svg("rect", { width: cols * CELL, height: rows * CELL, rx: 2, class: "frame" }));
  puzzle.start.forEach((tile, cell) => {
    if (tile === 0) return;
    const x = (cell % cols) * CELL;
    const y = Math.floor(cell / cols) * CELL;
    const home = puzzle.goal?.[cell] === tile;
    element.append(
      svg("rect", {
        x: x + 0.6,
        y: y + 0.6,
        width: CELL - 1.2,
        height: CELL - 1.2,
        rx: 1.5,
        class: home ? "tile home" : "tile",
      }),
    );
    const label = svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 2.3 });
    label.textContent = String(tile);
    element.append(label);
  });
  return element;
}
