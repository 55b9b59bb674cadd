// A small SVG step chart of the search's lower bound over time: each point is a progress event
// (elapsed ms, bound), and the final state closes the line at the search's duration. The axes
// rescale as points arrive: time in ms under a second (a fast solve must not read "0.0 s"), the bound
// on whole moves, with a flat line drawn in the middle of a one-move range rather than on an axis.
import { formatDuration } from "./figures.ts";
import { svg } from "./svg.ts";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 30, right: 8, top: 8, bottom: 20 };

export interface BoundChart {
  readonly element: SVGSVGElement;
  add(elapsedMs: number, bound: number): void;
  /**
   * Closes the line at the end of the search (its duration, its final bound); ignored before any point.
   * Returns where the time axis ends (its label): the duration, or the last event's time when that came
   * later (a coordinator's clock starts a few ms before the row's), undefined with no point.
   */
  finish(elapsedMs: number, bound: number): number | undefined;
  readonly points: number;
}

export function createBoundChart(): BoundChart {
  const element = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "chart",
    role: "img",
    "aria-label": "lower bound over time",
  });
  // Hidden until the first point: a solve answered at once has no curve to show.
  element.style.display = "none";
  const line = svg("polyline", { fill: "none", class: "chart-line" });
  const axes = svg("path", {
    class: "chart-axes",
    d: `M${PAD.left},${PAD.top}V${HEIGHT - PAD.bottom}H${WIDTH - PAD.right}`,
  });
  const yMin = svg("text", {
    x: PAD.left - 4,
    y: HEIGHT - PAD.bottom,
    "text-anchor": "end",
    class: "chart-label",
  });
  const yMax = svg("text", { x: PAD.left - 4, y: PAD.top + 8, "text-anchor": "end", class: "chart-label" });
  const xMax = svg("text", {
    x: WIDTH - PAD.right,
    y: HEIGHT - 4,
    "text-anchor": "end",
    class: "chart-label",
  });
  const xLabel = svg("text", { x: PAD.left, y: HEIGHT - 4, class: "chart-label" });
  xLabel.textContent = "0";
  element.append(axes, line, yMin, yMax, xMax, xLabel);
  const data: [number, number][] = [];

  function draw(): void {
    const bounds = data.map(([, b]) => b);
    let low = Math.min(...bounds);
    let high = Math.max(...bounds);
    if (low === high) {
      low -= 1;
      high += 1;
    }
    const span = Math.max(data[data.length - 1][0], 1);
    const x = (t: number) => PAD.left + (t / span) * (WIDTH - PAD.left - PAD.right);
    const y = (b: number) =>
      HEIGHT - PAD.bottom - ((b - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
    const points: string[] = [];
    data.forEach(([t, b], i) => {
      // A step chart: the bound holds until the next report.
      if (i > 0) points.push(`${x(t).toFixed(1)},${y(data[i - 1][1]).toFixed(1)}`);
      points.push(`${x(t).toFixed(1)},${y(b).toFixed(1)}`);
    });
    line.setAttribute("points", points.join(" "));
    yMin.textContent = String(low);
    yMax.textContent = String(high);
    xMax.textContent = formatDuration(span);
    element.dataset.spanMs = String(span);
    element.dataset.low = String(low);
    element.dataset.high = String(high);
  }

  function push(elapsedMs: number, bound: number): void {
    // Events can arrive out of order by a few ms; time never runs backwards on the chart.
    const last = data.length > 0 ? data[data.length - 1][0] : 0;
    data.push([Math.max(0, last, elapsedMs), bound]);
    element.style.display = "";
    draw();
  }

  return {
    element,
    add: push,
    finish(elapsedMs, bound) {
      if (data.length === 0) return undefined;
      push(elapsedMs, bound);
      return data[data.length - 1][0];
    },
    get points() {
      return data.length;
    },
  };
}
