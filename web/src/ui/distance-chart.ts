// A solution's analysis as a chart: x = moves played, y = exact distance to the goal. An optimal move
// steps down by one; a mistake (any other move) is a red dot. The dashed line is the optimal descent
// from the start. Pointing at a dot (hover, tap or keyboard focus) names the move in the caption.
import type { MoveAnalysis } from "../api/operations.ts";
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
  const caption = h(
    "p",
    { class: "small chart-caption", "aria-live": "polite" },
    "Point at a dot to see its move.",
  );
  const start = moves[0]?.distanceBefore ?? 0;
  const high = Math.max(1, start, ...moves.map((m) => m.distanceAfter));
  const count = Math.max(1, moves.length);
  const x = (i: number) => PAD.left + (i / count) * (WIDTH - PAD.left - PAD.right);
  const y = (d: number) => HEIGHT - PAD.bottom - (d / high) * (HEIGHT - PAD.top - PAD.bottom);
  const radius = Math.max(2, Math.min(5, 220 / count));

  const chart = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "distance-chart",
    role: "img",
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

  let selected: SVGCircleElement | undefined;
  for (const move of moves) {
    const dot = svg("circle", {
      class: move.optimal ? "move" : "move mistake",
      cx: x(move.index),
      cy: y(move.distanceAfter),
      r: move.optimal ? radius : radius + 1.5,
      tabindex: 0,
      "data-index": move.index,
    });
    const text = describeMove(move);
    dot.append(svg("title", {}, text));
    const show = () => {
      selected?.classList.remove("selected");
      selected = dot;
      dot.classList.add("selected");
      caption.textContent = text;
      caption.classList.toggle("bad", !move.optimal);
    };
    dot.addEventListener("pointerenter", show);
    dot.addEventListener("click", show);
    dot.addEventListener("focus", show);
    chart.append(dot);
  }
  return h("figure", { class: "distance-figure" }, chart, caption);
}
