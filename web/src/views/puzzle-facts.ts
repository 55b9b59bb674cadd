// What the competition knows about a puzzle, under its title: the proven optimum and its
// percentile, the puzzle's rating, and the optimal solution's moves, or why they are hidden.
import { type PuzzleExtras, puzzleExtras } from "../api/operations.ts";
import { onReconnect } from "../api/subscriptions.ts";
import { h, replace } from "../ui/dom.ts";
import type { Cleanup } from "../ui/router.ts";
import { movesOrReason } from "./hidden-moves.ts";
import { formatPercentile } from "./puzzle-list.ts";
import { formatRating } from "./rating-card.ts";
import { counted } from "../ui/counted.ts";

function facts(extras: PuzzleExtras, solvable: boolean, dailyEndsAt?: string): (HTMLElement | null)[] {
  const { difficulty, rating, optimalSolution } = extras;
  return [
    h(
      "span",
      { class: "badge optimum" },
      difficulty
        ? `optimum ${counted(difficulty.optimalLength, "move")}`
        : solvable
          ? "optimum not proven yet"
          : "unsolvable: no optimum",
    ),
    difficulty?.percentile !== null && difficulty?.percentile !== undefined
      ? h(
          "span",
          { class: "badge percentile" },
          `harder than ${formatPercentile(difficulty.percentile)} of boards this size`,
        )
      : null,
    rating
      ? h("span", { class: "badge", title: `${rating.games} rated games` }, `rating ${formatRating(rating)}`)
      : null,
    optimalSolution
      ? h(
          "div",
          { class: "optimal-moves" },
          h("span", { class: "label" }, "Optimal solution: "),
          movesOrReason(
            optimalSolution.moves,
            dailyEndsAt !== undefined && new Date(dailyEndsAt).getTime() > Date.now(),
          ),
        )
      : null,
  ];
}

/**
 * `refresh` reloads them (after a submission or an optimal solve); they reload by themselves after
 * signing in or out (the optimal moves are shown or hidden by who asks) and after a reconnection.
 */
export function puzzleFacts(
  puzzleId: string,
  options: {
    solvable?: boolean;
    /** The puzzle is a daily whose day runs until then: the hidden moves' reason is the day. */
    dailyEndsAt?: string;
    /** Hears each answer drawn (the viewer's own best submission is in it). */
    onLoaded?: (extras: PuzzleExtras) => void;
  } = {},
): { element: HTMLElement; refresh(): void; cleanup: Cleanup } {
  const { solvable = true, dailyEndsAt, onLoaded } = options;
  const element = h("div", { class: "puzzle-facts", "data-testid": "puzzle-facts" });
  let latest = 0;
  const refresh = () => {
    // Only the last request's answer is drawn: an earlier one may be another user's view.
    const mine = ++latest;
    void puzzleExtras(puzzleId).then(
      (extras) => {
        if (mine !== latest || !extras) return;
        replace(element, facts(extras, solvable, dailyEndsAt));
        onLoaded?.(extras);
      },
      () => undefined,
    );
  };
  refresh();
  return { element, refresh, cleanup: onReconnect(refresh) };
}
