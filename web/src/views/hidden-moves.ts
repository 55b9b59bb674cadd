// The spoiler rule on the page (docs/competition.md): where the API hides someone's moves, say why
// instead of showing nothing.
import { currentSession } from "../api/session.ts";
import { h } from "../ui/dom.ts";

const HIDDEN_MOVES_REASON = "Submit an optimal solution to see others' moves.";
/** While a daily's day runs nobody sees them, optimal solvers included: submitting would not help. */
const DAILY_HIDDEN_MOVES_REASON =
  "Nobody sees others' moves until the daily puzzle's day ends (midnight UTC).";

/**
 * The moves as code, or the reason they are hidden (`moves` null from the API); `dailyRunning`: the
 * puzzle is a daily whose day runs.
 */
export function movesOrReason(moves: string | null | undefined, dailyRunning = false): HTMLElement {
  if (moves !== null && moves !== undefined)
    return moves.length === 0
      ? h("span", { class: "muted" }, "(no moves)")
      : h("code", { class: "moves" }, moves);
  return h(
    "span",
    { class: "hidden-moves", "data-testid": "hidden-moves" },
    "🔒 ",
    dailyRunning
      ? DAILY_HIDDEN_MOVES_REASON
      : currentSession()
        ? HIDDEN_MOVES_REASON
        : `Sign in and ${HIDDEN_MOVES_REASON.charAt(0).toLowerCase()}${HIDDEN_MOVES_REASON.slice(1)}`,
  );
}
