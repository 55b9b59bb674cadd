// Today's daily puzzles on the front page: one tile per category with its board, the optimum, the
// number of players and the time left in the (UTC) day; a category not published yet says so.
import {
  dailyPuzzle,
  onLeaderboardChanged,
  todaysDailies,
  type DailyCategory,
  type DailyPuzzle,
} from "../api/operations.ts";
import { specOf } from "../puzzle/game.ts";
import { createBoardView } from "../ui/board.ts";
import { coalesced } from "../ui/coalesced.ts";
import { h, link, replace } from "../ui/dom.ts";
import type { Cleanup } from "../ui/router.ts";
import { atTime, tickTimeLeft } from "../ui/time-left.ts";
import { DAILY_CATEGORIES, dailyArchivePath, dailyCategoryLabel, dailyPath } from "./daily-categories.ts";
import { counted } from "../ui/counted.ts";

/** The start board, small and read-only. */
export function dailyThumbnail(daily: DailyPuzzle): HTMLElement {
  const spec = specOf(daily.puzzle);
  const board = createBoardView(spec, {}, `${dailyCategoryLabel(daily.category)} daily puzzle`);
  board.render(spec.start);
  board.element.classList.add("mini", "daily-thumb");
  return board.element;
}

function dailyTile(category: DailyCategory, daily: DailyPuzzle | null, cleanups: Cleanup[]): HTMLElement {
  const title = h("h3", {}, dailyCategoryLabel(category));
  const archive = link(dailyArchivePath(category), "Past days");
  if (daily === null)
    return h(
      "li",
      { class: "daily-tile pending", "data-category": category },
      title,
      h("p", { class: "muted small" }, "Being prepared: it appears once the server has proven its optimum."),
      archive,
    );
  const left = h("span", { class: "time-left" });
  cleanups.push(tickTimeLeft(left, daily.endsAt));
  const players = h("span", { class: "players" }, counted(daily.players, "player"));
  cleanups.push(livePlayers(daily, players));
  return h(
    "li",
    { class: "daily-tile", "data-category": category },
    title,
    link(dailyPath(daily), dailyThumbnail(daily)),
    h(
      "p",
      { class: "small daily-facts" },
      h(
        "span",
        {},
        daily.optimalLength === null ? "optimum unknown" : `optimum ${counted(daily.optimalLength, "move")}`,
      ),
      players,
      left,
    ),
    h(
      "div",
      { class: "row" },
      link(dailyPath(daily), h("span", { class: "button primary" }, "Play")),
      archive,
    ),
  );
}

/**
 * Keeps `element` the daily's player count: each new best on its leaderboard (a player's first
 * submission among them) asks for the count again, one request at a time. Returns the stop.
 */
function livePlayers(daily: DailyPuzzle, element: HTMLElement): Cleanup {
  let stopped = false;
  const load = coalesced(async () => {
    if (stopped) return;
    try {
      const fresh = await dailyPuzzle(daily.category, daily.date);
      if (fresh && !stopped) element.textContent = counted(fresh.players, "player");
    } catch {
      // The count stays as it was; the next change asks again.
    }
  });
  const stop = onLeaderboardChanged(daily.puzzle.id, { next: () => void load(), error: () => undefined });
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * While a category is being prepared, or the server still answers with the day that has ended by the
 * page's clock, the dailies are asked for again this often.
 */
const RECHECK_MS = 60_000;

function recheckAt(): string {
  return new Date(Date.now() + RECHECK_MS).toISOString();
}

/**
 * The "Today's daily puzzles" card; the clean-up stops its clocks and live counts. At the day's end
 * (by the page's clock) it asks for the new day's (before, it kept the day that ended until a reload);
 * a category still being prepared, or an answer for a day that has already ended by the page's clock
 * (the server's runs behind), is asked for again every minute.
 */
export function dailyToday(): { element: HTMLElement; cleanup: Cleanup } {
  /** The clocks and live counts of the tiles shown now. */
  let tileCleanups: Cleanup[] = [];
  let stopWaiting: Cleanup | undefined;
  let left = false;
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const element = h(
    "section",
    { class: "card daily-today" },
    h("h2", {}, "Today's daily puzzles"),
    h(
      "p",
      { class: "muted small" },
      "One of each a day (UTC), the same for everyone. Until the day ends nobody sees anyone else's moves, " +
        "hints or analyses.",
    ),
    body,
  );
  /** Which dailies the tiles show: an answer naming the same ones leaves them (and the focus) alone. */
  let shown: string | undefined;
  const draw = (dailies: Record<DailyCategory, DailyPuzzle | null>) => {
    const naming = DAILY_CATEGORIES.map((category) => dailies[category]?.puzzle.id ?? "-").join(" ");
    if (naming === shown) return;
    shown = naming;
    for (const cleanup of tileCleanups) cleanup();
    tileCleanups = [];
    replace(
      body,
      h(
        "ul",
        { class: "daily-tiles" },
        DAILY_CATEGORIES.map((category) => dailyTile(category, dailies[category], tileCleanups)),
      ),
    );
  };
  const load = () =>
    todaysDailies().then(
      (dailies) => {
        // Left before the answer came: no clocks or subscriptions that nothing would stop.
        if (left) return;
        draw(dailies);
        const published = DAILY_CATEGORIES.map((category) => dailies[category]);
        // Every daily of a day ends at the same time.
        const endsAt = published.find((daily) => daily !== null)?.endsAt;
        const settled =
          endsAt !== undefined &&
          published.every((daily) => daily !== null) &&
          new Date(endsAt).getTime() > Date.now();
        stopWaiting = atTime(settled ? endsAt : recheckAt(), () => void load());
      },
      () => {
        if (left) return;
        shown = undefined;
        replace(body, h("p", { class: "muted" }, "The daily puzzles are not available."));
        stopWaiting = atTime(recheckAt(), () => void load());
      },
    );
  void load();
  return {
    element,
    cleanup: () => {
      left = true;
      stopWaiting?.();
      for (const cleanup of tileCleanups) cleanup();
    },
  };
}
