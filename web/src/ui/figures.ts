// The search's figures in a few characters: counts (nodes, nodes/s: "950", "12.3 k", "4.1 M", "2.0 G") and
// durations (elapsed, the chart's time axis). No DOM here: the page-logic tests run them in Node.

import { counted } from "./counted.ts";

const UNITS: [number, string][] = [
  [1e9, "G"],
  [1e6, "M"],
  [1e3, "k"],
];

/** A count as the unit below `size` would write it: a whole number under 1e3, else tenths. */
function shownBelow(value: number, size: number): number {
  return size === 1e3 ? Math.round(value) : Math.round(value / (size / 1e4)) / 10;
}

/**
 * The next unit up is taken once the count would read 1000 or more in its own (after rounding): 999,960
 * is "1.0 M" and 999,999,999 "1.0 G" (before, "1000.0 k" and "1000.0 M"), 999.6 is "1.0 k".
 */
export function compactCount(value: number): string {
  for (const [size, unit] of UNITS) {
    if (shownBelow(value, size) >= 1000) return `${(value / size).toFixed(1)} ${unit}`;
  }
  return String(Math.round(value));
}

/**
 * "850 ms", "2.4 s", "13 s", "1 min 13 s", "59 min 7 s": a search runs up to an hour (its time limit),
 * and "3547 s" was hard to read. Each form is chosen after rounding, so 999.6 ms is "1.0 s" and
 * 9,960 ms "10 s" (before, "1000 ms" and "10.0 s").
 */
export function formatDuration(ms: number): string {
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 100) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * A split search's fleet line, "units 37 / 120 · on 4 threads"; null when the event says neither. Before
 * any unit has started, its threads read "waiting for a thread" (before: "on 0 threads").
 */
export function fleetLine(
  unitsDone: number | null,
  unitsTotal: number | null,
  threads: number | null,
): string | null {
  const parts: string[] = [];
  if (unitsDone !== null && unitsTotal !== null) parts.push(`units ${unitsDone} / ${unitsTotal}`);
  if (threads !== null) parts.push(threads > 0 ? `on ${counted(threads, "thread")}` : "waiting for a thread");
  return parts.length > 0 ? parts.join(" · ") : null;
}
