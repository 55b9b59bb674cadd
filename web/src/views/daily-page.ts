// A daily puzzle's page (`/daily/3x3/2026-12-03`): its facts (optimum, players, time left), the play
// panel (hints and analyses locked while the day runs) and its leaderboard; once the day has ended,
// the optimal search too (in place of the "While the day runs" notice when the day ends with the page
// open).
import { dailyLeaderboard, dailyPuzzle, dayEntryOf, type DailyPuzzle } from "../api/operations.ts";
import { currentSession } from "../api/session.ts";
import { specOf } from "../puzzle/game.ts";
import { h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup, View } from "../ui/router.ts";
import { atTime, tickTimeLeft } from "../ui/time-left.ts";
import { dailyArchivePath, dailyCategoryLabel, dailyCategoryOfSlug } from "./daily-categories.ts";
import { leaderboardPanel } from "./leaderboard-panel.ts";
import { notFoundCard } from "./not-found.ts";
import { goalPreview, playPanel } from "./play-panel.ts";
import { solvePanel } from "./solve-panel.ts";
import { counted } from "../ui/counted.ts";

/** The facts line; `setPlayers` updates its player count. */
function facts(
  daily: DailyPuzzle,
  cleanups: Cleanup[],
): { element: HTMLElement; setPlayers(n: number): void } {
  const left = h("span", { class: "time-left" });
  if (daily.running) cleanups.push(tickTimeLeft(left, daily.endsAt));
  else left.textContent = "the day has ended";
  const players = h(
    "span",
    { class: "players", "data-testid": "daily-players" },
    counted(daily.players, "player"),
  );
  return {
    element: h(
      "p",
      { class: "daily-facts", "data-testid": "daily-facts" },
      h(
        "span",
        {},
        daily.optimalLength === null ? "optimum unknown" : `optimum ${counted(daily.optimalLength, "move")}`,
      ),
      players,
      left,
    ),
    setPlayers: (n) => {
      players.textContent = counted(n, "player");
    },
  };
}

/**
 * The optimal search panel (`search()`), or, while a daily's day runs until `dailyEndsAt` by the page's
 * clock, the "While the day runs" notice (with `more` after its text), which gives way to the search
 * in place when the day ends: the board being played is kept. A day the server still runs but whose
 * end the page's clock has passed gets the search at once (the server's refusal says to wait).
 */
export function searchOrDayNotice(
  dailyEndsAt: string | undefined,
  search: () => HTMLElement,
  cleanups: Cleanup[],
  more?: HTMLElement,
): HTMLElement {
  if (dailyEndsAt === undefined || new Date(dailyEndsAt).getTime() <= Date.now()) return search();
  const notice = h(
    "section",
    { class: "card notice", "data-testid": "daily-notice" },
    h("h2", {}, "While the day runs"),
    h(
      "p",
      { class: "small" },
      "Nobody sees anyone else's moves, and hints, analyses and the optimal search are closed until " +
        "midnight UTC. Lengths and ranks are public.",
    ),
    more,
  );
  // By the page's clock, as the hint button and the time left.
  cleanups.push(atTime(dailyEndsAt, () => notice.replaceWith(search())));
  return notice;
}

function render(daily: DailyPuzzle, cleanups: Cleanup[]): HTMLElement[] {
  const spec = specOf(daily.puzzle);
  const play = playPanel(daily.puzzle.id, spec, daily.puzzle.solvable, {
    dailyEndsAt: daily.running ? daily.endsAt : undefined,
    dayEndsAt: daily.endsAt,
    // A submission after the day: the player's entry from the day, if any, stays in the day ranking.
    dayEntry: async () => {
      const name = currentSession()?.name;
      return name === undefined ? undefined : dayEntryOf(daily.category, daily.date, name);
    },
  });
  const head = facts(daily, cleanups);
  // The board is the day's ranking: submissions made before the day's end, so none made later (the
  // optimal moves public) pushes a day player down. The player count stays live: a player is one
  // entry of it (their first submission of the day makes it, and leaderboardChanged reports it), so
  // each refetch of the board carries the new count, as DailyPuzzle.players counts it.
  const board = leaderboardPanel(daily.puzzle.id, {
    onLoaded: (fetched) => head.setPlayers(fetched.totalEntries),
    read: () => dailyLeaderboard(daily.category, daily.date, 50),
    dayOver: () => !daily.running || Date.now() >= Date.parse(daily.endsAt),
  });
  cleanups.push(play.cleanup, board.cleanup);
  // An empty day ranking stops inviting players when the day ends with the page open.
  if (daily.running) cleanups.push(atTime(daily.endsAt, () => board.reload()));
  const side: HTMLElement[] = [
    searchOrDayNotice(
      daily.running ? daily.endsAt : undefined,
      () => {
        const solve = solvePanel(daily.puzzle.id, spec, (result) => result.optimal && board.reload());
        cleanups.push(solve.cleanup);
        return solve.element;
      },
      cleanups,
    ),
    board.element,
  ];
  return [
    h(
      "header",
      { class: "puzzle-head" },
      h(
        "div",
        {},
        h("h1", {}, `Daily ${dailyCategoryLabel(daily.category)} · ${daily.date}`),
        head.element,
        h("p", { class: "small" }, link(dailyArchivePath(daily.category), "Past days")),
      ),
      goalPreview(spec),
    ),
    h("div", { class: "columns" }, play.element, h("div", { class: "stack" }, side)),
  ];
}

/**
 * Why there is no daily of `date`, by the page's clock: a past day had none (before the platform's
 * first daily, say), today's is being prepared (a 4x4's optimum is proven first), a day to come has
 * not begun.
 */
function noDaily(label: string, date: string): string {
  const today = new Date().toISOString().slice(0, 10);
  if (date < today) return `There was no ${label} daily puzzle on ${date}.`;
  if (date === today) return `Today's ${label} daily puzzle is being prepared: try again in a few minutes.`;
  return `The ${label} daily puzzle of ${date} comes out that day.`;
}

/** Whether `date` is a real day written YYYY-MM-DD (not 2026-13-45, not 2026-02-30). */
function isDay(date: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) return false;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === date;
}

export const dailyPageView: View = (outlet, { category: slug, date }) => {
  const message = createMessage();
  const page = h("div", { class: "puzzle-page daily-page" }, h("p", { class: "muted" }, "Loading…"));
  outlet.append(message.element, page);
  const cleanups: Cleanup[] = [];
  let left = false;
  const category = dailyCategoryOfSlug(slug);
  if (category === undefined) {
    replace(
      page,
      notFoundCard(
        "No such daily puzzle",
        `There is no daily "${slug}". The categories are 3x3, 4x4 and rotation.`,
        link("/daily", "See the past days"),
      ),
    );
    return;
  }
  const label = dailyCategoryLabel(category);
  const pastDays = () => link(dailyArchivePath(category), "See the past days");
  // A date that names no day is a bad address, not a question for the API (whose answer is an error).
  if (!isDay(date)) {
    replace(
      page,
      notFoundCard(
        "No such daily puzzle",
        `“${date}” is not a day: a daily puzzle's address ends with its date, such as ` +
          `${dailyArchivePath(category)}/${new Date().toISOString().slice(0, 10)}.`,
        pastDays(),
      ),
    );
    return;
  }
  dailyPuzzle(category, date).then(
    (daily) => {
      if (left) return;
      if (daily === null) {
        replace(page, notFoundCard("No daily puzzle here", noDaily(label, date), pastDays()));
        return;
      }
      document.title = `Daily ${dailyCategoryLabel(daily.category)} ${daily.date} · Puzzles`;
      replace(page, ...render(daily, cleanups));
    },
    (error) => {
      replace(page);
      message.error(error);
    },
  );
  return () => {
    left = true;
    document.title = "Puzzles";
    for (const cleanup of cleanups) cleanup();
  };
};
