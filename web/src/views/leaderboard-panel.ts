// A puzzle's leaderboard: one row per player (their best), ranked by length; refreshed live whenever
// leaderboardChanged reports a new best entry or that the board's optimum was proven (every entry's
// ✓ changed); the refetch keeps ranks, ties and the optimal marks exact.
import {
  leaderboard,
  onLeaderboardChanged,
  type Leaderboard,
  type LeaderboardEntry,
} from "../api/operations.ts";
import { currentSession } from "../api/session.ts";
import { isLiveGiveUp, onReconnect } from "../api/subscriptions.ts";
import { createAnnouncer } from "../ui/announcer.ts";
import { coalesced } from "../ui/coalesced.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { focusFirst } from "../ui/focus.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup } from "../ui/router.ts";
import { counted } from "../ui/counted.ts";

const ANNOUNCE_MS = 15_000;

function optimalMark(optimal: boolean | null): string {
  return optimal === true ? "✓" : optimal === false ? "" : "?";
}

/**
 * The entries, or why there are none: nobody has submitted yet, nobody can (an unsolvable puzzle), or,
 * for a day ranking whose day is over (`dayOver`), nobody played on the day, and nobody can now.
 */
function table(board: Leaderboard, solvable: boolean, dayOver: boolean): HTMLElement {
  if (board.entries.length === 0)
    return h(
      "p",
      { class: "muted", "data-testid": "leaderboard-empty" },
      !solvable
        ? "No submissions: nobody can solve this puzzle."
        : dayOver
          ? "Nobody played on the day."
          : "No submissions yet: solve it and be first.",
    );
  const me = currentSession()?.name;
  const row = (entry: LeaderboardEntry) =>
    h(
      "tr",
      { class: entry.user.name === me ? "mine" : null },
      h("td", {}, String(entry.rank)),
      h("td", {}, link(`/users/${encodeURIComponent(entry.user.name)}`, entry.user.name)),
      h("td", {}, String(entry.length)),
      h("td", {}, optimalMark(entry.optimal)),
      h("td", { class: "when" }, formatTime(entry.submittedAt)),
    );
  // A board read in part (its first page) that stops before the viewer: their own row under a gap.
  const best = board.viewerBest;
  const own =
    me !== undefined && best && !board.entries.some((entry) => entry.user.name === me)
      ? [
          h("tr", { class: "gap", "aria-hidden": "true" }, h("td", { colspan: 5 }, "…")),
          row({
            rank: best.rank,
            user: { name: me },
            length: best.length,
            optimal: best.optimal ?? null,
            submittedAt: best.createdAt,
          }),
        ]
      : [];
  return h(
    "table",
    { class: "leaderboard" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "Rank"),
        h("th", {}, "Player"),
        h("th", {}, "Moves"),
        h("th", { title: "equals the proven optimum" }, "Optimal"),
        h("th", { class: "when" }, "When"),
      ),
    ),
    h("tbody", {}, board.entries.map(row), own),
  );
}

/** Under a board read in part: how much of it is shown (before, the rest was left out silently). */
function partNote(board: Leaderboard): HTMLElement | null {
  const shown = board.entries.length;
  if (shown === 0 || shown >= board.totalEntries) return null;
  return h(
    "p",
    { class: "muted small", "data-testid": "leaderboard-part" },
    `The first ${shown} of ${counted(board.totalEntries, "player")}.`,
  );
}

export interface LeaderboardPanelOptions {
  /**
   * Hears each leaderboardChanged event: a new best entry (the viewer may now see the moves) or a proven
   * optimum (the page's facts and the player's verdict refresh).
   */
  readonly onChange?: () => void;
  /** Hears each board fetched (the first, and every refetch: live changes, reconnections). */
  readonly onLoaded?: (board: Leaderboard) => void;
  /** False for a puzzle nobody can solve: its empty board does not invite anyone to. */
  readonly solvable?: boolean;
  /**
   * Reads the board (default: the puzzle's `leaderboard`, every entry). A daily puzzle's page reads its
   * day ranking instead; the players it leaves out (`afterTheDay`) are counted under the table, with a
   * link to the puzzle's all-time board.
   */
  readonly read?: () => Promise<Leaderboard>;
  /**
   * A day ranking: whether its day is over (asked at each draw). An empty one then says nobody played
   * on the day (nobody can join it any more), not "be first".
   */
  readonly dayOver?: () => boolean;
}

/**
 * Under a day ranking: how many played only after the day, and where they are ranked ("1 more player"
 * beside day players, "1 player" when the day had none).
 */
function afterTheDayNote(
  puzzleId: string,
  players: number | undefined,
  dayPlayers: number,
): HTMLElement | null {
  if (players === undefined || players <= 0) return null;
  return h(
    "p",
    { class: "muted small", "data-testid": "after-the-day" },
    `${counted(players, dayPlayers > 0 ? "more player" : "player")} submitted only after the day, when its ` +
      "optimal moves were public: not ranked here. ",
    link(`/puzzles/${puzzleId}`, "All-time leaderboard"),
  );
}

export function leaderboardPanel(
  puzzleId: string,
  {
    onChange,
    onLoaded,
    solvable = true,
    read = () => leaderboard(puzzleId, 50),
    dayOver = () => false,
  }: LeaderboardPanelOptions = {},
): {
  element: HTMLElement;
  reload(): void;
  cleanup: Cleanup;
} {
  const summary = h("p", { class: "muted small" });
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const message = createMessage();
  // Live changes are read out politely, at most every 15 s (a busy puzzle's board changes often).
  const announcer = createAnnouncer(ANNOUNCE_MS);
  const heading = h("h2", {}, "Leaderboard");
  const element = h(
    "section",
    { class: "card board-list" },
    heading,
    summary,
    message.element,
    body,
    announcer.element,
  );
  let loaded = false;
  // Refetches, coalescing bursts of events into at most one extra request.
  const load = coalesced(async () => {
    try {
      const board = await read();
      message.clear();
      const players = counted(board.totalEntries, "player");
      summary.textContent = `${players} · optimum: ${board.optimalLength ?? (solvable ? "not known yet" : "none (unsolvable)")}`;
      // A redraw must not drop the keyboard focus: back to the same player's link, else the link now at
      // the same row, else the heading; and not scroll the page.
      const active = document.activeElement;
      const links = [...body.querySelectorAll("a")];
      const index = active instanceof HTMLAnchorElement ? links.indexOf(active) : -1;
      const focusedName = index >= 0 ? active?.textContent : undefined;
      const before = body.textContent;
      replace(
        body,
        table(board, solvable, dayOver()),
        partNote(board),
        afterTheDayNote(puzzleId, board.afterTheDay, board.totalEntries),
      );
      if (index >= 0) {
        const now = [...body.querySelectorAll("a")];
        const same = now.find((a) => a.textContent === focusedName);
        focusFirst(same, now[Math.min(index, now.length - 1)], heading, { preventScroll: true });
      }
      // A refetch that changed nothing (after a reconnection, say) is not read out.
      if (loaded && body.textContent !== before) {
        const me = currentSession()?.name;
        const mine = board.entries.find((entry) => entry.user.name === me) ?? board.viewerBest;
        announcer.progress(
          `Leaderboard updated: ${summary.textContent}${mine ? `; you are rank ${mine.rank}` : ""}.`,
        );
      }
      loaded = true;
      onLoaded?.(board);
    } catch (error) {
      message.error(error);
    }
  });

  void load();
  const stop = onLeaderboardChanged(puzzleId, {
    next: () => {
      void load();
      onChange?.();
    },
    // A lost connection is the page's status line's to report, once, not each panel's.
    error: (error) => {
      if (!isLiveGiveUp(error)) message.error(error);
    },
  });
  // Entries submitted while the live connection was down sent events nobody heard.
  const stopReconnect = onReconnect(() => void load());
  return {
    element,
    reload: () => void load(),
    cleanup: () => {
      stop();
      stopReconnect();
    },
  };
}
