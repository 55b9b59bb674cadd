// The puzzle list's filters and ordering as URL parameters, so a filtered list can be shared and
// reloaded: /puzzles?kind=sliding&size=3x3&optimum=yes&owner=ann&order=hardest&after=<cursor>.
import type { PuzzleFilter, PuzzleOrder } from "../api/operations.ts";

export interface PuzzleQuery {
  readonly kind: "" | "sliding" | "rotation";
  /** "RxC" or "". */
  readonly size: string;
  readonly optimum: "" | "yes" | "no";
  readonly owner: string;
  readonly order: "newest" | "most-played" | "hardest";
  readonly after: string;
}

const ORDERS: Record<PuzzleQuery["order"], PuzzleOrder> = {
  newest: "NEWEST",
  "most-played": "MOST_PLAYED",
  hardest: "HARDEST",
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function parsePuzzleQuery(search: string): PuzzleQuery {
  const params = new URLSearchParams(search);
  const size = params.get("size") ?? "";
  const kind = pick(params.get("kind"), ["", "sliding", "rotation"], "");
  return {
    kind,
    // A Rotation Game board has no size: a size beside it (a hand-made address) is left out.
    size: kind !== "rotation" && /^[2-5]x[2-5]$/.test(size) ? size : "",
    optimum: pick(params.get("optimum"), ["", "yes", "no"], ""),
    owner: (params.get("owner") ?? "").trim(),
    order: pick(params.get("order"), ["newest", "most-played", "hardest"], "newest"),
    after: params.get("after") ?? "",
  };
}

/** The path of this query; default values are left out, so the plain list is just /puzzles. */
export function puzzleQueryPath(query: PuzzleQuery): string {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.size) params.set("size", query.size);
  if (query.optimum) params.set("optimum", query.optimum);
  if (query.owner) params.set("owner", query.owner);
  if (query.order !== "newest") params.set("order", query.order);
  if (query.after) params.set("after", query.after);
  const search = params.toString();
  return search ? `/puzzles?${search}` : "/puzzles";
}

/** The API's filter and ordering for this query (a size implies sliding puzzles). */
export function puzzleQueryVariables(query: PuzzleQuery): { filter: PuzzleFilter; orderBy: PuzzleOrder } {
  const filter: PuzzleFilter = {};
  if (query.kind) filter.kind = query.kind === "sliding" ? "SLIDING" : "ROTATION";
  if (query.size) {
    const [rows, cols] = query.size.split("x").map(Number);
    filter.kind = "SLIDING";
    filter.rows = rows;
    filter.cols = cols;
  }
  if (query.optimum) filter.hasOptimum = query.optimum === "yes";
  if (query.owner) filter.owner = query.owner;
  return { filter, orderBy: ORDERS[query.order] };
}
