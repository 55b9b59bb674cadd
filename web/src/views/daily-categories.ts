// The daily puzzles' categories as the page names them: a label, a path segment, and the paths of a
// daily puzzle's page and of the archive.
import type { DailyCategory, DailyPuzzle } from "../api/operations.ts";

export const DAILY_CATEGORIES: readonly DailyCategory[] = ["SLIDING_3X3", "SLIDING_4X4", "ROTATION"];

const LABELS: Record<DailyCategory, string> = {
  SLIDING_3X3: "3×3",
  SLIDING_4X4: "4×4",
  ROTATION: "Rotation Game",
};

const SLUGS: Record<DailyCategory, string> = {
  SLIDING_3X3: "3x3",
  SLIDING_4X4: "4x4",
  ROTATION: "rotation",
};

export function dailyCategoryLabel(category: DailyCategory): string {
  return LABELS[category];
}

/** The category of a path segment (`3x3`, `4x4`, `rotation`), or undefined. */
export function dailyCategoryOfSlug(slug: string): DailyCategory | undefined {
  return DAILY_CATEGORIES.find((category) => SLUGS[category] === slug.toLowerCase());
}

export function dailyPath(daily: Pick<DailyPuzzle, "category" | "date">): string {
  return `/daily/${SLUGS[daily.category]}/${daily.date}`;
}

export function dailyArchivePath(category: DailyCategory): string {
  return `/daily/${SLUGS[category]}`;
}
