// Small helpers shared by the core benchmarks. Wall time suffers when other work shares the cores;
// the CPU time of this process (user + system, all threads) suffers much less, so both are reported.
import { loadavg } from "node:os";

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function timed(run: () => void): number {
  const began = performance.now();
  run();
  return performance.now() - began;
}

export interface Measure {
  /** Wall-clock milliseconds. */
  readonly wall: number;
  /** CPU milliseconds used by this process meanwhile. */
  readonly cpu: number;
}

export function measured(run: () => void): Measure {
  const cpuBefore = process.cpuUsage();
  const wall = timed(run);
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Medians of the wall and CPU times of several measures. */
export function medians(measures: readonly Measure[]): Measure {
  return { wall: median(measures.map((m) => m.wall)), cpu: median(measures.map((m) => m.cpu)) };
}

/** The value after `--name` on the command line, if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The 1-minute load average, for a run's report: another busy process on the cores shows there. */
export function loadAverage(): string {
  return loadavg()[0].toFixed(2);
}
