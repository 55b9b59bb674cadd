// What the page says where it used to say something false, in headless Chromium against a real API
// server (no worker: past 3x3 dailies are proven within `DailyService.ensure`, a 3x3 solve within its
// request): a day player's late submission keeps their day entry, a past day nobody played on says so,
// a daily address whose date is no day is a not-found card, and a player's counts are singular for one.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { madeAt, padded } from "../helpers/day-submissions.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;
const SOLVE = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { status } }`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(missing !== undefined)("what the page says", () => {
  const api = useTestServer();
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  /** The 3x3 daily of `day`: its puzzle's id, start and an optimal solution. */
  async function daily(day: string): Promise<{ id: string; start: number[]; optimal: string }> {
    await api.server.app.services.daily.ensure(day, "SLIDING_3X3");
    const { dailyPuzzle } = await api
      .client()
      .data<{ dailyPuzzle: { puzzle: { id: string; start: number[] } } }>(
        `query ($d: String) { dailyPuzzle(category: SLIDING_3X3, date: $d) { puzzle { id start } } }`,
        { d: day },
      );
    const { id, start } = dailyPuzzle.puzzle;
    return { id, start, optimal: tableSolution(3, 3, start, GOAL3) as string };
  }

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
    page = await browser.newPage({ width: 360, height: 800 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("tells a day player who submits after the day that their day entry stays, as the ranking shows", async () => {
    const day = daysAgo(3);
    const { id, start, optimal } = await daily(day);
    // The day's players: bobby with the optimum, alice two moves over it.
    const bobby = await api.client().signUp();
    const alice = await api.client().signUp();
    for (const [player, moves] of [
      [bobby, optimal],
      [alice, padded(start, 3, optimal, 1)],
    ] as const) {
      const { submitSolution } = await player.client.data<{ submitSolution: { id: string } }>(SUBMIT, {
        p: id,
        m: moves,
      });
      await madeAt(api.server.app.prisma, submitSolution.id, `${day}T12:00:00.000Z`);
    }

    await signInPage(page, api.origin, alice.token, alice.user.name);
    await page.goto(`${api.origin}/daily/3x3/${day}`);
    const rows = page.locator(".leaderboard tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    for (const move of optimal) await page.keyboard.press(KEY[move]);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    // Before: "… · after the day: not in the day's ranking (all-time rank 1) · optimal ✓".
    await expect
      .poll(() => page.locator(".play > .message.info").textContent())
      .toMatch(
        new RegExp(
          `^Accepted: ${optimal.length} moves · after the day: your day entry stays \\(rank 2\\); all-time rank 1 · optimal ✓`,
        ),
      );
    // The day ranking beside it: alice's day entry, rank 2, kept.
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual([
      "2",
      alice.user.name,
      String(optimal.length + 2),
      "",
      expect.any(String),
    ]);
    expect(await page.getByTestId("after-the-day").count()).toBe(0);
  });

  it("says nobody played on a past day whose only players came after it", async () => {
    const day = daysAgo(4);
    const { id, optimal } = await daily(day);
    const late = await api.client().signUp();
    await late.client.data(SUBMIT, { p: id, m: optimal });

    await page.goto(`${api.origin}/daily/3x3/${day}`);
    // Before: "No submissions yet: solve it and be first." and "1 more player submitted only after …".
    await expect
      .poll(() => page.getByTestId("leaderboard-empty").textContent())
      .toBe("Nobody played on the day.");
    await expect
      .poll(() => page.getByTestId("after-the-day").textContent())
      .toMatch(
        /^1 player submitted only after the day, when its optimal moves were public: not ranked here\. /,
      );
    expect(await page.locator(".board-list").textContent()).not.toMatch(/be first|more player/);
    expect(await page.getByTestId("daily-players").textContent()).toBe("0 players");
  });

  it("answers a daily address whose date is no day with the not-found card", async () => {
    for (const date of ["not-a-date", "2026-13-45", "2026-02-30"]) {
      await page.goto(`${api.origin}/daily/3x3/${date}`);
      // Before: only the API's error line, the tab still "Puzzles".
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("No such daily puzzle");
      expect(await page.title()).toBe("No such daily puzzle · Puzzles");
      expect(await page.getByTestId("not-found").textContent()).toContain(`“${date}” is not a day`);
      expect(await page.locator(".message.error:not([hidden])").count()).toBe(0);
      expect(await page.getByRole("link", { name: "See the past days" }).getAttribute("href")).toBe(
        "/daily/3x3",
      );
    }
    await page.getByRole("link", { name: "Go to the front page" }).click();
    await page.waitForURL(`${api.origin}/`);

    // A real day without a daily: named in the tab, with the way to the front page too.
    await page.goto(`${api.origin}/daily/3x3/2001-02-03`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("No daily puzzle here");
    expect(await page.title()).toBe("No daily puzzle here · Puzzles");
    expect(await page.getByRole("link", { name: "See the past days" }).count()).toBe(1);
    await page.getByRole("link", { name: "Go to the front page" }).click();
    await page.waitForURL(`${api.origin}/`);
  });

  it("counts one submission, optimal solution and puzzle in the singular on a player's page", async () => {
    const player = await api.client().signUp();
    const start = applySlidingMoves(3, 3, GOAL3, "UL");
    const { createPuzzle } = await player.client.data<{ createPuzzle: { id: string } }>(CREATE, {
      i: { kind: "SLIDING", rows: 3, cols: 3, start },
    });
    await player.client.data(SOLVE, { p: createPuzzle.id });
    await player.client.data(SUBMIT, { p: createPuzzle.id, m: "RD" });

    await page.goto(`${api.origin}/users/${player.user.name}`);
    const stats = page.locator(".stat-row .stat");
    await expect.poll(() => stats.count()).toBe(3);
    // Before: "1 submissions", "1 optimal solutions", "1 puzzles created".
    expect(await stats.evaluateAll((all) => all.map((stat) => stat.textContent))).toEqual([
      "1submission",
      "1optimal solution",
      "1puzzle created",
    ]);
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
