// The players' ranking as a table: by optimal solutions (the default) or by Glicko-2 rating.
import type { SolverOrder, SolverRanking } from "../api/operations.ts";
import { h, link } from "../ui/dom.ts";
import { formatRating } from "./rating-card.ts";

export function solverTable(ranking: SolverRanking[], order: SolverOrder): HTMLElement {
  if (ranking.length === 0)
    return h(
      "p",
      { class: "muted" },
      order === "RATING"
        ? "Nobody has a rating yet: ratings come from first submissions on puzzles with a proven optimum."
        : "Nobody has solved a puzzle yet.",
    );
  const byRating = order === "RATING";
  return h(
    "table",
    { class: "solvers", "data-order": order },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "#"),
        h("th", {}, "Player"),
        byRating ? h("th", {}, "Rating") : null,
        h("th", {}, "Optimal"),
        h("th", {}, "Solved"),
      ),
    ),
    h(
      "tbody",
      {},
      ranking.map((row) =>
        h(
          "tr",
          {},
          h("td", {}, String(row.rank)),
          h("td", {}, link(`/users/${encodeURIComponent(row.user.name)}`, row.user.name)),
          byRating
            ? h("td", { class: "rating" }, row.user.rating ? formatRating(row.user.rating) : "—")
            : null,
          h("td", {}, String(row.optimalSolutions)),
          h("td", {}, String(row.puzzlesSolved)),
        ),
      ),
    ),
  );
}
