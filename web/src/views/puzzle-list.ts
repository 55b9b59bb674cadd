// Puzzles as list items (recent puzzles, a user's puzzles).
import type { Puzzle } from "../api/operations.ts";
import { formatTime, h, link } from "../ui/dom.ts";

export function puzzleKindLabel(puzzle: Pick<Puzzle, "kind" | "rows" | "cols">): string {
  return puzzle.kind === "ROTATION" ? "Rotation Game" : `${puzzle.rows}×${puzzle.cols} sliding`;
}

export function puzzleTitle(puzzle: Pick<Puzzle, "id" | "title">): string {
  return puzzle.title?.trim() || `Puzzle #${puzzle.id}`;
}

export function puzzleItem(puzzle: Puzzle): HTMLLIElement {
  return h(
    "li",
    { class: "puzzle-item", "data-puzzle-id": puzzle.id },
    link(`/puzzles/${puzzle.id}`, puzzleTitle(puzzle)),
    h(
      "span",
      { class: "meta" },
      `${puzzleKindLabel(puzzle)} · by `,
      link(`/users/${encodeURIComponent(puzzle.owner.name)}`, puzzle.owner.name),
      ` · ${formatTime(puzzle.createdAt)}`,
      puzzle.solvable ? "" : h("span", { class: "badge bad" }, "unsolvable"),
    ),
  );
}

export function puzzleList(puzzles: Puzzle[], empty: string): HTMLElement {
  return puzzles.length === 0
    ? h("p", { class: "muted" }, empty)
    : h("ul", { class: "puzzles" }, puzzles.map(puzzleItem));
}
