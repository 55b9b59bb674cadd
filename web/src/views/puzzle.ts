// A puzzle's page: play it, watch the optimal search, and its leaderboard. A puzzle that is today's
// running daily is locked here as on its daily page (no hints, no search until the day ends).
import { ApiError } from "../api/errors.ts";
import { getPuzzle } from "../api/operations.ts";
import { currentSession } from "../api/session.ts";
import { specOf } from "../puzzle/game.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup, View } from "../ui/router.ts";
import { searchOrDayNotice } from "./daily-page.ts";
import { dailyCategoryLabel, dailyPath } from "./daily-categories.ts";
import { leaderboardPanel } from "./leaderboard-panel.ts";
import { notFoundCard } from "./not-found.ts";
import { puzzleFacts } from "./puzzle-facts.ts";
import { goalPreview, playPanel } from "./play-panel.ts";
import { puzzleKindLabel, puzzleTitle } from "./puzzle-list.ts";
import { runningDailies } from "./running-dailies.ts";
import { solvePanel } from "./solve-panel.ts";
import { unratedNotes } from "./unrated-note.ts";

function noSuchPuzzle(id: string): HTMLElement {
  return notFoundCard("No such puzzle", `There is no puzzle #${id}.`, link("/puzzles", "See all puzzles"));
}

export const puzzleView: View = (outlet, { id }) => {
  const message = createMessage();
  const page = h("div", { class: "puzzle-page" }, h("p", { class: "muted" }, "Loading…"));
  outlet.append(message.element, page);
  const cleanups: Cleanup[] = [];
  let left = false;

  Promise.all([getPuzzle(id), runningDailies()]).then(
    ([puzzle, dailies]) => {
      if (left) return;
      if (puzzle === null) {
        replace(page, noSuchPuzzle(id));
        return;
      }
      const spec = specOf(puzzle);
      const daily = dailies.get(puzzle.id);
      const dailyEndsAt = daily?.endsAt;
      // Hints and the solver count only before the player's first submission (its facts say if there is one).
      const notes = unratedNotes();
      const facts = puzzleFacts(puzzle.id, {
        solvable: puzzle.solvable,
        dailyEndsAt,
        onLoaded: (extras) => notes.show(currentSession() !== undefined && !extras.myBest),
      });
      // The leaderboard event of a submission can come before the server knows the optimum (it asks
      // for it next): once the submission is accepted, the board and facts are fetched again.
      const play = playPanel(puzzle.id, spec, puzzle.solvable, {
        dailyEndsAt,
        // Locked while the day runs: a note on what using it does would only confuse.
        hintNote: daily ? undefined : notes.hint,
        onSubmitted: () => {
          board.reload();
          facts.refresh();
        },
      });
      const board = leaderboardPanel(puzzle.id, {
        onChange: facts.refresh,
        onLoaded: (fetched) => play.learnOptimum(fetched.optimalLength),
        solvable: puzzle.solvable,
      });
      // An optimal solve makes the leaderboard's optimum (and its optimal marks) known.
      const solve = searchOrDayNotice(
        dailyEndsAt,
        () => {
          const panel = solvePanel(
            puzzle.id,
            spec,
            (result) => {
              if (!result.optimal) return;
              board.reload();
              facts.refresh();
            },
            notes.solve,
          );
          cleanups.push(panel.cleanup);
          return panel.element;
        },
        cleanups,
        daily &&
          h(
            "p",
            { class: "small" },
            `This is today's ${dailyCategoryLabel(daily.category)} daily puzzle: `,
            link(dailyPath(daily), "play it on its daily page"),
            ".",
          ),
      );
      cleanups.push(play.cleanup, board.cleanup, facts.cleanup);
      document.title = `${puzzleTitle(puzzle)} · Puzzles`;
      replace(
        page,
        h(
          "header",
          { class: "puzzle-head" },
          h(
            "div",
            {},
            h("h1", {}, puzzleTitle(puzzle)),
            h(
              "p",
              { class: "muted" },
              `${puzzleKindLabel(puzzle)} · by `,
              link(`/users/${encodeURIComponent(puzzle.owner.name)}`, puzzle.owner.name),
              ` · ${formatTime(puzzle.createdAt)}`,
            ),
            facts.element,
          ),
          goalPreview(spec),
        ),
        h("div", { class: "columns" }, play.element, h("div", { class: "stack" }, solve, board.element)),
      );
    },
    (error) => {
      // An id the API refuses (beyond its range: the router only lets decimal numbers through).
      if (error instanceof ApiError && error.code === "BAD_USER_INPUT") {
        replace(page, noSuchPuzzle(id));
        return;
      }
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
