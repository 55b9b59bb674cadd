// The spoiler guard across midnight (docs/competition.md, "No copying"): an API process that read
// "the next day" shortly before midnight, when its daily did not exist yet, must see the daily a worker
// creates at midnight at once. Before, that "no row" was trusted for 5 s into the new day, and a
// board next to the new daily (or a Solve's moves through it) went unguarded meanwhile.
// Against the real server's database; this process's own DailyService, on a clock set by the test.
import { describe, expect, it } from "vitest";
import { createPuzzle, specOfKey } from "../../src/core/index.ts";
import { createLogger } from "../../src/logger.ts";
import { DailyPuzzleRepository } from "../../src/repositories/daily-puzzles.ts";
import { DailyService } from "../../src/services/daily.ts";
import { useTestServer } from "../helpers/server.ts";
import { applyMoves } from "./boards.ts";

const api = useTestServer();

/** Days no other test uses. */
const EVE = "2031-05-01";
const DAY = "2031-05-02";

describe("the spoiler guard at midnight", () => {
  it("guards a daily created at midnight at once, though the day before found none", async () => {
    const { app } = api.server;
    let clock = new Date(`${EVE}T23:59:58.000Z`);
    const guard = new DailyService(
      new DailyPuzzleRepository(app.prisma),
      app.services.solves,
      { secret: app.config.dailySecret, now: () => clock },
      createLogger({ logLevel: "silent" }),
    );
    const anyBoard = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    // Before midnight: neither day has a daily, so nothing is refused (and "none" is read for both).
    await expect(guard.refuseNearAny([anyBoard], "a hint")).resolves.toBeUndefined();

    // At midnight a worker creates (and, for a 3x3, at once publishes) the new day's daily.
    const row = await app.services.daily.ensure(DAY, "SLIDING_3X3");
    expect(row.publishedAt).not.toBeNull();
    clock = new Date(`${DAY}T00:00:01.000Z`);
    const daily = specOfKey(row.canonicalKey);
    if (daily.kind !== "sliding") throw new Error("a 3x3 daily is a sliding puzzle");
    // One blank move from the daily's start: not a copy (that is another check), but its neighbour.
    const blank = daily.start.indexOf(0);
    const move = blank >= 3 ? "U" : "D";
    const neighbour = { ...daily, start: applyMoves(3, 3, daily.start, move) };
    await expect(guard.refuseNearAny([neighbour], "a hint")).rejects.toMatchObject({
      code: "DAILY_IN_PROGRESS",
    });
  });
});
