// A solution's analysis as a chart: x = moves played, y = exact distance to the goal. An optimal move
// steps down by one; a mistake (any other move) is a red dot. The dashed line is the optimal descent
// from the start. A move is picked as on the rating chart (ui/chart-picker.ts): a pointer anywhere in
// its column (hover, tap, a finger sliding along), or the chart as a slider (Tab, then ← → Home End);
// the caption names it. The first mistake is shown at first (else the last move).
import type { MoveAnalysis } from "../api/operations.ts";
import { pickAlongX, pickerHint } from "./chart-picker.ts";
import { h } from "./dom.ts";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 480;
const HEIGHT = 200;
const PAD = { left: 34, right: 10, top: 12, bottom: 30 };

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

function describeMove(move: MoveAnalysis): string {
  const verdict = move.optimal
    ? "optimal"
    : move.distanceAfter > move.distanceBefore
      ? "mistake: one step further from the goal"
      : "mistake: no closer to the goal";
  return `Move ${move.index}: ${move.move}, distance ${move.distanceBefore} → ${move.distanceAfter} (${verdict})`;
}

export function distanceChart(moves: readonly MoveAnalysis[]): HTMLElement {
  const caption = h("p", { class: "small chart-caption", "data-testid": "analysis-move" });
  const start = moves[0]?.distanceBefore ?? 0;
  const high = Math.max(1, start, ...moves.map((m) => m.distanceAfter));
  const count = Math.max(1, moves.length);
  const x = (i: number) => PAD.left + (i / count) * (WIDTH - PAD.left - PAD.right);
  const y = (d: number) => HEIGHT - PAD.bottom - (d / high) * (HEIGHT - PAD.top - PAD.bottom);
  const radius = Math.max(2, Math.min(5, 220 / count));

  const chart = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "distance-chart",
    "aria-label": "distance to the goal after each move",
  });
  const bottom = HEIGHT - PAD.bottom;
  chart.append(
    svg("path", { class: "chart-axes", d: `M${PAD.left},${PAD.top}V${bottom}H${WIDTH - PAD.right}` }),
    svg(
      "text",
      { x: PAD.left - 5, y: y(high) + 4, "text-anchor": "end", class: "chart-label" },
      String(high),
    ),
    svg("text", { x: PAD.left - 5, y: bottom + 4, "text-anchor": "end", class: "chart-label" }, "0"),
    svg("text", { x: PAD.left, y: HEIGHT - 14, "text-anchor": "middle", class: "chart-label" }, "0"),
    svg(
      "text",
      { x: x(moves.length), y: HEIGHT - 14, "text-anchor": "middle", class: "chart-label" },
      String(moves.length),
    ),
    svg(
      "text",
      { x: (PAD.left + WIDTH - PAD.right) / 2, y: HEIGHT - 2, "text-anchor": "middle", class: "chart-label" },
      "moves played",
    ),
    svg(
      "text",
      {
        x: 10,
        y: (PAD.top + bottom) / 2,
        class: "chart-label",
        transform: `rotate(-90 10 ${(PAD.top + bottom) / 2})`,
        "text-anchor": "middle",
      },
      "distance to goal",
    ),
    // The optimal descent: one step closer with every move, from the start's distance to 0.
    svg("line", { class: "ideal-line", x1: x(0), y1: y(start), x2: x(Math.min(start, count)), y2: y(0) }),
  );
  // A red band behind each mistake, so that detours stand out even when the dots are small.
  for (const move of moves.filter((m) => !m.optimal))
    chart.append(
      svg("rect", {
        class: "mistake-band",
        x: x(move.index - 1),
        y: PAD.top,
        width: x(move.index) - x(move.index - 1),
        height: bottom - PAD.top,
      }),
    );
  const points = [`${x(0)},${y(start)}`, ...moves.map((m) => `${x(m.index)},${y(m.distanceAfter)}`)];
  chart.append(
    svg("polyline", { class: "distance-line", fill: "none", points: points.join(" ") }),
    svg("circle", { class: "start", cx: x(0), cy: y(start), r: radius }),
  );

  const dots = moves.map((move) =>
    svg("circle", {
      class: move.optimal ? "move" : "move mistake",
      cx: x(move.index),
      cy: y(move.distanceAfter),
      r: move.optimal ? radius : radius + 1.5,
      "data-index": move.index,
    }),
  );
  const picker = pickAlongX(chart, {
    width: WIDTH,
    top: PAD.top,
    bottom,
    left: PAD.left,
    step: (WIDTH - PAD.left - PAD.right) / count,
    first: 1,
    last: moves.length,
    show: (index) => {
      const move = moves[index - 1];
      for (const [i, dot] of dots.entries()) dot.classList.toggle("selected", i === index - 1);
      caption.textContent = describeMove(move);
      caption.classList.toggle("bad", !move.optimal);
      caption.dataset.move = String(index);
      return caption.textContent;
    },
  });
  chart.append(picker.guide, ...dots);
  picker.select((moves.find((move) => !move.optimal) ?? moves[moves.length - 1])?.index ?? 0);
  return h("figure", { class: "distance-figure" }, chart, caption, pickerHint("move"));
}
