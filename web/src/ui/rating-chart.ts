// A player's rating over their rated games, as a small SVG line: one point per game (the rating
// after it), starting from the rating before the first. Games, not dates, on the x axis: ratings
// move per game.
//
// Picking a game: the whole chart is the target, not its 5 px dots (ui/chart-picker.ts): each game's
// target is its column of the chart (88 CSS px for three games on a 360 px phone), and the chart is a
// slider for the keyboard. The caption under it gives the selected game's details.
import type { RatedGame } from "../api/operations.ts";
import { pickAlongX, pickerHint } from "./chart-picker.ts";
import { counted } from "./counted.ts";
import { formatTime, h, link, replace } from "./dom.ts";
import { svg } from "./svg.ts";

const WIDTH = 320;
const HEIGHT = 110;
const PAD = { left: 36, right: 8, top: 8, bottom: 18 };

/** What the chart shows of a game. */
export type RatingPoint = Pick<
  RatedGame,
  "ratingBefore" | "ratingAfter" | "length" | "optimum" | "playedAt" | "puzzle"
>;

/** A rating change: "+28", "−12", "±0". */
export function signed(delta: number): string {
  const rounded = Math.round(delta);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : "±0";
}

/** The details of the `index`th game of `count`, its title a link to the puzzle. */
function details(game: RatingPoint, index: number, count: number): (string | HTMLElement)[] {
  const before = Math.round(game.ratingBefore);
  const after = Math.round(game.ratingAfter);
  return [
    `Game ${index} of ${count}: `,
    link(`/puzzles/${game.puzzle.id}`, game.puzzle.title?.trim() || `Puzzle #${game.puzzle.id}`),
    ` · ${counted(game.length, "move")} (optimum ${game.optimum}) · ${before} → ${after} ` +
      `(${signed(game.ratingAfter - game.ratingBefore)}) · ${formatTime(game.playedAt)}`,
  ];
}

/** `games` oldest first: the chart and, under it, the selected game's details. */
export function ratingChart(games: readonly RatingPoint[]): HTMLElement {
  const element = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "chart rating-chart",
    "aria-label": "Rating after each rated game",
    "data-games": games.length,
  });
  const caption = h("p", { class: "small chart-caption", "data-testid": "rating-game" });
  const values = games.length === 0 ? [] : [games[0].ratingBefore, ...games.map((g) => g.ratingAfter)];
  // Whole tens around the values, at least 20 points tall, so one game's step is not a cliff.
  let low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  let high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  if (high - low < 20) {
    low -= 10;
    high += 10;
  }
  const step = (WIDTH - PAD.left - PAD.right) / Math.max(values.length - 1, 1);
  const x = (i: number) => PAD.left + i * step;
  const y = (v: number) => HEIGHT - PAD.bottom - ((v - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const label = (text: string, attrs: Record<string, string | number>) => {
    const element = svg("text", { class: "chart-label", ...attrs });
    element.textContent = text;
    return element;
  };
  // The selected game: a line down the chart and a larger dot.
  const marker = svg("circle", { class: "chart-selected", r: 5, visibility: "hidden" });
  const picker = pickAlongX(element, {
    width: WIDTH,
    top: PAD.top,
    bottom: HEIGHT - PAD.bottom,
    left: PAD.left,
    step,
    first: 1,
    last: games.length,
    show: (index) => {
      const point = games[index - 1];
      marker.setAttribute("cx", x(index).toFixed(1));
      marker.setAttribute("cy", y(point.ratingAfter).toFixed(1));
      marker.setAttribute("visibility", "visible");
      replace(caption, ...details(point, index, games.length));
      caption.dataset.game = String(index);
      return caption.textContent ?? "";
    },
  });
  element.append(
    svg("path", {
      class: "chart-axes",
      d: `M${PAD.left},${PAD.top}V${HEIGHT - PAD.bottom}H${WIDTH - PAD.right}`,
    }),
    picker.guide,
    svg("polyline", {
      fill: "none",
      class: "chart-line",
      points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    }),
    label(String(high), { x: PAD.left - 4, y: PAD.top + 8, "text-anchor": "end" }),
    label(String(low), { x: PAD.left - 4, y: HEIGHT - PAD.bottom, "text-anchor": "end" }),
    label("start", { x: PAD.left, y: HEIGHT - 4 }),
    label(counted(games.length, "game"), {
      x: WIDTH - PAD.right,
      y: HEIGHT - 4,
      "text-anchor": "end",
    }),
  );
  values.forEach((v, i) => {
    if (i > 0)
      element.append(
        svg("circle", {
          cx: x(i).toFixed(1),
          cy: y(v).toFixed(1),
          r: 2.5,
          class: "chart-dot",
          "data-game": i,
        }),
      );
  });
  element.append(marker);

  // The latest game first: the one a player most likely looks for.
  picker.select(games.length);
  return h("figure", { class: "rating-figure" }, element, caption, pickerHint("game"));
}
