// The front page: recent puzzles with their thumbnails (new ones appear live) and the top solvers.
import { onPuzzleCreated, recentPuzzles, topSolvers } from "../api/operations.ts";
import { currentSession, onSessionChange } from "../api/session.ts";
import { h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { View } from "../ui/router.ts";
import { dailyToday } from "./daily-today.ts";
import { puzzleItem, puzzleList } from "./puzzle-list.ts";
import { solverTable } from "./solver-table.ts";

export const homeView: View = (outlet) => {
  const message = createMessage();
  const list = h("div", { class: "recent" }, h("p", { class: "muted" }, "Loading…"));
  const solvers = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const action = h("div", {});
  const drawAction = () =>
    replace(
      action,
      currentSession()
        ? link("/new", h("span", { class: "button primary" }, "Create a puzzle"))
        : // The form is in the header: top right on a wide page, under the navigation on a phone.
          h(
            "p",
            { class: "muted" },
            "Sign up at the top of the page to create puzzles and submit solutions.",
          ),
    );
  drawAction();
  const daily = dailyToday();
  outlet.append(
    h(
      "section",
      { class: "intro card" },
      h("h1", {}, "Sliding puzzles and the Rotation Game"),
      h(
        "p",
        {},
        "Create a puzzle, solve it by hand, race others on its leaderboard, " +
          "and watch the server find the optimal solution live.",
      ),
      action,
    ),
    daily.element,
    h(
      "div",
      { class: "columns" },
      h(
        "section",
        { class: "card" },
        h("h2", {}, "Recent puzzles"),
        message.element,
        list,
        h(
          "p",
          { class: "more" },
          link("/puzzles", "All puzzles, filtered and sorted →"),
          " · ",
          link("/puzzles?order=hardest", "the hardest"),
        ),
      ),
      h(
        "section",
        { class: "card" },
        h("h2", {}, "Top solvers"),
        solvers,
        h("p", { class: "more" }, link("/solvers?by=rating", "Top solvers by rating →")),
      ),
    ),
  );

  recentPuzzles(20).then(
    (puzzles) => replace(list, puzzleList(puzzles, "No puzzles yet: create the first one.")),
    (error) => message.error(error),
  );
  topSolvers(10).then(
    (ranking) => replace(solvers, solverTable(ranking, "OPTIMAL_SOLUTIONS")),
    () => replace(solvers, h("p", { class: "muted" }, "Rankings are not available.")),
  );

  const stopSession = onSessionChange(drawAction);
  const stopFeed = onPuzzleCreated({
    next: (puzzle) => {
      let ul = list.querySelector("ul");
      if (!ul) {
        ul = h("ul", { class: "puzzles" });
        replace(list, ul);
      }
      if (!ul.querySelector(`[data-puzzle-id="${puzzle.id}"]`)) ul.prepend(puzzleItem(puzzle));
    },
    error: () => undefined,
  });
  return () => {
    stopSession();
    stopFeed();
    daily.cleanup();
  };
};
