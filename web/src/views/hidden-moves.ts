// The spoiler rule on the page (docs/competition.md): where the API hides someone's moves, say why
// instead of showing nothing.
import { currentSession } from "../api/session.ts";
import { h } from "../ui/dom.ts";

const HIDDEN_MOVES_REASON = "Submit an optimal solution to see others' moves.";

/** The moves as code, or the reason they are hidden (`moves` null from the API). */
export function movesOrReason(moves: string | null | undefined): HTMLElement {
  if (moves !== null && moves !== undefined)
    return moves.length === 0
      ? h("span", { class: "muted" }, "(no moves)")
      : h("code", { class: "moves" }, moves);
  return h(
    "span",
    { class: "hidden-moves", "data-testid": "hidden-moves" },
    "🔒 ",
    currentSession()
      ? HIDDEN_MOVES_REASON
      : `Sign in and ${HIDDEN_MOVES_REASON.charAt(0).toLowerCase()}${HIDDEN_MOVES_REASON.slice(1)}`,
  );
}
