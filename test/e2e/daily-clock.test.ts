// A daily puzzle across the end of its day, with the page's clock driven by Playwright (`page.clock`),
// in headless Chromium against a real API server (no worker: today's 3x3 and Rotation dailies are
// proven within `ensure`, the 4x4 stays "being prepared"). The server's own day is ended, where a test
// needs it, by moving `DailyService.today` to the next day.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

// A blank move → the arrow key that makes it (an arrow slides a tile into the gap).
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d/;
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** The end of the real (server's) UTC day, as the page's clock counts it. */
const endOfToday = () => new Date(`${tomorrow()}T00:00:00.000Z`);

describe.skipIf(missing !== undefined)("a daily puzzle across the end of its day", () => {
  const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "50" } });
  let browser: Browser;
  let token: string;
  let name: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    const daily = api.server.app.services.daily;
    for (const category of ["SLIDING_3X3", "ROTATION"] as const) await daily.ensure(today(), category);
    ({
      token,
      user: { name },
    } = await api.client().signUp());
    browser = await launchBrowser();
  }, 120_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A new tab whose clock the test drives, starting at `time` (now when absent), signed in. */
  async function timedPage(time?: Date): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.clock.install(time ? { time } : {});
    await signInPage(page, api.origin, token, name);
    return page;
  }

  /** Plays today's 3x3 daily optimally on `page` and submits it. */
  async function playAndSubmit(page: Page): Promise<void> {
    await page.goto(`${api.origin}/daily/3x3/${today()}`);
    const board = page.locator(".play .board");
    await board.waitFor();
    const start = (await board.getAttribute("data-board"))!.split(",").map(Number);
    const moves = tableSolution(3, 3, start, GOAL3) as string;
    for (const move of moves) await page.keyboard.press(KEY[move]);
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe(moves);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect.poll(() => page.locator(".play .message.info").textContent()).toMatch(/^Accepted/);
  }

  it("counts the locked analysis down, and analyses the solution when the day ends", async () => {
    const page = await timedPage();
    await playAndSubmit(page);
    const locked = page.locator(".analysis .analysis-body");
    const minutesLeft = async () => {
      const match = /\((?:(\d+) h )?(\d+) min left\)/.exec((await locked.textContent()) ?? "");
      expect(match).not.toBeNull();
      return Number(match![1] ?? 0) * 60 + Number(match![2]);
    };
    await expect.poll(() => locked.textContent()).toMatch(/^Not while the daily puzzle runs/);
    const before = await minutesLeft();
    // An hour on, or less when the day ends sooner (a run in the last hour of the UTC day).
    const step = Math.max(1, Math.min(60, before - 2));
    await page.clock.fastForward(step * 60_000);
    if (before > step + 1) await expect.poll(minutesLeft).toBeLessThanOrEqual(before - step + 1);
    expect(await page.getByTestId("analysis-summary").count()).toBe(0);

    // Midnight UTC for the server as well as for the page: the analysis is asked for and drawn.
    vi.spyOn(api.server.app.services.daily, "today").mockReturnValue(tomorrow());
    await page.clock.fastForward((before - step + 1) * 60_000);
    await expect
      .poll(() => page.getByTestId("analysis-summary").textContent())
      .toMatch(/^\d+ moves? · optimum \d+ · no move lost ✓ · 0 mistakes$/);
    await page.close();
  }, 60_000);

  it("says why a hint, a solve and an analysis are refused while the server's day runs on, with no ISO time", async () => {
    // The page's clock is a few seconds past the day's end; the server's is not.
    const page = await timedPage(new Date(endOfToday().getTime() + 5000));
    await playAndSubmit(page);
    // The analysis is asked for (the day has ended by the page's clock) and refused: it says so.
    await expect
      .poll(() => page.locator(".analysis .analysis-body").textContent())
      .toBe("Not while the daily puzzle runs; trying again in a moment.");

    const hint = page.getByRole("button", { name: "Hint" });
    expect(await hint.isDisabled()).toBe(false);
    await hint.click();
    // Before: "Thinking…", then nothing at all (the lock opened at once).
    await expect
      .poll(() => page.getByTestId("hint-text").textContent())
      .toBe("Hints: Not while the daily puzzle runs; try again in a moment.");
    expect(await hint.isDisabled()).toBe(false);

    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    const error = page.locator(".solve .message.error");
    await expect.poll(() => error.textContent()).toMatch(/daily puzzle.*: try again in a moment\.$/);
    for (const text of await page.locator(".message, .hint-text, .analysis-body").allTextContents())
      expect(text).not.toMatch(ISO_TIME);
    await page.close();
  }, 60_000);

  it("names the time left, not the server's ISO time, when a copy of the running daily is refused", async () => {
    const daily = await api
      .client()
      .data<{ dailyPuzzle: { puzzle: { start: number[] } } }>(
        `query ($d: String) { dailyPuzzle(category: SLIDING_3X3, date: $d) { puzzle { start } } }`,
        { d: today() },
      );
    const copy = await api
      .client(token)
      .data<{ createPuzzle: { id: string } }>(
        `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`,
        { i: { kind: "SLIDING", rows: 3, cols: 3, start: daily.dailyPuzzle.puzzle.start } },
      );
    const page = await timedPage();
    await page.goto(`${api.origin}/puzzles/${copy.createPuzzle.id}`);
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    const error = page.locator(".solve .message.error");
    // Before: "… before its day ends (2026-12-01T00:00:00.000Z)."
    await expect
      .poll(() => error.textContent())
      .toMatch(/daily puzzle before its day ends \((\d+ h )?\d+ min left\)\.$/);
    expect(await error.textContent()).not.toMatch(ISO_TIME);
    await page.close();
  });

  it("asks for the new day's dailies on the front page when the day ends", async () => {
    const page = await timedPage();
    await page.goto(`${api.origin}/`);
    const tile = page.locator('.daily-tile[data-category="SLIDING_3X3"]');
    await tile.locator(".board").waitFor();
    const untilMidnight = (await page.evaluate("new Date().setUTCHours(24, 0, 0, 0) - Date.now()")) as number;
    await page.clock.fastForward(untilMidnight - 60_000);
    await page.waitForTimeout(500);
    expect(await tile.locator(".board").count()).toBe(1);

    // The server's day ends with the page's: the new day's dailies are not published yet.
    vi.spyOn(api.server.app.services.daily, "today").mockReturnValue(tomorrow());
    await page.clock.fastForward(61_000);
    // Before: the ended day's tiles stayed until a reload.
    await expect.poll(() => tile.textContent()).toContain("Being prepared");
    expect(await page.locator(".daily-tile .board").count()).toBe(0);
    await page.close();
  }, 60_000);

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
