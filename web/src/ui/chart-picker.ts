// Picking one point of a chart whose points stand at even steps along the x axis (the rating chart's
// games, an analysis' moves). The whole chart is the target, not its dots: a pointer (mouse hover, a
// tap, a finger sliding along the chart) selects the point nearest to it along the x axis, so each
// point's target is its column of the chart, as tall as the chart and as wide as the space between
// points (WCAG 2.5.8 asks for 24 CSS px). The chart is also a slider for the keyboard (←/→, Home/End),
// its value text the selected point's details; a dashed line down the chart marks the selection.
import { h } from "./dom.ts";
import { svg } from "./svg.ts";

export interface PickerOptions {
  /** The chart's viewBox: the pointer is mapped into its units (the chart keeps its aspect ratio). */
  readonly width: number;
  readonly top: number;
  readonly bottom: number;
  /** Point `i` stands at x = left + i × step, in the chart's units. */
  readonly left: number;
  readonly step: number;
  /** The points that can be picked: first..last (none when last < first). */
  readonly first: number;
  readonly last: number;
  /** Shows point `index`, newly selected; returns its details, the text a screen reader reads. */
  readonly show: (index: number) => string;
}

export interface Picker {
  /** The selection's line down the chart, for the caller to place among the chart's layers. */
  readonly guide: SVGLineElement;
  /** Selects point `index` (clamped to first..last). */
  select(index: number): void;
}

/** Makes `chart` pick its points along the x axis. */
export function pickAlongX(chart: SVGSVGElement, options: PickerOptions): Picker {
  const { width, left, step, first, last, show } = options;
  chart.classList.add("picker");
  chart.setAttribute("role", "slider");
  chart.setAttribute("tabindex", "0");
  chart.setAttribute("aria-valuemin", String(first));
  chart.setAttribute("aria-valuemax", String(last));
  const guide = svg("line", {
    class: "chart-guide",
    y1: options.top,
    y2: options.bottom,
    visibility: "hidden",
  });

  let selected = first - 1;
  const select = (index: number) => {
    if (last < first) return;
    const point = Math.min(Math.max(index, first), last);
    if (point === selected) return;
    selected = point;
    const x = (left + point * step).toFixed(1);
    guide.setAttribute("x1", x);
    guide.setAttribute("x2", x);
    guide.setAttribute("visibility", "visible");
    chart.setAttribute("aria-valuenow", String(point));
    chart.setAttribute("aria-valuetext", show(point));
  };
  // The point nearest to the pointer along the x axis.
  const pick = (event: PointerEvent | MouseEvent) => {
    const box = chart.getBoundingClientRect();
    if (box.width === 0) return;
    const at = ((event.clientX - box.left) / box.width) * width;
    select(Math.round((at - left) / step));
  };
  chart.addEventListener("pointermove", pick);
  chart.addEventListener("pointerdown", pick);
  chart.addEventListener("click", pick);
  chart.addEventListener("keydown", (event) => {
    const next: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowDown: selected - 1,
      ArrowRight: selected + 1,
      ArrowUp: selected + 1,
      Home: first,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    select(next[event.key]);
  });
  return { guide, select };
}

/** The line under a picking chart that says how to pick: "… for another game." */
export function pickerHint(what: string): HTMLElement {
  return h(
    "p",
    { class: "small muted" },
    `Point at the chart or tap it (or focus it and press ← →) for another ${what}.`,
  );
}
