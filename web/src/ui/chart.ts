// A small SVG step chart of the search's lower bound over time: each point is a progress event
// (elapsed ms, bound). The axes rescale as points arrive.

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 30, right: 8, top: 8, bottom: 20 };

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
}

export interface BoundChart {
  readonly element: SVGSVGElement;
  add(elapsedMs: number, bound: number): void;
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
  xLabel.textContent = "0 s";
  element.append(axes, line, yMin, yMax, xMax, xLabel);
  const data: [number, number][] = [];

  function draw(): void {
    const low = Math.min(...data.map(([, b]) => b));
    const high = Math.max(...data.map(([, b]) => b), low + 1);
    const span = Math.max(...data.map(([t]) => t), 1);
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
    xMax.textContent = `${(span / 1000).toFixed(1)} s`;
  }

  return {
    element,
    add(elapsedMs, bound) {
      data.push([Math.max(0, elapsedMs), bound]);
      element.style.display = "";
      draw();
    },
    get points() {
      return data.length;
    },
  };
}
