// Boards on screen. Sliding tiles are positioned with transforms and keyed by their number, so a
// move animates as the tile gliding into the gap (CSS transition). The Rotation Game is drawn as its
// cross of 24 cells with the eight move buttons A-H at the ends of the lines they shift.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import { h } from "./dom.ts";

export interface BoardView {
  readonly element: HTMLElement;
  render(board: readonly number[], solved?: boolean): void;
}

export interface BoardHandlers {
  /** A sliding tile was clicked (its cell index). */
  onCell?(index: number): void;
  /** A Rotation Game move button was pressed. */
  onMove?(move: string): void;
}

export function createBoardView(
  spec: PuzzleSpec,
  handlers: BoardHandlers = {},
  label = "Puzzle board",
): BoardView {
  return spec.kind === "rotation"
    ? rotationBoard(handlers, label)
    : slidingBoard(spec.rows, spec.cols, spec.goal, handlers, label);
}

function slidingBoard(
  rows: number,
  cols: number,
  goal: readonly number[],
  handlers: BoardHandlers,
  label: string,
): BoardView {
  // A group of buttons, not an ARIA grid: a grid needs rows and cells, and tiles are placed by transforms.
  const element = h("div", { class: "board sliding", role: "group", "aria-label": label });
  element.style.setProperty("--rows", String(rows));
  element.style.setProperty("--cols", String(cols));
  const tiles = new Map<number, HTMLButtonElement>();
  let board: readonly number[] = [];
  for (let tile = 1; tile < rows * cols; tile++) {
    const button = h("button", { class: "tile", type: "button", tabindex: -1 }, String(tile));
    button.addEventListener("click", () => handlers.onCell?.(board.indexOf(tile)));
    tiles.set(tile, button);
    element.append(button);
  }
  return {
    element,
    render(next, solved = false) {
      board = next;
      element.dataset.board = next.join(",");
      element.classList.toggle("solved", solved);
      next.forEach((tile, cell) => {
        const button = tiles.get(tile);
        if (!button) return;
        button.style.transform = `translate(${(cell % cols) * 100}%, ${Math.floor(cell / cols) * 100}%)`;
        button.classList.toggle("home", goal[cell] === tile);
        button.setAttribute(
          "aria-label",
          `tile ${tile}, row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`,
        );
      });
    },
  };
}

// The 24 cells' places on a 7x7 grid, row by row (see src/core/rotation/geometry.ts for the numbering).
export const ROTATION_PLACES: readonly [number, number][] = [
  [0, 2],
  [0, 4],
  [1, 2],
  [1, 4],
  [2, 0],
  [2, 1],
  [2, 2],
  [2, 3],
  [2, 4],
  [2, 5],
  [2, 6],
  [3, 2],
  [3, 4],
  [4, 0],
  [4, 1],
  [4, 2],
  [4, 3],
  [4, 4],
  [4, 5],
  [4, 6],
  [5, 2],
  [5, 4],
  [6, 2],
  [6, 4],
];
export const CENTRE = new Set([6, 7, 8, 11, 12, 15, 16, 17]);
// Each move button sits at the head of its line (where the symbols go), on a 9x9 grid with a margin.
const MOVE_BUTTONS: readonly { move: string; arrow: string; way: string; row: number; col: number }[] = [
  { move: "A", arrow: "↑", way: "up", row: 0, col: 3 },
  { move: "B", arrow: "↑", way: "up", row: 0, col: 5 },
  { move: "C", arrow: "→", way: "right", row: 3, col: 8 },
  { move: "D", arrow: "→", way: "right", row: 5, col: 8 },
  { move: "E", arrow: "↓", way: "down", row: 8, col: 5 },
  { move: "F", arrow: "↓", way: "down", row: 8, col: 3 },
  { move: "G", arrow: "←", way: "left", row: 5, col: 0 },
  { move: "H", arrow: "←", way: "left", row: 3, col: 0 },
];

function place(element: HTMLElement, row: number, col: number): void {
  element.style.gridRow = String(row + 1);
  element.style.gridColumn = String(col + 1);
}

function rotationBoard(handlers: BoardHandlers, label: string): BoardView {
  const element = h("div", { class: "board rotation", role: "group", "aria-label": label });
  const cells = ROTATION_PLACES.map(([row, col], index) => {
    // Read row by row as "symbol 2", the eight goal cells as "centre, symbol 2".
    const cell = h("div", { class: CENTRE.has(index) ? "cell centre" : "cell", role: "img" });
    place(cell, row + 1, col + 1);
    element.append(cell);
    return cell;
  });
  for (const { move, arrow, way, row, col } of MOVE_BUTTONS) {
    const button = h(
      "button",
      {
        class: "move",
        type: "button",
        title: `move ${move}`,
        "aria-label": `Move ${move}: shift line ${move} ${way}`, // not "A up arrow"
        onclick: () => handlers.onMove?.(move),
      },
      `${move}${arrow}`,
    );
    place(button, row, col);
    element.append(button);
  }
  return {
    element,
    render(next, solved = false) {
      element.dataset.board = next.join(",");
      element.classList.toggle("solved", solved);
      next.forEach((symbol, index) => {
        cells[index].textContent = String(symbol);
        cells[index].dataset.symbol = String(symbol);
        cells[index].setAttribute("aria-label", `${CENTRE.has(index) ? "centre, " : ""}symbol ${symbol}`);
      });
    },
  };
}
