// The analysis of a submitted solution: every move against the exact distance to the goal, drawn as a
// chart with the mistakes marked, and a summary (length, optimum, moves lost). A 4x4 may be PENDING
// while the workers prove distances: a progress bar, and the same request again every POLL_MS. On a
// daily puzzle whose day runs, the time left until it opens, counting down; then it is analysed.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import { ApiError } from "../api/errors.ts";
import { NO_WORKER_TO_PROVE, workerWatch } from "../api/fleet.ts";
import { analyzeSolution, type SolutionAnalysis } from "../api/operations.ts";
import { distanceChart } from "../ui/distance-chart.ts";
import { h, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import { atTime, TIME_LEFT_REDRAW_MS, timeLeft } from "../ui/time-left.ts";
import { counted } from "../ui/counted.ts";

const POLL_MS = 1000;
/** Beyond 16 cells the server does not analyse (docs/competition.md). */
const MAX_CELLS = 16;

const NO_5X5 =
  "No analysis for boards larger than 4×4: proving the exact distance of every position along a 5×5 " +
  "solution can take minutes per position, so the server does not offer it.";

/** A refusal while the page's clock has passed the day's end and the server's has not (yet). */
const REFUSED_RETRY_MS = 5000;
/** Retries of such a refusal (a minute): the clocks of the page and the server differ by less. */
const REFUSED_RETRIES = 12;

export function dailyLockText(endsAt: string): string {
  return `Not while the daily puzzle runs: it opens when the day ends (${timeLeft(endsAt)}).`;
}

function summary(analysis: SolutionAnalysis): HTMLElement {
  const mistakes = analysis.mistakes?.length ?? 0;
  const lost = analysis.movesLost ?? 0;
  return h(
    "p",
    { class: "analysis-summary", "data-testid": "analysis-summary" },
    h("strong", {}, counted(analysis.length, "move")),
    ` · optimum ${analysis.optimalLength} · `,
    h(
      "span",
      { class: lost === 0 ? "good" : "bad" },
      lost === 0 ? "no move lost ✓" : `${counted(lost, "move")} lost`,
    ),
    ` · ${counted(mistakes, "mistake")}`,
  );
}

export interface AnalysisPanel {
  readonly element: HTMLElement;
  /** Analyses `moves` (a solution just submitted), replacing what was shown. */
  analyze(moves: string): void;
  clear(): void;
  cleanup(): void;
}

export function analysisPanel(puzzleId: string, spec: PuzzleSpec, dailyEndsAt?: string): AnalysisPanel {
  const body = h("div", { class: "analysis-body" });
  const message = createMessage();
  const element = h(
    "div",
    { class: "analysis", hidden: true },
    h("h3", {}, "Your solution, move by move"),
    body,
    message.element,
  );
  let run = 0;
  let timer: number | undefined;
  // A 4x4's proofs wait for a worker: with none online, the pending analysis says so.
  const workers = workerWatch();
  let lockTimer: number | undefined;
  let stopWaiting: (() => void) | undefined;

  const stop = () => {
    run++;
    window.clearTimeout(timer);
    window.clearInterval(lockTimer);
    stopWaiting?.();
  };

  const cells = spec.kind === "sliding" ? spec.rows * spec.cols : 0;

  /** Until `endsAt`, the lock's time left counting down (as the hint's and the facts'); then the analysis. */
  function waitForDayEnd(endsAt: string, moves: string, mine: number): void {
    const note = h("p", { class: "muted", "data-testid": "analysis-locked" });
    replace(body, note);
    const draw = () => {
      note.textContent = dailyLockText(endsAt);
    };
    draw();
    lockTimer = window.setInterval(draw, TIME_LEFT_REDRAW_MS);
    stopWaiting = atTime(endsAt, () => {
      window.clearInterval(lockTimer);
      if (mine !== run) return;
      replace(body, h("p", { class: "muted" }, "Analysing…"));
      void ask(moves, mine);
    });
  }

  async function ask(moves: string, mine: number, refusals = 0): Promise<void> {
    try {
      const analysis = await analyzeSolution(puzzleId, moves);
      if (mine !== run) return;
      if (analysis.status === "PENDING") {
        const percent = Math.round(analysis.progress * 100);
        const none = (await workers()) === 0;
        if (mine !== run) return;
        replace(
          body,
          h(
            "div",
            { class: "analysis-pending", "data-testid": "analysis-pending" },
            h("progress", { max: 1, value: analysis.progress }),
            h(
              "span",
              { class: "muted small" },
              `Proving the distances along your solution… ${percent}%${none ? `. ${NO_WORKER_TO_PROVE}` : ""}`,
            ),
          ),
        );
        timer = window.setTimeout(() => void ask(moves, mine), POLL_MS);
        return;
      }
      replace(body, summary(analysis), distanceChart(analysis.moves ?? []));
    } catch (error) {
      if (mine !== run) return;
      replace(body);
      if (error instanceof ApiError && error.code === "ANALYSIS_UNAVAILABLE")
        body.append(h("p", { class: "muted" }, NO_5X5));
      else if (error instanceof ApiError && error.code === "DAILY_IN_PROGRESS") {
        const endsAt = error.extensions.endsAt;
        if (typeof endsAt === "string" && new Date(endsAt).getTime() > Date.now())
          waitForDayEnd(endsAt, moves, mine);
        else if (refusals < REFUSED_RETRIES) {
          // The server's day has not ended yet by its clock: asked again shortly, said meanwhile.
          body.append(
            h("p", { class: "muted" }, "Not while the daily puzzle runs; trying again in a moment."),
          );
          timer = window.setTimeout(() => void ask(moves, mine, refusals + 1), REFUSED_RETRY_MS);
        } else
          body.append(
            h(
              "p",
              { class: "muted" },
              "Not while the daily puzzle runs: the server's day has not ended yet.",
            ),
          );
      } else message.error(error);
    }
  }

  return {
    element,
    analyze(moves) {
      stop();
      message.clear();
      element.hidden = false;
      if (cells > MAX_CELLS) {
        replace(body, h("p", { class: "muted" }, NO_5X5));
        return;
      }
      if (dailyEndsAt !== undefined && new Date(dailyEndsAt).getTime() > Date.now()) {
        waitForDayEnd(dailyEndsAt, moves, run);
        return;
      }
      replace(body, h("p", { class: "muted" }, "Analysing…"));
      void ask(moves, run);
    },
    clear() {
      stop();
      message.clear();
      replace(body);
      element.hidden = true;
    },
    cleanup: stop,
  };
}
