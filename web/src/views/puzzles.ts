// The puzzle list (/puzzles): filters (kind, size, optimum known, owner) and orderings (newest, most
// played, hardest), all kept in the URL (puzzle-query.ts), one page at a time.
import { findPuzzles } from "../api/operations.ts";
import { h, link, replace } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";
import { navigate, type View } from "../ui/router.ts";
import { puzzleList } from "./puzzle-list.ts";
import { type PuzzleQuery, parsePuzzleQuery, puzzleQueryPath, puzzleQueryVariables } from "./puzzle-query.ts";

const PAGE_SIZE = 20;
/**
 * Every size a puzzle can be made in (2..5 rows and columns, as the new puzzle page offers), by the
 * longer side, then the shorter: 2×2, 2×3, 3×2, 3×3, 2×4 … 5×5. Before, 2×5, 5×2, 3×5 and 5×3 were
 * missing: their puzzles could not be picked, and /puzzles?size=2x5 showed an empty select.
 */
const SIZES = [2, 3, 4, 5].flatMap((longer) =>
  [2, 3, 4, 5]
    .filter((shorter) => shorter <= longer)
    .flatMap((shorter) =>
      shorter === longer ? [`${shorter}x${longer}`] : [`${shorter}x${longer}`, `${longer}x${shorter}`],
    ),
);

function select(name: string, value: string, options: [string, string][]): HTMLSelectElement {
  const element = h(
    "select",
    { name, "aria-label": name },
    options.map(([option, label]) => h("option", { value: option }, label)),
  );
  element.value = value;
  return element;
}

export const puzzlesView: View = (outlet) => {
  const query = parsePuzzleQuery(window.location.search);
  const message = createMessage();
  const list = h("div", { class: "puzzle-results" }, h("p", { class: "muted" }, "Loading…"));
  const pager = h("nav", { class: "row pager", "aria-label": "Pages" });

  const kind = select("kind", query.kind, [
    ["", "Any kind"],
    ["sliding", "Sliding"],
    ["rotation", "Rotation Game"],
  ]);
  const size = select("size", query.size, [
    ["", "Any size"],
    ...SIZES.map((s): [string, string] => [s, s.replace("x", "×")]),
  ]);
  const optimum = select("optimum", query.optimum, [
    ["", "Optimum known or not"],
    ["yes", "Optimum proven"],
    ["no", "Optimum unknown"],
  ]);
  const order = select("order", query.order, [
    ["newest", "Newest"],
    ["most-played", "Most played"],
    ["hardest", "Hardest"],
  ]);
  const owner = h("input", {
    name: "owner",
    placeholder: "owner's name",
    "aria-label": "owner",
    value: query.owner,
  });
  // Sizes are sliding puzzles' (the API's filter makes a size mean SLIDING): none for the Rotation Game.
  size.disabled = query.kind === "rotation";
  // Any change starts again from the first page of the new list.
  const apply = () =>
    navigate(
      puzzleQueryPath({
        kind: kind.value as PuzzleQuery["kind"],
        size: kind.value === "rotation" ? "" : size.value,
        optimum: optimum.value as PuzzleQuery["optimum"],
        owner: owner.value.trim(),
        order: order.value as PuzzleQuery["order"],
        after: "",
      }),
    );
  for (const control of [kind, size, optimum, order]) control.addEventListener("change", apply);
  const form = h(
    "form",
    { class: "filters row", role: "search" },
    kind,
    size,
    optimum,
    owner,
    h("span", { class: "order" }, "Order ", order),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply();
  });
  owner.addEventListener("change", apply);

  outlet.append(h("section", { class: "card" }, h("h1", {}, "Puzzles"), form, message.element, list, pager));
  document.title = "Puzzles · list";

  let left = false;
  findPuzzles({ first: PAGE_SIZE, after: query.after || null, ...puzzleQueryVariables(query) }).then(
    (page) => {
      if (left) return;
      const empty =
        query.order === "hardest"
          ? "No puzzle matches: the hardest list only holds puzzles with a rated game."
          : "No puzzle matches these filters.";
      replace(list, puzzleList(page.puzzles, empty));
      replace(
        pager,
        query.after ? link(puzzleQueryPath({ ...query, after: "" }), "← First page") : null,
        page.next ? link(puzzleQueryPath({ ...query, after: page.next }), "Next page →") : null,
      );
    },
    (error) => {
      replace(list);
      message.error(error);
    },
  );
  return () => {
    left = true;
    document.title = "Puzzles";
  };
};
