// Daily puzzles, analyses and hints in the web page, in headless Chromium against a real API server
// (its own database, real Redis; no worker: 3x3 and Rotation dailies are proven within `ensure`, and
// with ANALYSIS_WAIT_MS=50 a 4x4 analysis stays PENDING, which the page must show; 0 would mean no time
// limit to BullMQ's waitUntilFinished).
// `SCREENSHOTS=1` saves the screens to docs/screenshots/ (npm run screenshots:web).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { projectRoot } from "../../src/project-root.ts";
import { madeAt, padded } from "../helpers/day-submissions.ts";
import { useTestServer } from "../helpers/server.ts";
import { chromiumMissing, ensureWebBuilt, launchBrowser, type Browser, signInPage } from "./browser.ts";

const missing = chromiumMissing();
const SCREENSHOTS = process.env.SCREENSHOTS === "1";

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir = join(projectRoot, "docs", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

// A blank move → the arrow key that makes it (an arrow slides a tile into the gap).
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };

async function playMoves(page: Page, moves: string): Promise<void> {
  for (const move of moves) await page.keyboard.press(KEY[move]);
  await expect.poll(() => page.getByTestId("moves").textContent()).toBe(moves);
}

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const goal = (cells: number) => [...Array.from({ length: cells - 1 }, (_, i) => i + 1), 0];
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;
const PAST_DAYS = 12;

describe.skipIf(missing !== undefined)("daily puzzles, analyses and hints in the web page", () => {
  const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "50" } });
  let browser: Browser;
  let page: Page;
  let token: string;
  let name: string;
  const pageErrors: string[] = [];

  /** A sliding puzzle `scramble` (blank moves) away from the goal; resolves with its page path. */
  async function slidingPuzzle(side: number, scramble: string, title: string): Promise<string> {
    const start = applySlidingMoves(side, side, goal(side * side), scramble);
    const { createPuzzle } = await api.client(token).data<{ createPuzzle: { id: string } }>(CREATE, {
      i: { kind: "SLIDING", rows: side, cols: side, start, title },
    });
    return `/puzzles/${createPuzzle.id}`;
  }

  beforeAll(async () => {
    ensureWebBuilt();
    const daily = api.server.app.services.daily;
    for (const category of ["SLIDING_3X3", "ROTATION"] as const) await daily.ensure(today(), category);
    for (let n = 1; n <= PAST_DAYS; n++) await daily.ensure(daysAgo(n), "SLIDING_3X3");
    ({
      token,
      user: { name },
    } = await api.client().signUp());
    browser = await launchBrowser();
    page = await browser.newPage({ width: 1200, height: 900 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInPage(page, api.origin, token, name);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("shows today's daily puzzles on the front page, with a board, the optimum, players and time left", async () => {
    await page.goto(`${api.origin}/`);
    const tile = page.locator('.daily-tile[data-category="SLIDING_3X3"]');
    await tile.locator(".board").waitFor();
    expect(await tile.locator(".daily-facts").textContent()).toMatch(
      /optimum \d+ moves.*0 players.*\d+ (h|min)/,
    );
    await page.locator('.daily-tile[data-category="ROTATION"] .board.rotation').waitFor();
    // No worker proved today's 4x4 here: the tile says it is being prepared.
    expect(await page.locator('.daily-tile[data-category="SLIDING_4X4"]').textContent()).toContain(
      "Being prepared",
    );
    await shot(page, "daily-home");
  });

  it("plays today's 3x3 daily on its page: hints refused with the reason, submitted, analysis locked", async () => {
    await page
      .locator('.daily-tile[data-category="SLIDING_3X3"]')
      .getByRole("link", { name: "Play" })
      .click();
    await page.waitForURL(new RegExp(`/daily/3x3/${today()}$`));
    await page.locator(".play .board").waitFor();
    const hintButton = page.getByRole("button", { name: "Hint" });
    expect(await hintButton.isDisabled()).toBe(true);
    expect(await page.getByTestId("hint-text").textContent()).toMatch(
      /Not while the daily puzzle runs.*left/,
    );

    const start = (await page.locator(".play .board").getAttribute("data-board"))!.split(",").map(Number);
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    await playMoves(page, optimal);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play .message.info").textContent())
      .toMatch(/^Accepted: \d+ moves · rank 1/);
    await expect.poll(() => page.locator(".analysis").textContent()).toContain("opens when the day ends");
    await expect.poll(() => page.locator(".leaderboard tbody tr").count()).toBe(1);
    await shot(page, "daily-page");
  });

  it("pages through the archive, newest day first", async () => {
    await page.goto(`${api.origin}/daily/3x3`);
    const days = page.locator(".daily-day");
    await expect.poll(() => days.count()).toBe(10);
    expect(await days.first().getAttribute("data-date")).toBe(today());
    expect(await page.getByRole("button", { name: "← Newer" }).isDisabled()).toBe(true);
    await shot(page, "daily-archive");
    await page.getByRole("button", { name: "Older →" }).click();
    await expect.poll(() => page.getByTestId("archive-page").textContent()).toBe("page 2");
    expect(await days.count()).toBe(PAST_DAYS + 1 - 10);
    expect(await days.last().getAttribute("data-date")).toBe(daysAgo(PAST_DAYS));
    expect(await page.getByRole("button", { name: "Older →" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "← Newer" }).click();
    await expect.poll(() => page.getByTestId("archive-page").textContent()).toBe("page 1");
    expect(await days.first().getAttribute("data-date")).toBe(today());

    // A past day is open: its page has hints.
    await page
      .locator(`.daily-day[data-date="${daysAgo(1)}"] a`)
      .first()
      .click();
    await page.locator(".play .board").waitFor();
    expect(await page.getByRole("button", { name: "Hint" }).isDisabled()).toBe(false);
  });

  it("ranks a past daily's day players only: a late optimal entry takes no one's rank", async () => {
    const day = daysAgo(2);
    const { dailyPuzzle } = await api
      .client()
      .data<{ dailyPuzzle: { puzzle: { id: string; start: number[] } } }>(
        `query ($d: String) { dailyPuzzle(category: SLIDING_3X3, date: $d) { puzzle { id start } } }`,
        { d: day },
      );
    const { start, id } = dailyPuzzle.puzzle;
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    // A day player: two moves over the optimum, during the day.
    const dayPlayer = await api.client().signUp();
    const { submitSolution } = await dayPlayer.client.data<{ submitSolution: { id: string } }>(SUBMIT, {
      p: id,
      m: padded(start, 3, optimal, 1),
    });
    await madeAt(api.server.app.prisma, submitSolution.id, `${day}T12:00:00.000Z`);

    await page.goto(`${api.origin}/daily/3x3/${day}`);
    const rows = page.locator(".leaderboard tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId("daily-players").textContent()).toBe("1 player");
    // The page's player plays it optimally now, the optimal moves public for two days.
    await playMoves(page, optimal);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play .message.info").textContent())
      .toMatch(
        /^Accepted: \d+ moves · after the day: not in the day's ranking \(all-time rank 1\) · optimal ✓/,
      );
    // leaderboardChanged refreshes the board: the late player is counted under it, not ranked in it.
    await expect
      .poll(() => page.getByTestId("after-the-day").textContent())
      .toMatch(/^1 more player submitted only after the day.*not ranked here\. All-time leaderboard$/);
    // Before: the late optimal entry ranked 1st and the day player 2nd ("· after the day" beside it).
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator("td").allTextContents()).toEqual([
      "1",
      dayPlayer.user.name,
      String(optimal.length + 2),
      "",
      expect.not.stringContaining("after the day"),
    ]);
    expect(await page.getByTestId("daily-players").textContent()).toBe("1 player");
    // The all-time board (the puzzle's own page) ranks both.
    await page.getByRole("link", { name: "All-time leaderboard" }).click();
    await page.waitForURL(new RegExp(`/puzzles/${id}$`));
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.locator("td:nth-child(2)").allTextContents()).toEqual([name, dayPlayer.user.name]);
  });

  it("says a past day without a daily had none, not that it is not published yet", async () => {
    await page.goto(`${api.origin}/daily/3x3/2001-02-03`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("No daily puzzle here");
    // Before: "The 3×3 daily of 2001-02-03 is not published (yet)."
    expect(await page.locator(".daily-page p").first().textContent()).toBe(
      "There was no 3×3 daily puzzle on 2001-02-03.",
    );
  });

  it("says a daily category it does not have is unknown, with links to the real ones", async () => {
    await page.goto(`${api.origin}/daily/9x9`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("No such daily category");
    expect(await page.locator(".daily-day").count()).toBe(0);
    expect(await page.title()).toBe("No such daily category · Puzzles");
    await page.locator(".daily-tabs").getByRole("link", { name: "4×4", exact: true }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Daily puzzles: past days");
    expect(new URL(page.url()).pathname).toBe("/daily/4x4");
  });

  it("charts the analysis of a 3x3 solution with a detour: one point per move, the mistake marked", async () => {
    // ULUL from the goal: RDRD is optimal; RD L R RD wastes two moves on one mistake (L).
    await page.goto(`${api.origin}${await slidingPuzzle(3, "ULUL", "Detour")}`);
    await page.locator(".play .board").waitFor();
    await playMoves(page, "RDLRRD");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    const summary = page.getByTestId("analysis-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toBe("6 moves · optimum 4 · 2 moves lost · 1 mistake");
    expect(await page.locator(".distance-chart circle.move").count()).toBe(6);
    const mistakes = page.locator(".distance-chart circle.mistake");
    expect(await mistakes.count()).toBe(1);
    expect(await mistakes.getAttribute("data-index")).toBe("3");
    await mistakes.hover();
    expect(await page.locator(".chart-caption").textContent()).toBe(
      "Move 3: L, distance 2 → 3 (mistake: one step further from the goal)",
    );
    await shot(page, "analysis");
  });

  it("highlights a hinted move that brings the goal one step closer", async () => {
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("button", { name: "Hint" }).click();
    const text = page.getByTestId("hint-text");
    await expect.poll(() => text.getAttribute("data-distance")).toBe("4");
    const hinted = page.locator(".play .board .hinted");
    expect(await hinted.count()).toBe(1);
    if (SCREENSHOTS) await page.waitForTimeout(3500); // the reset's glide and the hint's pulse end
    await shot(page, "hint");
    await hinted.click();
    await expect.poll(() => page.getByTestId("move-count").textContent()).toBe("1");
    expect(await page.locator(".play .board .hinted").count()).toBe(0);
    await page.getByRole("button", { name: "Hint" }).click();
    await expect.poll(() => text.getAttribute("data-distance")).toBe("3");
  });

  it("shows a 4x4 analysis as pending with its progress while the workers prove it", async () => {
    await page.goto(`${api.origin}${await slidingPuzzle(4, "UL", "Pending")}`);
    await page.locator(".play .board").waitFor();
    await playMoves(page, "RD");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    const pending = page.getByTestId("analysis-pending");
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(/Proving the distances along your solution… \d+%/);
    expect(await pending.locator("progress").count()).toBe(1);
  });

  it("says why a 5x5 has no analysis", async () => {
    await page.goto(`${api.origin}${await slidingPuzzle(5, "UL", "Big")}`);
    await page.locator(".play .board").waitFor();
    await playMoves(page, "RD");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".analysis").textContent())
      .toContain("No analysis for boards larger than 4×4");
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
