// Puzzles as list items (front page, the puzzle list, a user's puzzles): a thumbnail of the start
// position, the title, and what is known of its difficulty (the proven optimum and its percentile).
import type { ListedPuzzle, Puzzle } from "../api/operations.ts";
import { formatTime, h, link } from "../ui/dom.ts";
import { boardThumbnail } from "../ui/thumbnail.ts";

export function puzzleKindLabel(puzzle: Pick<Puzzle, "kind" | "rows" | "cols">): string {
  return puzzle.kind === "ROTATION" ? "Rotation Game" : `${puzzle.rows}×${puzzle.cols} sliding`;
}

export function puzzleTitle(puzzle: Pick<Puzzle, "id" | "title">): string {
  return puzzle.title?.trim() || `Puzzle #${puzzle.id}`;
}

/** "harder than 93% of 3×3 boards" rounds so that the hardest boards never read as 100%. */
export function formatPercentile(percentile: number): string {
  if (percentile > 0 && percentile < 1) return "<1%";
  if (percentile >= 99) return `${Math.min(percentile, 99.99).toFixed(2).replace(/0$/, "")}%`;
  return `${Math.floor(percentile)}%`;
}

/** The optimum and difficulty badges; "optimum unknown" while no optimal solve exists. */
function difficultyBadges(puzzle: ListedPuzzle): HTMLElement {
  const difficulty = puzzle.difficulty;
  if (!puzzle.solvable) return h("span", { class: "difficulty" });
  return h(
    "span",
    { class: "difficulty" },
    difficulty
      ? h(
          "span",
          { class: "badge optimum", title: "proven optimal number of moves" },
          `optimum ${difficulty.optimalLength}`,
        )
      : h("span", { class: "badge unknown", title: "nobody has proven the optimum yet" }, "optimum unknown"),
    difficulty?.percentile !== null && difficulty?.percentile !== undefined
      ? h(
          "span",
          {
            class: "badge percentile",
            title: "share of all boards of this size with a shorter optimal solution",
          },
          `harder than ${formatPercentile(difficulty.percentile)}`,
        )
      : null,
  );
}

export function puzzleItem(puzzle: ListedPuzzle): HTMLLIElement {
  return h(
    "li",
    { class: "puzzle-item", "data-puzzle-id": puzzle.id },
    link(`/puzzles/${puzzle.id}`, boardThumbnail(puzzle)),
    h(
      "div",
      { class: "puzzle-text" },
      link(`/puzzles/${puzzle.id}`, puzzleTitle(puzzle)),
      h(
        "span",
        { class: "meta" },
        `${puzzleKindLabel(puzzle)} · by `,
        link(`/users/${encodeURIComponent(puzzle.owner.name)}`, puzzle.owner.name),
        ` · ${formatTime(puzzle.createdAt)}`,
      ),
      h(
        "span",
        { class: "meta" },
        difficultyBadges(puzzle),
        puzzle.solvable ? "" : h("span", { class: "badge bad" }, "unsolvable"),
      ),
    ),
  );
}

export function puzzleList(puzzles: ListedPuzzle[], empty: string): HTMLElement {
  return puzzles.length === 0
    ? h("p", { class: "muted" }, empty)
    : h("ul", { class: "puzzles" }, puzzles.map(puzzleItem));
}
