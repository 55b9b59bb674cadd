// `puzzle solve`'s checks of its whole command line, through main as the command runs: status 2 and
// one line on stderr, before any puzzle is answered.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../helpers/cli-in-process.ts";

const dir = mkdtempSync(join(tmpdir(), "solve-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROTATION = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { status, stdout, stderr } = await runCliInProcess(["solve", ...args]);
  return { code: status, out: stdout, err: stderr };
}

describe("puzzle solve's command line", () => {
  it("refuses astar for a batch of Rotation Game boards once, not on every line", async () => {
    const file = join(dir, "rotation.txt");
    writeFileSync(file, `${ROTATION}\n${ROTATION}\n`);
    // Before: one {"error": ...} line per board, then the batch's summary.
    const result = await run(["--batch", file, "--rotation", "--algorithm", "astar", "--threads", "1"]);
    expect(result).toEqual({
      code: 2,
      out: "",
      err: "puzzle: --algorithm astar is not available for the rotation game (use auto, bfs or idastar)\n",
    });
  });

  it("says the start is missing when it was written after --goal, which took its words", async () => {
    // Before: `goal: "123x46758" is not a tile` (the goal took both words).
    for (const args of [
      ["--goal", "123456780", "123x46758"],
      ["--goal", "1", "2", "3", "4", "5", "6", "7", "8", "0", "--json"],
    ]) {
      const result = await run(args);
      expect(result, args.join(" ")).toMatchObject({ code: 2, out: "" });
      expect(result.err).toMatch(
        /^puzzle: no start tiles given: --goal takes every word up to the next option/,
      );
    }
  });

  it("names the extra word after a board written as one word, not the board", async () => {
    // Before: `start: "123x46758" is not a tile`, though `puzzle solve 123x46758` works.
    for (const [args, word] of [
      [["123x46758", "-"], "-"],
      [["--", "123x46758", "--json"], "--json"],
    ] as const) {
      expect(await run([...args]), args.join(" ")).toEqual({
        code: 2,
        out: "",
        err: `puzzle: start: "${word}" is not a tile ("123x46758" is a whole board, written as one word, and must be the only word)\n`,
      });
    }
  });

  it("refuses --build-missing without a named pattern database, which it would not build", async () => {
    // Before: ignored (auto takes the tables present and never builds; linear conflict has none).
    for (const args of [
      ["123x46758", "--build-missing"],
      ["123x46758", "--heuristic", "linear-conflict", "--build-missing"],
      ["--batch", "-", "--heuristic", "auto", "--build-missing"],
    ]) {
      const result = await run(args);
      expect(result, args.join(" ")).toEqual({
        code: 2,
        out: "",
        err: "puzzle: --build-missing builds the tables of a named pattern database: give --heuristic pdb:<name> with it\n",
      });
    }
  });

  it("points a Rotation Game board given without --rotation to --rotation", async () => {
    const result = await run([ROTATION]);
    expect(result).toMatchObject({ code: 2, out: "" });
    expect(result.err).toMatch(
      /from 24 tiles .*give --size RxC, up to \d+x\d+ \(or --rotation for a Rotation Game board\)\n$/,
    );
    // Another count has no such hint.
    expect((await run(["1,2,3,4,5,6,7,8,9,0"])).err).not.toMatch(/--rotation/);
  });

  it("counts in the singular where there is one (one tile, a batch of one line)", async () => {
    expect((await run(["7"])).err).toMatch(/from 1 tile \(square/);
    const file = join(dir, "one-bad-line.txt");
    writeFileSync(file, "1 2 3\n");
    expect((await run(["--batch", file, "--threads", "1"])).err).toMatch(/, of 1 line\n$/);
  });
});
