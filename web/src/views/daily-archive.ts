// The daily archive (`/daily/3x3`): a category's published days, newest first, a page at a time
// (cursor pagination: "Older" follows endCursor, "Newer" goes back along the cursors already seen).
// An unknown category (`/daily/9x9`) is said to be one, with links to the real ones.
import { dailyArchive, type DailyCategory, type DailyPage } from "../api/operations.ts";
import { h, link, replace } from "../ui/dom.ts";
import { refocus } from "../ui/focus.ts";
import { createMessage } from "../ui/notice.ts";
import type { View } from "../ui/router.ts";
import {
  DAILY_CATEGORIES,
  dailyArchivePath,
  dailyCategoryLabel,
  dailyCategoryOfSlug,
  dailyPath,
} from "./daily-categories.ts";
import { dailyThumbnail } from "./daily-today.ts";
import { counted } from "../ui/counted.ts";

const PAGE_SIZE = 10;

function tabs(current: DailyCategory | null): HTMLElement {
  return h(
    "nav",
    { class: "segmented daily-tabs", "aria-label": "category" },
    DAILY_CATEGORIES.map((category) =>
      link(
        dailyArchivePath(category),
        h("span", { class: category === current ? "current" : null }, dailyCategoryLabel(category)),
      ),
    ),
  );
}

function list(page: DailyPage): HTMLElement {
  if (page.days.length === 0) return h("p", { class: "muted" }, "No daily puzzles published yet.");
  return h(
    "ul",
    { class: "daily-archive-list" },
    page.days.map((daily) =>
      h(
        "li",
        { class: "daily-day", "data-date": daily.date },
        link(dailyPath(daily), dailyThumbnail(daily)),
        h(
          "div",
          {},
          link(dailyPath(daily), h("strong", {}, daily.date)),
          daily.running ? h("span", { class: "badge" }, "today") : null,
          h(
            "p",
            { class: "small muted" },
            `optimum ${counted(daily.optimalLength, "move")} · ${counted(daily.players, "player")}`,
          ),
        ),
      ),
    ),
  );
}

/** A category the address names but the platform does not have: said, with the real ones to pick. */
function unknownCategory(outlet: HTMLElement, slug: string): void {
  document.title = "No such daily category · Puzzles";
  outlet.append(
    h(
      "section",
      { class: "card daily-archive" },
      h("h1", {}, "No such daily category"),
      h("p", {}, `There is no daily "${slug}". The categories are:`),
      tabs(null),
    ),
  );
}

export const dailyArchiveView: View = (outlet, { category: slug }) => {
  const category = dailyCategoryOfSlug(slug ?? "3x3");
  if (category === undefined) {
    unknownCategory(outlet, slug ?? "");
    return () => {
      document.title = "Puzzles";
    };
  }
  const message = createMessage();
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const newer = h("button", { type: "button" }, "← Newer");
  const older = h("button", { type: "button" }, "Older →");
  const where = h("span", {
    class: "muted small",
    "data-testid": "archive-page",
    role: "status", // "page 2" is read out when the list changes
  });
  // cursors[i] is the `after` of page i (null for the first).
  const cursors: (string | null)[] = [null];
  let index = 0;
  let left = false;

  /** `pressed`: the pager button that asked for this page, which keeps the focus if it can. */
  const load = (pressed?: HTMLButtonElement) => {
    newer.disabled = true;
    older.disabled = true;
    dailyArchive(category, PAGE_SIZE, cursors[index]).then(
      (page) => {
        if (left) return;
        replace(body, list(page));
        cursors[index + 1] = page.hasNextPage ? (page.endCursor ?? null) : null;
        newer.disabled = index === 0;
        older.disabled = !page.hasNextPage;
        where.textContent = `page ${index + 1}`;
        refocus(pressed, pressed === older ? newer : older);
      },
      (error) => {
        replace(body);
        message.error(error);
      },
    );
  };
  newer.addEventListener("click", () => {
    index = Math.max(0, index - 1);
    load(newer);
  });
  older.addEventListener("click", () => {
    index++;
    load(older);
  });

  document.title = `Daily ${dailyCategoryLabel(category)} archive · Puzzles`;
  outlet.append(
    h(
      "section",
      { class: "card daily-archive" },
      h("h1", {}, "Daily puzzles: past days"),
      tabs(category),
      message.element,
      body,
      h("div", { class: "row pager" }, newer, where, older),
    ),
  );
  load();
  return () => {
    left = true;
    document.title = "Puzzles";
  };
};
