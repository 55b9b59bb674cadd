// The Hint button of the play panel: asks the server for the next optimal move from the board as it
// is now, highlights it on the board (the tile to slide, or the Rotation Game's move button) and shows
// the distance to the goal. Refused while a daily puzzle's day runs: disabled, with the reason.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import { ApiError } from "../api/errors.ts";
import { NO_WORKER_TO_PROVE, workerWatch } from "../api/fleet.ts";
import { hint } from "../api/operations.ts";
import { onSessionChange } from "../api/session.ts";
import { createAnnouncer } from "../ui/announcer.ts";
import { h } from "../ui/dom.ts";
import { refocus } from "../ui/focus.ts";
import { TIME_LEFT_REDRAW_MS } from "../ui/time-left.ts";
import { createMessage } from "../ui/notice.ts";
import { dailyLockText } from "./analysis-panel.ts";
import { counted } from "../ui/counted.ts";

const POLL_MS = 1000;
const ANNOUNCE_PROGRESS_MS = 15_000;
/** A refusal when, by the page's clock, the day has already ended (the server's runs behind). */
const DAILY_ENDING_TEXT = "Not while the daily puzzle runs; try again in a moment.";
/** Beyond 16 cells the server gives no hints (docs/competition.md). */
const MAX_HINT_CELLS = 16;
const NO_5X5_HINT = "not for boards larger than 4×4 (proving a 5×5 distance can take minutes).";
// The blank's move → the cell offset of the tile that slides into the gap, and that tile's arrow.
const SLIDE: Record<string, { dr: number; dc: number; arrow: string }> = {
  U: { dr: -1, dc: 0, arrow: "↓" },
  D: { dr: 1, dc: 0, arrow: "↑" },
  L: { dr: 0, dc: -1, arrow: "→" },
  R: { dr: 0, dc: 1, arrow: "←" },
};

export interface HintButton {
  readonly element: HTMLElement;
  /** The board changed: the hint shown no longer applies. */
  reset(): void;
  cleanup(): void;
}

export function hintButton(
  puzzleId: string,
  spec: PuzzleSpec,
  currentBoard: () => readonly number[],
  boardElement: HTMLElement,
  dailyEndsAt?: string,
): HintButton {
  const button = h("button", { type: "button", class: "hint-button" }, "Hint");
  // Not a live region itself: a PENDING hint's percentage changes every second. The announcer reads the
  // answer at once and the progress at most every 15 s.
  const text = h("span", { class: "small hint-text", "data-testid": "hint-text" });
  const announcer = createAnnouncer(ANNOUNCE_PROGRESS_MS);
  announcer.element.dataset.testid = "hint-announcer";
  const message = createMessage();
  const element = h(
    "div",
    { class: "hint" },
    h("div", { class: "row" }, button, text),
    message.element,
    announcer.element,
  );
  let run = 0;
  let timer: number | undefined;
  // A 4x4's proof waits for a worker: with none online, the pending hint says so (as a queued search does).
  const workers = workerWatch();
  let lockTimer: number | undefined;

  // Locked until a daily puzzle's day ends: the time left is redrawn as it runs (as the page's facts
  // are), and at the end the button opens, as the server then answers hints.
  const lock = (endsAt: string) => {
    const draw = () => {
      if (new Date(endsAt).getTime() <= Date.now()) {
        window.clearInterval(lockTimer);
        lockTimer = undefined;
        button.disabled = false;
        button.title = "";
        text.textContent = "";
        text.className = "small hint-text";
        return;
      }
      button.disabled = true;
      button.title = dailyLockText(endsAt);
      text.textContent = `Hints: ${dailyLockText(endsAt)}`;
      text.className = "small hint-text muted";
    };
    window.clearInterval(lockTimer);
    draw();
    lockTimer = window.setInterval(draw, TIME_LEFT_REDRAW_MS);
  };
  if (dailyEndsAt !== undefined && new Date(dailyEndsAt).getTime() > Date.now()) lock(dailyEndsAt);
  else if (spec.kind === "sliding" && spec.rows * spec.cols > MAX_HINT_CELLS) {
    // The server refuses (ANALYSIS_UNAVAILABLE): say so before anyone asks.
    button.disabled = true;
    button.title = NO_5X5_HINT;
    text.textContent = `Hints: ${NO_5X5_HINT}`;
    text.className = "small hint-text muted";
  }

  const unmark = () => {
    for (const marked of boardElement.querySelectorAll(".hinted")) marked.classList.remove("hinted");
  };

  /** The element to highlight for `move` on `board`, and a few words naming it. */
  function target(board: readonly number[], move: string): { element: Element | null; words: string } {
    if (spec.kind === "rotation")
      return { element: boardElement.querySelector(`button[title="move ${move}"]`), words: `press ${move}` };
    const slide = SLIDE[move];
    const blank = board.indexOf(0);
    const row = Math.floor(blank / spec.cols) + slide.dr;
    const col = (blank % spec.cols) + slide.dc;
    const tile = board[row * spec.cols + col];
    const element =
      [...boardElement.querySelectorAll(".tile")].find((t) => t.textContent === String(tile)) ?? null;
    return { element, words: `slide tile ${tile} ${slide.arrow}` };
  }

  async function ask(board: readonly number[], mine: number): Promise<void> {
    try {
      const answer = await hint(puzzleId, board);
      if (mine !== run) return;
      if (answer.status === "PENDING") {
        const none = (await workers()) === 0;
        if (mine !== run) return;
        text.textContent = `Proving the best move… ${Math.round(answer.progress * 100)}%${none ? `. ${NO_WORKER_TO_PROVE}` : ""}`;
        announcer.progress(text.textContent);
        timer = window.setTimeout(() => void ask(board, mine), POLL_MS);
        return;
      }
      button.disabled = false;
      refocus(button); // it lost the focus while disabled
      text.className = "small hint-text";
      if (answer.move === null || answer.move === undefined) {
        text.textContent = "You are at the goal.";
        announcer.say(text.textContent);
        return;
      }
      const { element: marked, words } = target(board, answer.move);
      marked?.classList.add("hinted");
      text.textContent = `${counted(answer.distance, "move")} from the goal: ${words}.`;
      text.dataset.distance = String(answer.distance);
      announcer.say(text.textContent);
    } catch (error) {
      if (mine !== run) return;
      button.disabled = false;
      refocus(button);
      text.textContent = "";
      if (error instanceof ApiError && error.code === "DAILY_IN_PROGRESS") {
        const endsAt = error.extensions.endsAt;
        if (typeof endsAt === "string" && new Date(endsAt).getTime() > Date.now()) lock(endsAt);
        else {
          // The page's clock is past the day's end and the server's is not (yet): locking would open
          // the button at once and say nothing. The button stays open, with the reason.
          text.textContent = `Hints: ${DAILY_ENDING_TEXT}`;
          text.className = "small hint-text muted";
        }
        announcer.say(text.textContent);
      } else message.error(error);
    }
  }

  button.addEventListener("click", () => {
    run++;
    window.clearTimeout(timer);
    unmark();
    message.clear();
    button.disabled = true;
    text.textContent = "Thinking…";
    announcer.say(text.textContent);
    void ask([...currentBoard()], run);
  });

  // An error such as "Please sign up first" no longer applies once the visitor signs in (or out).
  const stopSession = onSessionChange(() => message.clear());

  return {
    element,
    reset() {
      if (button.disabled && button.title) return; // locked: keep the reason
      run++;
      window.clearTimeout(timer);
      unmark();
      button.disabled = false;
      text.textContent = "";
      delete text.dataset.distance;
    },
    cleanup() {
      run++;
      window.clearTimeout(timer);
      window.clearInterval(lockTimer);
      stopSession();
    },
  };
}
