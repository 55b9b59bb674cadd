// A player's Glicko-2 rating on their page: value ± deviation, games, and the history as a chart
// with the latest games listed (User.ratingHistory).
import { type RatedGame, ratingHistory } from "../api/operations.ts";
import { h, link, replace } from "../ui/dom.ts";
import { ratingChart, signed } from "../ui/rating-chart.ts";
import { counted } from "../ui/counted.ts";

interface RatingValue {
  readonly value: number;
  readonly deviation: number;
}

/** "1623 ± 87". */
export function formatRating(rating: RatingValue): string {
  return `${Math.round(rating.value)} ± ${Math.round(rating.deviation)}`;
}

function latestGames(games: RatedGame[]): HTMLElement {
  return h(
    "ul",
    { class: "rated-games" },
    games
      .slice(-5)
      .reverse()
      .map((game) =>
        h(
          "li",
          {},
          link(`/puzzles/${game.puzzle.id}`, game.puzzle.title?.trim() || `Puzzle #${game.puzzle.id}`),
          h(
            "span",
            { class: "meta" },
            `${counted(game.length, "move")} (optimum ${game.optimum}) · `,
            h(
              "span",
              { class: game.ratingAfter >= game.ratingBefore ? "delta up" : "delta down" },
              signed(game.ratingAfter - game.ratingBefore),
            ),
          ),
        ),
      ),
  );
}

export function ratingCard(
  name: string,
  rating: (RatingValue & { readonly games: number }) | null | undefined,
): HTMLElement {
  const history = h("div", { class: "rating-history" });
  const element = h(
    "section",
    { class: "card rating-card" },
    h("h2", {}, "Rating"),
    rating
      ? h(
          "p",
          { class: "rating-value" },
          h("strong", { "data-testid": "rating" }, formatRating(rating)),
          h(
            "span",
            { class: "muted" },
            ` after ${rating.games} rated ${rating.games === 1 ? "game" : "games"}`,
          ),
        )
      : h(
          "p",
          { class: "muted", "data-testid": "rating" },
          "No rating yet: a first submission on a puzzle whose optimum is proven is a rated game.",
        ),
    history,
  );
  if (rating) {
    ratingHistory(name).then(
      (games) => games.length > 0 && replace(history, ratingChart(games), latestGames(games)),
      () => replace(history, h("p", { class: "muted" }, "The rating history is not available.")),
    );
  }
  return element;
}
