// Asking the server for the optimal solution and watching the search live over solveProgress:
// status, the bound climbing, nodes/s, elapsed time and a chart of the bound; cancel; then the
// solution on its own board, to step through or animate.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import {
  cancelSolve,
  onSolveProgress,
  requestSolve,
  type Solve,
  type SolveEvent,
  type SolveRequestOptions,
  type SolveStatus,
} from "../api/operations.ts";
import { workersOnline } from "../api/fleet.ts";
import { currentSession } from "../api/session.ts";
import { isLiveGiveUp } from "../api/subscriptions.ts";
import { type BoundChart, createBoundChart } from "../ui/chart.ts";
import { createAnnouncer } from "../ui/announcer.ts";
import { h, replace } from "../ui/dom.ts";
import { refocus } from "../ui/focus.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup } from "../ui/router.ts";
import { solutionPlayer } from "./solution-player.ts";
import { counted } from "../ui/counted.ts";
import { compactCount as compact, fleetLine, formatDuration } from "../ui/figures.ts";

const STATUS_TEXT: Record<SolveStatus, string> = {
  QUEUED: "Waiting for a worker…",
  RUNNING: "Searching…",
  SOLVED: "Solved",
  UNSOLVABLE: "Unsolvable",
  CANCELLED: "Cancelled",
  TIMED_OUT: "Time limit reached",
  FAILED: "Failed",
};

const NO_WORKER = "No worker is online: the search starts when one is";
const BAD_TIME_LIMIT = "The time limit must be a whole number of seconds from 1 to 3600.";
/** How often a queued solve asks again whether a worker came online. */
const WORKER_CHECK_MS = 5000;

/** How often a running search's numbers are read out to a screen reader (status changes: at once). */
const ANNOUNCE_PROGRESS_MS = 15_000;

const FINISHED = new Set<SolveStatus>(["SOLVED", "UNSOLVABLE", "CANCELLED", "TIMED_OUT", "FAILED"]);

function select(name: string, options: [string, string][]): HTMLSelectElement {
  return h(
    "select",
    { name, "aria-label": name },
    options.map(([value, label]) => h("option", { value }, label)),
  );
}

/** `seenBound`: the highest bound the live events reported, for a final state that carries none. */
function outcome(solve: Solve, seenBound: number | null): string {
  const bound = solve.lowerBound ?? seenBound;
  switch (solve.status) {
    case "SOLVED":
      return (
        `${solve.optimal ? "Optimal solution" : "Solution"}: ${counted(solve.length, "move")}` +
        `${solve.optimal ? " (proven minimal)" : ""}${solve.cached ? ", answered from an earlier search" : ""}.`
      );
    case "UNSOLVABLE":
      return "This puzzle cannot be solved: no sequence of moves reaches the goal.";
    case "TIMED_OUT":
      return `The time limit ended the search${bound !== null ? `: any solution needs at least ${counted(bound, "move")}` : ""}.`;
    case "CANCELLED":
      return `Cancelled${bound !== null ? `: any solution needs at least ${counted(bound, "move")}` : ""}.`;
    case "FAILED":
      return `The search failed${solve.error ? `: ${solve.error}` : ""}.`;
    default:
      return STATUS_TEXT[solve.status];
  }
}

/** `onFinished` hears about every solve that ends (the leaderboard learns the optimum from it). */
export function solvePanel(
  puzzleId: string,
  spec: PuzzleSpec,
  onFinished?: (solve: Solve) => void,
  /** A note shown under the buttons (that a solve makes the game unrated). */
  note?: HTMLElement,
): { element: HTMLElement; cleanup: Cleanup } {
  // The server runs A* on sliding puzzles only (the Rotation Game: its table, or IDA*).
  const algorithm = select("algorithm", [
    ["AUTO", "Auto"],
    ["IDA_STAR", "IDA*"],
    ...(spec.kind === "sliding" ? [["ASTAR", "A*"] as [string, string]] : []),
  ]);
  const heuristic = select("heuristic", [
    ["AUTO", "Auto"],
    ["LINEAR_CONFLICT", "Linear conflict"],
    ["MANHATTAN", "Manhattan"],
  ]);
  const timeLimit = h("input", {
    type: "number",
    name: "timeLimitSeconds",
    min: 1,
    max: 3600,
    value: 60,
    "aria-label": "time limit in seconds",
    class: "side",
  });
  const start = h("button", { type: "button", class: "primary" }, "Find the optimal solution");
  const cancel = h("button", { type: "button", hidden: true }, "Cancel");
  const message = createMessage();
  const live = h("div", { class: "live", hidden: true });
  const announcer = createAnnouncer(ANNOUNCE_PROGRESS_MS);
  const element = h(
    "section",
    { class: "card solve", "data-updates": "0" },
    h("h2", {}, "Optimal solution"),
    h(
      "div",
      { class: "row options" },
      h("label", {}, "Algorithm ", algorithm),
      spec.kind === "sliding" ? h("label", {}, "Heuristic ", heuristic) : null,
      h("label", {}, "Limit (s) ", timeLimit),
    ),
    h("div", { class: "row" }, start, cancel),
    note,
    message.element,
    live,
    announcer.element,
  );

  let stopSubscription: (() => void) | undefined;
  let stopPlayer: (() => void) | undefined;
  let solveId: string | undefined;
  const openSolveKey = `puzzles.solve.${puzzleId}`;
  let seenBound: number | null = null;
  let chart: BoundChart | undefined;

  const stat = (label: string) => {
    const value = h("dd", {}, "—");
    return { value, item: h("div", {}, h("dt", {}, label), value) };
  };
  const status = stat("Status");
  const bound = stat("Lower bound");
  const nodes = stat("Nodes");
  const rate = stat("Nodes/s");
  const elapsed = stat("Elapsed");
  const proven = stat("Proven bound");
  status.item.className = "wide";
  status.value.dataset.testid = "solve-status";
  // Split searches across the fleet: "units 37 / 120 · on 4 threads".
  const fleet = h("p", { class: "muted fleet", "data-testid": "solve-fleet", hidden: true });
  let workerCheck: ReturnType<typeof setTimeout> | undefined;

  function stopWorkerCheck(): void {
    clearTimeout(workerCheck);
    workerCheck = undefined;
  }

  /** While queued: says so when no worker is online, asking again until one is. */
  function checkWorkers(current: SolveStatus): void {
    if (current !== "QUEUED" || workerCheck !== undefined) return;
    const check = async () => {
      const workers = await workersOnline();
      if (workerCheck === undefined) return;
      if (status.value.dataset.status === "QUEUED") {
        status.value.textContent = workers === 0 ? NO_WORKER : STATUS_TEXT.QUEUED;
        announcer.say(status.value.textContent);
        workerCheck = setTimeout(check, WORKER_CHECK_MS);
      } else workerCheck = undefined;
    };
    workerCheck = setTimeout(check, 0);
  }

  function showStatus(current: SolveStatus): void {
    if (status.value.dataset.status === current) return;
    status.value.dataset.status = current;
    status.value.textContent = STATUS_TEXT[current];
    // The outcome's sentence (finish) says more than "Solved": no need to read both.
    if (!FINISHED.has(current)) announcer.say(STATUS_TEXT[current]);
    if (current === "QUEUED") checkWorkers(current);
    else stopWorkerCheck();
  }

  function finish(solve: Solve): void {
    if (solve.id === solveId) forget();
    stopSubscription?.();
    stopSubscription = undefined;
    cancel.hidden = true;
    start.disabled = false;
    refocus(start); // Cancel, which may have had the focus, is gone
    showStatus(solve.status);
    if (solve.lowerBound !== null) bound.value.textContent = String(solve.lowerBound);
    if (solve.nodesExpanded !== null) nodes.value.textContent = compact(solve.nodesExpanded);
    // The line ends where the search ended: at its duration, on the optimum it proved. Elapsed reads
    // the time the chart's axis ends at (before, after a cancel the two could differ by a tenth).
    const finalBound =
      solve.status === "SOLVED" && solve.optimal ? solve.length : (solve.lowerBound ?? seenBound);
    if (solve.durationMs !== null) {
      const end = finalBound === null ? undefined : chart?.finish(solve.durationMs, finalBound);
      elapsed.value.textContent = formatDuration(end ?? solve.durationMs);
    }
    onFinished?.(solve);
    const result = h(
      "p",
      { class: solve.status === "SOLVED" ? "status good" : "status", "data-testid": "solve-outcome" },
      outcome(solve, seenBound),
    );
    live.append(result);
    announcer.say(outcome(solve, seenBound));
    if (solve.status === "SOLVED" && solve.moves !== null) {
      if (solve.moves.length === 0) {
        live.append(h("p", { class: "muted" }, "The start is already the goal."));
      } else {
        const player = solutionPlayer(spec, solve.moves);
        stopPlayer = player.stop;
        live.append(player.element);
      }
    }
  }

  function update(event: SolveEvent, chart: BoundChart): void {
    showStatus(event.status);
    if (event.provenLowerBound !== null) proven.value.textContent = String(event.provenLowerBound);
    const line = fleetLine(event.unitsDone, event.unitsTotal, event.threads);
    if (line !== null) {
      fleet.textContent = line;
      fleet.hidden = false;
    }
    if (event.lowerBound !== null) {
      bound.value.textContent = String(event.lowerBound);
      seenBound = Math.max(seenBound ?? 0, event.lowerBound);
    }
    if (event.nodesExpanded !== null) nodes.value.textContent = compact(event.nodesExpanded);
    if (event.nodesPerSecond !== null) rate.value.textContent = `${compact(event.nodesPerSecond)}/s`;
    if (event.elapsedMs !== null) elapsed.value.textContent = formatDuration(event.elapsedMs);
    if (event.status === "RUNNING" && event.lowerBound !== null) {
      chart.add(event.elapsedMs ?? 0, event.lowerBound);
      element.dataset.updates = String(Number(element.dataset.updates) + 1);
      announcer.progress(
        `Searching: lower bound ${event.lowerBound}, ${nodes.value.textContent} nodes, ${elapsed.value.textContent}.`,
      );
    }
    if (event.solve && FINISHED.has(event.solve.status)) finish(event.solve);
  }

  start.addEventListener("click", async () => {
    message.clear();
    // The API takes whole seconds from 1 to 3600; anything else would come back as GraphQL's wording.
    const seconds = Number(timeLimit.value);
    if (timeLimit.value.trim() === "" || !Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
      message.show(BAD_TIME_LIMIT);
      timeLimit.focus();
      return;
    }
    const current = resetLive();
    const options: SolveRequestOptions = {
      algorithm: algorithm.value as SolveRequestOptions["algorithm"],
      timeLimitSeconds: seconds,
    };
    if (spec.kind === "sliding") options.heuristic = heuristic.value as SolveRequestOptions["heuristic"];
    try {
      const solve = await requestSolve(puzzleId, options);
      solveId = solve.id;
      showStatus(solve.status);
      if (FINISHED.has(solve.status)) return finish(solve);
      remember(solve.id);
      follow(solve.id, current);
      refocus(cancel); // the pressed button is disabled while the search runs
    } catch (error) {
      message.error(error);
      start.disabled = false;
      live.hidden = true;
      refocus(start);
    }
  });

  /** Clears the live area for a new (or resumed) search and returns its chart. */
  function resetLive(): BoundChart {
    stopSubscription?.();
    stopPlayer?.();
    start.disabled = true;
    element.dataset.updates = "0";
    seenBound = null;
    const current = createBoundChart();
    chart = current;
    stopWorkerCheck();
    const stats = [status, bound, proven, nodes, rate, elapsed];
    for (const s of stats) s.value.textContent = "—";
    delete status.value.dataset.status;
    fleet.hidden = true;
    replace(
      live,
      h(
        "dl",
        { class: "stats-grid" },
        stats.map((s) => s.item),
      ),
      fleet,
      current.element,
    );
    live.hidden = false;
    return current;
  }

  /** Watches an open solve: its stored state first, then live progress, then the final state. */
  function follow(id: string, current: BoundChart): void {
    solveId = id;
    cancel.hidden = false;
    stopSubscription = onSolveProgress(id, {
      next: (event) => update(event, current),
      error: (error) => {
        // A solve the server does not know (or will not show this user) is not worth resuming.
        if (error.code === "NOT_FOUND" || error.code === "FORBIDDEN") forget();
        // A lost connection is said once by the page's status line, not by each panel.
        if (!isLiveGiveUp(error)) message.error(error);
        start.disabled = false;
        cancel.hidden = true;
        refocus(start);
      },
    });
  }

  // The open search survives a reload or a visit elsewhere: its id is kept until it ends.
  function remember(id: string): void {
    const session = currentSession();
    if (session) localStorage.setItem(openSolveKey, JSON.stringify({ id, user: session.name }));
  }
  function forget(): void {
    localStorage.removeItem(openSolveKey);
  }
  const resumable = (): string | undefined => {
    try {
      const saved = JSON.parse(localStorage.getItem(openSolveKey) ?? "null") as {
        id?: unknown;
        user?: unknown;
      };
      return typeof saved?.id === "string" && saved.user === currentSession()?.name ? saved.id : undefined;
    } catch {
      return undefined;
    }
  };
  const resume = resumable();
  if (resume !== undefined) follow(resume, resetLive());

  cancel.addEventListener("click", async () => {
    if (solveId === undefined) return;
    cancel.disabled = true;
    try {
      // The final CANCELLED state arrives on the subscription.
      await cancelSolve(solveId);
    } catch (error) {
      message.error(error);
    } finally {
      cancel.disabled = false;
      refocus(cancel, start);
    }
  });

  return {
    element,
    cleanup: () => {
      stopWorkerCheck();
      stopSubscription?.();
      stopPlayer?.();
    },
  };
}
