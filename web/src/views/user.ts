// A user's page: their stats, puzzles and latest submissions.
import { userPage } from "../api/operations.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { View } from "../ui/router.ts";
import { puzzleList } from "./puzzle-list.ts";

export const userView: View = (outlet, { name }) => {
  const message = createMessage();
  const page = h("div", { class: "user-page" }, h("p", { class: "muted" }, "Loading…"));
  outlet.append(message.element, page);
  userPage(name).then(
    (user) => {
      if (user === null) {
        replace(page, h("h1", {}, "No such player"), h("p", {}, `Nobody is called “${name}”.`));
        return;
      }
      const stats = user.stats;
      const stat = (label: string, value: number | undefined) =>
        h(
          "div",
          { class: "stat" },
          h("strong", {}, value === undefined ? "—" : String(value)),
          h("span", {}, label),
        );
      replace(
        page,
        h(
          "section",
          { class: "card" },
          h("h1", {}, user.name),
          h("p", { class: "muted" }, `Joined ${formatTime(user.createdAt)}`),
          h(
            "div",
            { class: "stat-row" },
            stat("submissions", stats?.submissions),
            stat("optimal solutions", stats?.optimalSolutions),
            stat("puzzles created", stats?.puzzlesCreated),
          ),
        ),
        h(
          "div",
          { class: "columns" },
          h(
            "section",
            { class: "card" },
            h("h2", {}, "Puzzles"),
            puzzleList(user.puzzles, "No puzzles yet."),
          ),
          h(
            "section",
            { class: "card" },
            h("h2", {}, "Latest submissions"),
            user.submissions.length === 0
              ? h("p", { class: "muted" }, "No submissions yet.")
              : h(
                  "ul",
                  { class: "puzzles" },
                  user.submissions.map((s) =>
                    h(
                      "li",
                      {},
                      link(`/puzzles/${s.puzzle.id}`, s.puzzle.title?.trim() || `Puzzle #${s.puzzle.id}`),
                      h(
                        "span",
                        { class: "meta" },
                        `${s.length} moves${s.optimal === true ? " · optimal ✓" : ""} · ${formatTime(s.createdAt)}`,
                      ),
                    ),
                  ),
                ),
          ),
        ),
      );
    },
    (error) => {
      replace(page);
      message.error(error);
    },
  );
};
