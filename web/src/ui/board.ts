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
  const element = h("div", { class: "board sliding", role: "grid", "aria-label": label });
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
const MOVE_BUTTONS: readonly { move: string; arrow: string; row: number; col: number }[] = [
  { move: "A", arrow: "↑", row: 0, col: 3 },
  { move: "B", arrow: "↑", row: 0, col: 5 },
  { move: "C", arrow: "→", row: 3, col: 8 },
  { move: "D", arrow: "→", row: 5, col: 8 },
  { move: "E", arrow: "↓", row: 8, col: 5 },
  { move: "F", arrow: "↓", row: 8, col: 3 },
  { move: "G", arrow: "←", row: 5, col: 0 },
  { move: "H", arrow: "←", row: 3, col: 0 },
];

function place(element: HTMLElement, row: number, col: number): void {
  element.style.gridRow = String(row + 1);
  element.style.gridColumn = String(col + 1);
}

function rotationBoard(handlers: BoardHandlers, label: string): BoardView {
  const element = h("div", { class: "board rotation", role: "grid", "aria-label": label });
  const cells = ROTATION_PLACES.map(([row, col], index) => {
    const cell = h("div", { class: CENTRE.has(index) ? "cell centre" : "cell" });
    place(cell, row + 1, col + 1);
    element.append(cell);
    return cell;
  });
  for (const { move, arrow, row, col } of MOVE_BUTTONS) {
    const button = h(
      "button",
      { class: "move", type: "button", title: `move ${move}`, onclick: () => handlers.onMove?.(move) },
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
      });
    },
  };
}
