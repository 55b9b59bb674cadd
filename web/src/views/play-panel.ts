// Playing a puzzle by hand: click a tile (or a Rotation Game move button), or use the keyboard;
// a move counter, undo, reset; when the board reaches the goal, submit the moves to the leaderboard.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import { submitSolution, type Submission } from "../api/operations.ts";
import { ARROW_TO_BLANK_MOVE, rotationMoveForKey, slideMovesForClick } from "../puzzle/controls.ts";
import { Game } from "../puzzle/game.ts";
import { createBoardView } from "../ui/board.ts";
import { h } from "../ui/dom.ts";
import { focusFirst, refocus } from "../ui/focus.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup } from "../ui/router.ts";
import { analysisPanel } from "./analysis-panel.ts";
import { hintButton } from "./hint-button.ts";
import { followGame } from "./settled-game.ts";
import { counted } from "../ui/counted.ts";

/**
 * The viewer's place in a daily puzzle's day ranking: their entry's rank, null when they have none (they
 * played only after the day), undefined when it could not be found out.
 */
export type DayEntry = { readonly rank: number } | null | undefined;

/**
 * "Accepted: 22 moves · rank 1 · optimal ✓ · rated". On a daily puzzle's page (`dayEndsAt`), a
 * submission made after the day is not in the day's ranking the page shows: its rank is the all-time
 * one, and the player's day entry, if they have one (`dayEntry`), is what the day ranking keeps.
 */
function verdict(submission: Submission, dayEndsAt: string | undefined, dayEntry: DayEntry): string {
  const late = dayEndsAt !== undefined && Date.parse(submission.createdAt) >= Date.parse(dayEndsAt);
  const rank = !late
    ? ` · rank ${submission.rank}`
    : dayEntry === null
      ? ` · after the day: not in the day's ranking (all-time rank ${submission.rank})`
      : dayEntry === undefined
        ? ` · after the day: all-time rank ${submission.rank}`
        : ` · after the day: your day entry stays (rank ${dayEntry.rank}); all-time rank ${submission.rank}`;
  const optimal =
    submission.optimal === true
      ? " · optimal ✓"
      : submission.optimal === false
        ? " · not optimal"
        : " · optimality not known yet";
  return `Accepted: ${counted(submission.length, "move")}${rank}${optimal}${GAME_NOTE[submission.game]}`;
}

/** What the submission is to the player's rating (only a first submission is a rated game). */
const GAME_NOTE: Record<Submission["game"], string> = {
  RATED: " · rated",
  UNRATED: " · unrated: your rating does not change",
  PENDING: "", // said once the optimum's proof has settled the game (learnOptimum, then followGame)
  NOT_A_GAME: "",
};

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

export function playPanel(
  puzzleId: string,
  spec: PuzzleSpec,
  solvable: boolean,
  options: {
    /** A daily puzzle's end of day: until then no hints or analyses (the spoiler rule). */
    dailyEndsAt?: string;
    /**
     * A daily puzzle's end of day, running or past: a verdict after it says where the player stands in
     * the day's ranking (`dayEntry`: their entry kept from the day, or none).
     */
    dayEndsAt?: string;
    /** The viewer's entry in the day's ranking (asked only for a submission made after the day). */
    dayEntry?: () => Promise<DayEntry>;
    /** Hears each accepted submission (the page refetches what it changed). */
    onSubmitted?: (submission: Submission) => void;
    /** A note shown under Hint (that hints make the game unrated). */
    hintNote?: HTMLElement;
  } = {},
): {
  element: HTMLElement;
  /** The puzzle's optimum became known: a verdict that said "not known yet" says now, then its game. */
  learnOptimum(optimalLength: number | null | undefined): void;
  cleanup: Cleanup;
} {
  const game = new Game(spec);
  const counter = h("span", { class: "counter", "data-testid": "move-count" }, "0");
  const moves = h("code", { class: "moves", "data-testid": "moves" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  // What the last move did, for a screen reader (the board itself changes silently).
  const moved = h("p", { class: "sr-only", "aria-live": "polite", "data-testid": "move-announcement" });
  const submit = h("button", { type: "button", class: "primary", hidden: true }, "Submit to leaderboard");
  const result = createMessage("info");
  const message = createMessage();
  const undo = h("button", { type: "button", title: "Backspace or Ctrl+Z" }, "Undo");
  const reset = h("button", { type: "button" }, "Reset");
  let submitted = "";
  /** The verdict shown, while its optimality is not known yet. */
  let pending: Submission | undefined;
  /** The viewer's day entry, as the verdict shown says it. */
  let entry: DayEntry;
  /** Stops asking what the verdict's game turned out to be (a new verdict, or the page left). */
  let stopGame: Cleanup | undefined;

  const play = (letters: string) => {
    if (!letters) return;
    const blank = game.board.indexOf(0);
    if (!game.play(letters)) return;
    draw();
    moved.textContent =
      spec.kind === "sliding"
        ? `Tile ${game.board[blank]} to row ${Math.floor(blank / spec.cols) + 1}, column ${(blank % spec.cols) + 1}. ${counted(game.moves.length, "move")}.`
        : `Move ${letters}. ${counted(game.moves.length, "move")}.`;
  };
  const board = createBoardView(spec, {
    onCell: (index) => spec.kind === "sliding" && play(slideMovesForClick(spec.cols, game.board, index)),
    onMove: play,
  });
  const hint = hintButton(puzzleId, spec, () => game.board, board.element, options.dailyEndsAt);
  const analysis = analysisPanel(puzzleId, spec, options.dailyEndsAt);

  const help =
    spec.kind === "sliding"
      ? "Click a tile in the gap's row or column, or use the arrow keys: an arrow slides a tile into the " +
        "gap in that direction (← moves the tile right of the gap to the left). Backspace or Ctrl+Z " +
        "undoes. Moves are recorded as the blank's moves (U, D, L, R), as the API writes them."
      : "Press a move button or the keys A–H: each shifts its line one cell in the arrow's direction. " +
        "Goal: one symbol in all eight centre cells. Backspace or Ctrl+Z undoes.";

  function draw(): void {
    board.render(game.board, game.solved);
    hint.reset();
    counter.textContent = String(game.moves.length);
    moves.textContent = game.moves || "—";
    undo.disabled = game.moves.length === 0;
    reset.disabled = game.moves.length === 0;
    if (!solvable) {
      status.className = "status bad";
      status.textContent = "This puzzle is unsolvable: no sequence of moves reaches the goal.";
    } else if (game.solved && game.moves.length > 0) {
      status.className = "status good";
      status.textContent = `Solved in ${counted(game.moves.length, "move")}!`;
    } else {
      status.className = "status muted";
      status.textContent = game.solved ? "The start is already the goal." : "";
    }
    submit.hidden = !(game.solved && game.moves.length > 0) || submitted === game.moves;
  }

  /** A submission after the day: whether the player has a day entry (the day ranking keeps it). */
  async function dayEntryOf(submission: Submission): Promise<DayEntry> {
    const { dayEndsAt, dayEntry } = options;
    if (dayEndsAt === undefined || dayEntry === undefined) return undefined;
    if (Date.parse(submission.createdAt) < Date.parse(dayEndsAt)) return undefined;
    try {
      return await dayEntry();
    } catch {
      return undefined; // the verdict then gives the all-time rank alone
    }
  }

  undo.addEventListener("click", () => game.undo() && draw());
  reset.addEventListener("click", () => {
    game.reset();
    pending = undefined;
    stopGame?.();
    result.clear();
    analysis.clear();
    draw();
  });
  submit.addEventListener("click", async () => {
    message.clear();
    submit.disabled = true;
    try {
      const submission = await submitSolution(puzzleId, game.moves);
      submitted = game.moves;
      pending = submission.optimal === null ? submission : undefined;
      stopGame?.();
      entry = await dayEntryOf(submission);
      result.show(verdict(submission, options.dayEndsAt, entry));
      options.onSubmitted?.(submission);
      analysis.analyze(submitted);
      draw();
      // The button is gone: the verdict takes the focus, so it is read out and Tab goes on from it.
      focusFirst(result.element);
    } catch (error) {
      message.error(error);
    } finally {
      submit.disabled = false;
      refocus(submit);
    }
  });

  const onKey = (event: KeyboardEvent) => {
    if (isTyping(event.target) || event.altKey || event.metaKey) return;
    if (event.key === "Backspace" || (event.ctrlKey && event.key.toLowerCase() === "z")) {
      if (game.undo()) draw();
      event.preventDefault();
      return;
    }
    if (event.ctrlKey) return;
    const letter = spec.kind === "sliding" ? ARROW_TO_BLANK_MOVE[event.key] : rotationMoveForKey(event.key);
    if (letter === undefined) return;
    event.preventDefault();
    play(letter);
  };
  window.addEventListener("keydown", onKey);

  const element = h(
    "section",
    { class: "card play" },
    h("h2", {}, "Play"),
    board.element,
    h("div", { class: "row stats" }, h("span", {}, "Moves: ", counter), undo, reset),
    solvable && hint.element,
    solvable && options.hintNote,
    h("p", { class: "muted small" }, help),
    h("p", { class: "small" }, "Your moves: ", moves),
    status,
    moved,
    h("div", { class: "row" }, submit),
    result.element,
    message.element,
    analysis.element,
  );
  draw();
  return {
    element,
    learnOptimum(optimalLength) {
      if (pending === undefined || optimalLength === null || optimalLength === undefined) return;
      const known = { ...pending, optimal: pending.length === optimalLength };
      pending = undefined;
      result.show(verdict(known, options.dayEndsAt, entry));
      if (known.game === "PENDING")
        stopGame = followGame(puzzleId, known.id, (settled) =>
          result.show(verdict({ ...known, game: settled }, options.dayEndsAt, entry)),
        );
    },
    cleanup: () => {
      stopGame?.();
      window.removeEventListener("keydown", onKey);
      hint.cleanup();
      analysis.cleanup();
    },
  };
}

/** A small read-only board showing the goal of a sliding puzzle. */
export function goalPreview(spec: PuzzleSpec): HTMLElement | null {
  if (spec.kind !== "sliding") return null;
  const board = createBoardView(spec, {}, "goal");
  board.render(spec.goal, true);
  board.element.classList.add("mini");
  return h("div", { class: "goal-preview" }, h("span", { class: "muted small" }, "Goal"), board.element);
}
