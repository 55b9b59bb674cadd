// The page's own pure helpers, without a browser: the boards "Shuffle" makes and how clicks and
// keys become moves. (Rules themselves come from the core and are tested there.)
import { describe, expect, it } from "vitest";
import { createPuzzle, isSolvable, replayMoves } from "../../src/core/index.ts";
import {
  ARROW_TO_BLANK_MOVE,
  rotationMoveForKey,
  slideMovesForClick,
} from "../../web/src/puzzle/controls.ts";
import { randomRotationBoard, randomSlidingBoard } from "../../web/src/puzzle/random.ts";
import { coalesced } from "../../web/src/ui/coalesced.ts";
import { compactCount, fleetLine, formatDuration } from "../../web/src/ui/figures.ts";

describe("shuffled boards", () => {
  it("are solvable, valid and not already solved, for every size", () => {
    for (let rows = 2; rows <= 5; rows++) {
      for (let cols = 2; cols <= 5; cols++) {
        for (let i = 0; i < 20; i++) {
          const spec = createPuzzle({ kind: "sliding", rows, cols, start: randomSlidingBoard(rows, cols) });
          expect(isSolvable(spec)).toBe(true);
          expect(replayMoves(spec, "").solved).toBe(false);
        }
      }
    }
  });

  it("respect a custom goal", () => {
    const goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    for (let i = 0; i < 20; i++) {
      const spec = createPuzzle({
        kind: "sliding",
        rows: 3,
        cols: 3,
        start: randomSlidingBoard(3, 3, goal),
        goal,
      });
      expect(isSolvable(spec)).toBe(true);
      expect(replayMoves(spec, "").solved).toBe(false);
    }
  });

  it("make valid, unsolved Rotation Game boards", () => {
    for (let i = 0; i < 20; i++) {
      const spec = createPuzzle({ kind: "rotation", start: randomRotationBoard() });
      expect(replayMoves(spec, "").solved).toBe(false);
    }
  });
});

describe("clicks and keys", () => {
  // 1 2 3 / 4 _ 5 / 6 7 8 (blank in the centre)
  const board = [1, 2, 3, 4, 0, 5, 6, 7, 8];

  it("slide the clicked tile, and those between it and the gap, into the gap", () => {
    expect(slideMovesForClick(3, board, 3)).toBe("L");
    expect(slideMovesForClick(3, board, 5)).toBe("R");
    expect(slideMovesForClick(3, board, 1)).toBe("U");
    expect(slideMovesForClick(3, board, 7)).toBe("D");
    expect(slideMovesForClick(4, [1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 0)).toBe("LLL");
    expect(slideMovesForClick(4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0], 3)).toBe("UUU");
  });

  it("ignore the gap itself and tiles off its row and column", () => {
    expect(slideMovesForClick(3, board, 4)).toBe("");
    expect(slideMovesForClick(3, board, 0)).toBe("");
    expect(slideMovesForClick(3, board, 8)).toBe("");
  });

  it("map an arrow to the tile moving that way, i.e. the blank moving the other way", () => {
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: board });
    // ← slides the tile right of the gap (5) to the left.
    expect(replayMoves(spec, ARROW_TO_BLANK_MOVE.ArrowLeft).board.indexOf(5)).toBe(4);
    expect(replayMoves(spec, ARROW_TO_BLANK_MOVE.ArrowRight).board.indexOf(4)).toBe(4);
    expect(replayMoves(spec, ARROW_TO_BLANK_MOVE.ArrowUp).board.indexOf(7)).toBe(4);
    expect(replayMoves(spec, ARROW_TO_BLANK_MOVE.ArrowDown).board.indexOf(2)).toBe(4);
  });

  it("read the Rotation Game's keys a-h in either case, nothing else", () => {
    expect(rotationMoveForKey("a")).toBe("A");
    expect(rotationMoveForKey("H")).toBe("H");
    expect(rotationMoveForKey("i")).toBeUndefined();
    expect(rotationMoveForKey("ArrowLeft")).toBeUndefined();
  });
});

describe("coalesced refetches", () => {
  it("run one at a time, and calls during a run make exactly one more run", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const load = coalesced(async () => {
      runs++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const first = load();
    for (let i = 0; i < 5; i++) void load();
    expect(runs).toBe(1);
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
  });
});

describe("the search's figures", () => {
  it("read counts in the unit they round into", () => {
    expect(compactCount(0)).toBe("0");
    expect(compactCount(950)).toBe("950");
    expect(compactCount(999.6)).toBe("1.0 k");
    expect(compactCount(12_345)).toBe("12.3 k");
    // Before: "1000.0 k", "1000.0 M" (the unit was chosen before rounding).
    expect(compactCount(999_960)).toBe("1.0 M");
    expect(compactCount(999_999_999)).toBe("1.0 G");
    expect(compactCount(4_080_000)).toBe("4.1 M");
    expect(compactCount(36_000_000_000)).toBe("36.0 G");
  });

  it("read durations in ms, s, then minutes and seconds", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(968)).toBe("968 ms");
    // Before: "1000 ms", "10.0 s", "73 s", "3547 s".
    expect(formatDuration(999.6)).toBe("1.0 s");
    expect(formatDuration(2_449)).toBe("2.4 s");
    expect(formatDuration(9_960)).toBe("10 s");
    expect(formatDuration(13_000)).toBe("13 s");
    expect(formatDuration(59_600)).toBe("1 min 0 s");
    expect(formatDuration(73_000)).toBe("1 min 13 s");
    expect(formatDuration(3_547_000)).toBe("59 min 7 s");
  });

  it("say a split search's units and threads, and that no thread has a unit yet", () => {
    expect(fleetLine(37, 120, 4)).toBe("units 37 / 120 · on 4 threads");
    expect(fleetLine(1, 1, 1)).toBe("units 1 / 1 · on 1 thread");
    // Before any unit started (before: "on 0 threads").
    expect(fleetLine(0, 24, 0)).toBe("units 0 / 24 · waiting for a thread");
    expect(fleetLine(null, null, null)).toBeNull();
  });
});
