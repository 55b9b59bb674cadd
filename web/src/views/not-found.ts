// What the page says at an address that names nothing: the site's own page (the header stays), a
// heading that says what was not found, why, and a way on, the front page first. The router's
// fallback for paths no route matches (the server answers those 404), and the views whose puzzle,
// player or daily category does not exist.
import { h, link } from "../ui/dom.ts";

/** The card; it also names the tab (`<heading> · Puzzles`). */
export function notFoundCard(heading: string, why: string, ...more: HTMLElement[]): HTMLElement {
  document.title = `${heading} · Puzzles`;
  return h(
    "section",
    { class: "card not-found", "data-testid": "not-found" },
    h("h1", {}, heading),
    h("p", {}, why),
    h("p", { class: "not-found-links" }, link("/", "Go to the front page"), ...more),
  );
}
