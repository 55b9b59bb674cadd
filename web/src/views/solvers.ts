// Top solvers (/solvers): the players' ranking by optimal solutions, or by rating (?by=rating).
import { type SolverOrder, topSolvers } from "../api/operations.ts";
import { h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { View } from "../ui/router.ts";
import { solverTable } from "./solver-table.ts";

export const solversView: View = (outlet) => {
  const order: SolverOrder =
    new URLSearchParams(window.location.search).get("by") === "rating" ? "RATING" : "OPTIMAL_SOLUTIONS";
  const message = createMessage();
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const tab = (label: string, href: string, active: boolean) =>
    link(
      href,
      h("span", { class: active ? "tab active" : "tab", "aria-current": active ? "page" : null }, label),
    );
  document.title = `Top solvers${order === "RATING" ? " by rating" : ""} · Puzzles`;
  outlet.append(
    h(
      "section",
      { class: "card" },
      h("h1", {}, "Top solvers"),
      h(
        "nav",
        { class: "tabs row", "aria-label": "Ranking" },
        tab("By optimal solutions", "/solvers", order === "OPTIMAL_SOLUTIONS"),
        tab("By rating", "/solvers?by=rating", order === "RATING"),
      ),
      order === "RATING"
        ? h(
            "p",
            { class: "muted small" },
            "Glicko-2: each first submission on a puzzle with a proven optimum is a game against the puzzle; " +
              "± is the rating deviation.",
          )
        : null,
      message.element,
      body,
    ),
  );
  let left = false;
  topSolvers(50, order).then(
    (ranking) => !left && replace(body, solverTable(ranking, order)),
    (error) => {
      replace(body);
      message.error(error);
    },
  );
  return () => {
    left = true;
  };
};
