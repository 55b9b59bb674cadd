// A user's page: their stats and rating (with its history), their puzzles and latest submissions.
import { userPage } from "../api/operations.ts";
import { onReconnect } from "../api/subscriptions.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { View } from "../ui/router.ts";
import { boardThumbnail } from "../ui/thumbnail.ts";
import { movesOrReason } from "./hidden-moves.ts";
import { notFoundCard } from "./not-found.ts";
import { puzzleList, puzzleTitle } from "./puzzle-list.ts";
import { ratingCard } from "./rating-card.ts";
import { runningDailies } from "./running-dailies.ts";
import { counted } from "../ui/counted.ts";

export const userView: View = (outlet, { name }) => {
  const message = createMessage();
  const page = h("div", { class: "user-page" }, h("p", { class: "muted" }, "Loading…"));
  outlet.append(message.element, page);
  let left = false;
  let latest = 0;
  // Fetched again after signing in or out (whose moves the viewer may see changes) and after a
  // reconnection; only the last request's answer is drawn.
  const load = () => {
    const mine = ++latest;
    Promise.all([userPage(name), runningDailies()]).then(
      ([user, dailies]) => {
        // The visitor went elsewhere meanwhile (leave that page's title alone), or a newer request runs.
        if (left || mine !== latest) return;
        message.clear();
        if (user === null) {
          replace(
            page,
            notFoundCard(
              "No such player",
              `Nobody is called “${name}”.`,
              link("/solvers", "See the top solvers"),
            ),
          );
          return;
        }
        document.title = `${user.name} · Puzzles`;
        const stats = user.stats;
        // "1 submission", "2 submissions": the label follows the count, as counted() does elsewhere.
        const stat = (value: number | undefined, one: string, many: string) =>
          h(
            "div",
            { class: "stat" },
            h("strong", {}, value === undefined ? "—" : String(value)),
            h("span", {}, value === 1 ? one : many),
          );
        replace(
          page,
          h(
            "div",
            { class: "columns" },
            h(
              "section",
              { class: "card" },
              h("h1", {}, user.name),
              h("p", { class: "muted" }, `Joined ${formatTime(user.createdAt)}`),
              h(
                "div",
                { class: "stat-row" },
                stat(stats?.submissions, "submission", "submissions"),
                stat(stats?.optimalSolutions, "optimal solution", "optimal solutions"),
                stat(stats?.puzzlesCreated, "puzzle created", "puzzles created"),
              ),
            ),
            ratingCard(user.name, user.rating),
          ),
          h(
            "div",
            { class: "columns" },
            h(
              "section",
              { class: "card" },
              h("h2", {}, "Puzzles"),
              puzzleList(user.puzzles, "No puzzles yet."),
              user.puzzles.length > 0
                ? link(`/puzzles?owner=${encodeURIComponent(user.name)}`, `All of ${user.name}'s puzzles →`)
                : null,
            ),
            h(
              "section",
              { class: "card" },
              h("h2", {}, "Latest submissions"),
              user.submissions.length === 0
                ? h("p", { class: "muted" }, "No submissions yet.")
                : h(
                    "ul",
                    { class: "puzzles submissions" },
                    user.submissions.map((s) =>
                      h(
                        "li",
                        { class: "puzzle-item", "data-submission-id": s.id },
                        link(`/puzzles/${s.puzzle.id}`, boardThumbnail(s.puzzle)),
                        h(
                          "div",
                          { class: "puzzle-text" },
                          link(`/puzzles/${s.puzzle.id}`, puzzleTitle(s.puzzle)),
                          h(
                            "span",
                            { class: "meta" },
                            `${counted(s.length, "move")}${s.optimal === true ? " · optimal ✓" : ""}` +
                              `${s.puzzle.difficulty ? ` · optimum ${s.puzzle.difficulty.optimalLength}` : ""}` +
                              ` · ${formatTime(s.createdAt)}`,
                          ),
                          h("span", { class: "meta" }, movesOrReason(s.moves, dailies.has(s.puzzle.id))),
                        ),
                      ),
                    ),
                  ),
            ),
          ),
        );
      },
      (error) => {
        if (left || mine !== latest) return;
        replace(page);
        message.error(error);
      },
    );
  };
  load();
  const stopReconnect = onReconnect(load);
  return () => {
    left = true;
    stopReconnect();
  };
};
