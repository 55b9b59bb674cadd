// Creating a puzzle: pick a size (or the Rotation Game), shuffle a random solvable board or type the
// tiles. The core validates the board and decides solvability as you type, so a bad or unsolvable
// board is flagged before anything is sent; the server checks again when it is saved.
import {
  createPuzzle as validatePuzzle,
  defaultSlidingGoal,
  isSolvable,
  parseTiles,
  type PuzzleSpec,
} from "../../../src/core/index.ts";
import { createPuzzle, type CreatePuzzleInput } from "../api/operations.ts";
import { currentSession, onSessionChange } from "../api/session.ts";
import { randomRotationBoard, randomSlidingBoard } from "../puzzle/random.ts";
import { createBoardView } from "../ui/board.ts";
import { h, replace } from "../ui/dom.ts";
import { refocus } from "../ui/focus.ts";
import { createMessage } from "../ui/notice.ts";
import { navigate, type View } from "../ui/router.ts";
import { signUpForm } from "./signup.ts";

type Shape = { kind: "sliding"; rows: number; cols: number } | { kind: "rotation" };

const PRESETS: { value: string; label: string }[] = [
  { value: "3x3", label: "3×3" },
  { value: "4x4", label: "4×4" },
  { value: "5x5", label: "5×5" },
  { value: "custom", label: "rows × cols" },
  { value: "rotation", label: "Rotation Game" },
];

/** Tiles as text, one board row per line ("0" is the blank); the Rotation Game as its cross. */
function boardText(shape: Shape, board: number[]): string {
  if (shape.kind === "rotation") {
    // Laid out as the cross: the two-cell rows sit under columns 3 and 5 of the seven-cell rows.
    const rows = [2, 2, 7, 2, 7, 2, 2];
    let at = 0;
    return rows
      .map((count) => {
        const cells = board.slice(at, at + count);
        at += count;
        return count === 2 ? `    ${cells[0]}   ${cells[1]}` : cells.join(" ");
      })
      .join("\n");
  }
  const lines: string[] = [];
  for (let r = 0; r < shape.rows; r++)
    lines.push(board.slice(r * shape.cols, (r + 1) * shape.cols).join(" "));
  return lines.join("\n");
}

function sideInput(name: string, label: string): HTMLInputElement {
  return h("input", { type: "number", name, min: 2, max: 5, value: 3, "aria-label": label, class: "side" });
}

const BAD_SIZE = "Rows and columns must be whole numbers from 2 to 5.";

/** A custom size typed out of range (or not a number) cannot be shuffled, checked or saved. */
function sizeValid(shape: Shape): boolean {
  if (shape.kind === "rotation") return true;
  return [shape.rows, shape.cols].every((side) => Number.isInteger(side) && side >= 2 && side <= 5);
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

export const createView: View = (outlet) => {
  const presets = h(
    "div",
    { class: "segmented", role: "radiogroup", "aria-label": "size" },
    PRESETS.map(({ value, label }) =>
      h(
        "label",
        {},
        h("input", { type: "radio", name: "preset", value, checked: value === "3x3" }),
        h("span", {}, label),
      ),
    ),
  );
  const rowsInput = sideInput("rows", "rows");
  const colsInput = sideInput("cols", "cols");
  const custom = h("div", { class: "custom-size", hidden: true }, rowsInput, " × ", colsInput);
  const title = h("input", { name: "title", maxlength: 200, placeholder: "optional", "aria-label": "title" });
  // Named by its <label> (tilesLabel), which says how to type the board: an aria-label here would
  // replace that sentence with one word for screen readers and voice commands.
  const tiles = h("textarea", {
    name: "tiles",
    rows: 5,
    spellcheck: "false",
    placeholder: "e.g. 1 2 3 / 4 0 6 / 7 5 8",
  });
  const goal = h("textarea", {
    name: "goal",
    rows: 3,
    spellcheck: "false",
    "aria-label": "goal",
    placeholder: "default: 1 … n-1, then the blank",
  });
  const goalBox = h("details", { class: "goal" }, h("summary", {}, "Custom goal (optional)"), goal);
  const shuffle = h("button", { type: "button" }, "Shuffle");
  const tilesLabel = h("label", { class: "label", for: "tiles" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const preview = h("div", { class: "preview" });
  const save = h("button", { type: "submit", class: "primary", disabled: true }, "Save puzzle");
  const message = createMessage();
  const account = h("div", {});
  const form = h(
    "form",
    { class: "card create" },
    h("h1", {}, "New puzzle"),
    h("div", { class: "field" }, h("span", { class: "label" }, "Kind"), presets, custom),
    h("label", { class: "field" }, h("span", { class: "label" }, "Title"), title),
    h("div", { class: "field" }, tilesLabel, tiles, h("div", { class: "row" }, shuffle)),
    goalBox,
    status,
    preview,
    message.element,
    account,
    h("div", { class: "row" }, save),
  );
  tiles.id = "tiles";
  document.title = "New puzzle · Puzzles";
  outlet.append(form);

  const shape = (): Shape => {
    const preset = (presets.querySelector("input:checked") as HTMLInputElement).value;
    if (preset === "rotation") return { kind: "rotation" };
    if (preset === "custom")
      return { kind: "sliding", rows: Number(rowsInput.value), cols: Number(colsInput.value) };
    const side = Number(preset[0]);
    return { kind: "sliding", rows: side, cols: side };
  };

  // The current input as the API's CreatePuzzleInput and the core's spec, or the reason it is not valid.
  const read = (): { input: CreatePuzzleInput; spec: PuzzleSpec } | { error: string } => {
    const s = shape();
    try {
      const start = parseTiles(tiles.value, "start");
      const goalTiles =
        s.kind === "sliding" && goal.value.trim() !== "" ? parseTiles(goal.value, "goal") : undefined;
      const spec =
        s.kind === "rotation"
          ? validatePuzzle({ kind: "rotation", start })
          : validatePuzzle({ kind: "sliding", rows: s.rows, cols: s.cols, start, goal: goalTiles });
      const input: CreatePuzzleInput =
        s.kind === "rotation"
          ? { kind: "ROTATION", start }
          : { kind: "SLIDING", rows: s.rows, cols: s.cols, start, goal: goalTiles };
      if (title.value.trim() !== "") input.title = title.value.trim();
      return { input, spec };
    } catch (error) {
      return { error: messageOf(error) };
    }
  };

  const check = () => {
    custom.hidden = (presets.querySelector("input:checked") as HTMLInputElement).value !== "custom";
    // A hidden field the browser finds invalid (rows 7, typed before another size was picked) would
    // block the form's submit without a word: disabled fields are not validated.
    rowsInput.disabled = colsInput.disabled = custom.hidden;
    // Said again below only for a board that reads; an error leaves no "Save anyway (unsolvable)".
    save.textContent = "Save puzzle";
    const rotation = shape().kind === "rotation";
    goalBox.hidden = rotation;
    tilesLabel.textContent = rotation
      ? "Symbols 1, 2 and 3 (eight of each), row by row"
      : "Tiles, row by row (0, x, . or _ is the blank)";
    tiles.rows = rotation ? 7 : 5;
    message.clear();
    if (!sizeValid(shape())) {
      status.className = "status bad";
      status.textContent = BAD_SIZE;
      replace(preview);
      save.disabled = true;
      return;
    }
    if (tiles.value.trim() === "") {
      status.className = "status muted";
      status.textContent = "Type the tiles or press Shuffle.";
      replace(preview);
      save.disabled = true;
      return;
    }
    const result = read();
    if ("error" in result) {
      status.className = "status bad";
      status.textContent = result.error;
      replace(preview);
      save.disabled = true;
      return;
    }
    const board = createBoardView(result.spec, {}, "preview");
    board.render(result.spec.start);
    replace(preview, board.element);
    const solvable = isSolvable(result.spec);
    status.className = solvable ? "status good" : "status bad";
    status.textContent = solvable
      ? "✓ Solvable."
      : "⚠ Unsolvable: no sequence of moves reaches the goal from this start (the tile parity differs). " +
        "You can still save it, but nobody can solve it.";
    save.textContent = solvable ? "Save puzzle" : "Save anyway (unsolvable)";
    save.disabled = currentSession() === undefined;
  };

  // The board Shuffle last wrote: a change of kind or size replaces it, never a board the user typed.
  let shuffled = "";

  const fillRandom = () => {
    const s = shape();
    if (!sizeValid(s)) {
      // check() says what is wrong and disables saving (the tiles typed for another size stay).
      check();
      return;
    }
    let goalTiles: number[] | undefined;
    if (s.kind === "sliding" && goal.value.trim() !== "") {
      try {
        goalTiles = parseTiles(goal.value, "goal");
        validatePuzzle({
          kind: "sliding",
          rows: s.rows,
          cols: s.cols,
          start: defaultSlidingGoal(s.rows, s.cols),
          goal: goalTiles,
        });
      } catch (error) {
        // No board for this size until the goal fits it: the status (and Save) follow the tiles as
        // they are now, not the board checked for the size before.
        check();
        message.show(messageOf(error));
        return;
      }
    }
    tiles.value = boardText(
      s,
      s.kind === "rotation" ? randomRotationBoard() : randomSlidingBoard(s.rows, s.cols, goalTiles),
    );
    shuffled = tiles.value;
    check();
  };

  /** Another kind or size: a new random board, unless the tiles are the user's own (kept and checked). */
  const shapeChanged = () => {
    if (tiles.value.trim() === "" || tiles.value === shuffled) fillRandom();
    else check();
  };

  const drawAccount = () => {
    replace(
      account,
      currentSession()
        ? null
        : h("div", { class: "notice" }, h("p", {}, "Sign up to save puzzles:"), signUpForm("create")),
    );
    check();
  };

  presets.addEventListener("change", shapeChanged);
  for (const input of [rowsInput, colsInput]) {
    input.addEventListener("input", check);
    input.addEventListener("change", shapeChanged);
  }
  tiles.addEventListener("input", check);
  goal.addEventListener("input", check);
  shuffle.addEventListener("click", fillRandom);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const result = read();
    if ("error" in result) {
      message.show(result.error);
      return;
    }
    save.disabled = true;
    try {
      const puzzle = await createPuzzle(result.input);
      navigate(`/puzzles/${puzzle.id}`);
    } catch (error) {
      message.error(error);
      save.disabled = false;
      refocus(save);
    }
  });

  const stop = onSessionChange(drawAccount);
  fillRandom();
  drawAccount();
  return stop;
};
