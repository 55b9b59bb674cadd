// A puzzle's leaderboard: one row per player (their best), ranked by length; refreshed live whenever
// leaderboardChanged reports a new best entry (the refetch keeps ranks and ties exact).
import { leaderboard, onLeaderboardChanged, type Leaderboard } from "../api/operations.ts";
import { currentSession } from "../api/session.ts";
import { onReconnect } from "../api/subscriptions.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup } from "../ui/router.ts";

function optimalMark(optimal: boolean | null): string {
  return optimal === true ? "✓" : optimal === false ? "" : "?";
}

function table(board: Leaderboard): HTMLElement {
  if (board.entries.length === 0)
    return h("p", { class: "muted" }, "No submissions yet: solve it and be first.");
  const me = currentSession()?.name;
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
    h(
      "tbody",
      {},
      board.entries.map((entry) =>
        h(
          "tr",
          { class: entry.user.name === me ? "mine" : null },
          h("td", {}, String(entry.rank)),
          h("td", {}, link(`/users/${encodeURIComponent(entry.user.name)}`, entry.user.name)),
          h("td", {}, String(entry.length)),
          h("td", {}, optimalMark(entry.optimal)),
          h("td", { class: "when" }, formatTime(entry.submittedAt)),
        ),
      ),
    ),
  );
}

/** `onChange` hears each new best entry (the page's facts refresh: the viewer may now see the moves). */
export function leaderboardPanel(
  puzzleId: string,
  onChange?: () => void,
): {
  element: HTMLElement;
  reload(): void;
  cleanup: Cleanup;
} {
  const summary = h("p", { class: "muted small" });
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const message = createMessage();
  const element = h(
    "section",
    { class: "card board-list" },
    h("h2", {}, "Leaderboard"),
    summary,
    message.element,
    body,
  );
  let loading = false;
  let again = false;

  // Refetches, coalescing bursts of events into at most one extra request.
  async function load(): Promise<void> {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const board = await leaderboard(puzzleId, 50);
      message.clear();
      const players = `${board.totalEntries} ${board.totalEntries === 1 ? "player" : "players"}`;
      summary.textContent = `${players} · optimum: ${board.optimalLength ?? "not known yet"}`;
      replace(body, table(board));
    } catch (error) {
      message.error(error);
    } finally {
      loading = false;
      if (again) {
        again = false;
        void load();
      }
    }
  }

  void load();
  const stop = onLeaderboardChanged(puzzleId, {
    next: () => {
      void load();
      onChange?.();
    },
    error: (error) => message.error(error),
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
