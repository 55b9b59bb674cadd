// A player's rating over their rated games, as a small SVG line: one point per game (the rating
// after it), starting from the rating before the first. Games, not dates, on the x axis: ratings
// move per game.
import { svg } from "./svg.ts";
import { counted } from "./counted.ts";

const WIDTH = 320;
const HEIGHT = 110;
const PAD = { left: 36, right: 8, top: 8, bottom: 18 };

export interface RatingPoint {
  readonly ratingBefore: number;
  readonly ratingAfter: number;
}

/** `games` oldest first. */
export function ratingChart(games: readonly RatingPoint[]): SVGSVGElement {
  const element = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "chart rating-chart",
    role: "img",
    "aria-label": "rating after each rated game",
    "data-games": games.length,
  });
  const values = games.length === 0 ? [] : [games[0].ratingBefore, ...games.map((g) => g.ratingAfter)];
  // Whole tens around the values, at least 20 points tall, so one game's step is not a cliff.
  let low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  let high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  if (high - low < 20) {
    low -= 10;
    high += 10;
  }
  const x = (i: number) => PAD.left + (i / Math.max(values.length - 1, 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - ((v - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const label = (text: string, attrs: Record<string, string | number>) => {
    const element = svg("text", { class: "chart-label", ...attrs });
    element.textContent = text;
    return element;
  };
  element.append(
    svg("path", {
      class: "chart-axes",
      d: `M${PAD.left},${PAD.top}V${HEIGHT - PAD.bottom}H${WIDTH - PAD.right}`,
    }),
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
      element.append(svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 2.5, class: "chart-dot" }));
  });
  return element;
}
