// Small helpers shared by the core benchmarks.

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
