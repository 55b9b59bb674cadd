import { describe, expect, it } from "vitest";
import { progressReporter } from "./progress.ts";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return {
    written,
    stream: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream,
  };
}

describe("progressReporter", () => {
  it("on a terminal: one line rewritten in place once the search is long, erased at the end", () => {
    const t = stream(true);
    const reporter = progressReporter("auto", t.stream)!;
    reporter.onSearch({ bound: 40, nodes: 10, elapsedMs: 100 }); // too early to show
    expect(t.written).toEqual([]);
    reporter.onSearch({ bound: 44, nodes: 2_000_000, elapsedMs: 1000 });
    expect(t.written).toEqual(["\rbound 44, 2.0 M nodes, 2.0 M nodes/s, 1.0 s\x1b[K"]);
    reporter.finish();
    expect(t.written.at(-1)).toBe("\r\x1b[K");
  });

  it("off a terminal: nothing unless asked; then one line per new bound", () => {
    expect(progressReporter("auto", stream(false).stream)).toBeUndefined();
    expect(progressReporter("never", stream(true).stream)).toBeUndefined();
    const p = stream(false);
    const reporter = progressReporter("always", p.stream)!;
    reporter.onSearch({ bound: 40, nodes: 0, elapsedMs: 0 });
    reporter.onSearch({ bound: 40, nodes: 500, elapsedMs: 250 });
    reporter.onSearch({ bound: 42, nodes: 1500, elapsedMs: 1000 });
    expect(p.written).toEqual([
      "progress: bound 40, 0 nodes, 0 nodes/s, 0.0 s\n",
      "progress: bound 42, 1.5 k nodes, 1.5 k nodes/s, 1.0 s\n",
    ]);
  });
});
