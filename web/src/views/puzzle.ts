// A puzzle's page: play it, watch the optimal search, and its leaderboard.
import { getPuzzle } from "../api/operations.ts";
import { specOf } from "../puzzle/game.ts";
import { formatTime, h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import type { Cleanup, View } from "../ui/router.ts";
import { leaderboardPanel } from "./leaderboard-panel.ts";
import { puzzleFacts } from "./puzzle-facts.ts";
import { goalPreview, playPanel } from "./play-panel.ts";
import { puzzleKindLabel, puzzleTitle } from "./puzzle-list.ts";
import { solvePanel } from "./solve-panel.ts";

export const puzzleView: View = (outlet, { id }) => {
  const message = createMessage();
  const page = h("div", { class: "puzzle-page" }, h("p", { class: "muted" }, "Loading…"));
  outlet.append(message.element, page);
  const cleanups: Cleanup[] = [];
  let left = false;

  getPuzzle(id).then(
    (puzzle) => {
      if (left) return;
      if (puzzle === null) {
        replace(
          page,
          h("h1", {}, "No such puzzle"),
          h("p", {}, `There is no puzzle #${id}. `, link("/", "See the recent puzzles.")),
        );
        return;
      }
      const spec = specOf(puzzle);
      const facts = puzzleFacts(puzzle.id, puzzle.solvable);
      // The leaderboard event of a submission can come before the server knows the optimum (it asks
      // for it next): once the submission is accepted, the board and facts are fetched again.
      const play = playPanel(puzzle.id, spec, puzzle.solvable, {
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
      const solve = solvePanel(puzzle.id, spec, (result) => {
        if (!result.optimal) return;
        board.reload();
        facts.refresh();
      });
      cleanups.push(play.cleanup, solve.cleanup, board.cleanup, facts.cleanup);
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
        h(
          "div",
          { class: "columns" },
          play.element,
          h("div", { class: "stack" }, solve.element, board.element),
        ),
      );
    },
    (error) => {
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
