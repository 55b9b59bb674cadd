// A hint or a Solve before a player's first submission on a board makes their game there unrated
// (docs/competition.md, "Solves are under the rule too"): the page says so beside both, before anyone
// uses them. The API does not say whether a given submission's game was unrated, so the verdict cannot.
import { h } from "../ui/dom.ts";

const UNRATED_NOTE =
  "Using a hint or the solver makes your game on this puzzle unrated: your rating won't change.";

export interface UnratedNotes {
  /** For the play panel, beside Hint. */
  readonly hint: HTMLElement;
  /** For the solve panel, beside Find the optimal solution. */
  readonly solve: HTMLElement;
  /** Shown to a signed-in player with no submission on the puzzle yet: afterwards neither counts. */
  show(shown: boolean): void;
}

export function unratedNotes(): UnratedNotes {
  const note = () =>
    h("p", { class: "small muted unrated-note", "data-testid": "unrated-note", hidden: true }, UNRATED_NOTE);
  const hint = note();
  const solve = note();
  return {
    hint,
    solve,
    show(shown) {
      hint.hidden = !shown;
      solve.hidden = !shown;
    },
  };
}
