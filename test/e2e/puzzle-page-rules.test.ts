// What a puzzle's page and a player's page say about the competition's rules, in headless Chromium
// against a real API server (no worker: today's 3x3 daily is proven within `ensure`, 3x3 hints and
// solves come from the table): before a first submission, that a hint or the solver makes the game
// unrated; why moves are hidden while a daily's day runs; and a running daily opened through
// /puzzles/:id locked as on its daily page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

// A blank move → the arrow key that makes it (an arrow slides a tile into the gap).
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;
const UNRATED_NOTE =
  "Using a hint or the solver makes your game on this puzzle unrated: your rating won't change.";
const DAILY_HIDDEN = "🔒 Nobody sees others' moves until the daily puzzle's day ends (midnight UTC).";
const today = () => new Date().toISOString().slice(0, 10);

describe.skipIf(missing !== undefined)("the rules on a puzzle's page", () => {
  const api = useTestServer();
  let browser: Browser;
  let player: { token: string; name: string };
  let other: { token: string; name: string };
  let daily: { id: string; start: number[] };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
    for (const who of ["player", "other"] as const) {
      const { token, user } = await api.client().signUp();
      if (who === "player") player = { token, name: user.name };
      else other = { token, name: user.name };
    }
    const { dailyPuzzle } = await api
      .client()
      .data<{ dailyPuzzle: { puzzle: { id: string; start: number[] } } }>(
        `{ dailyPuzzle(category: SLIDING_3X3) { puzzle { id start } } }`,
      );
    daily = dailyPuzzle.puzzle;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(who?: { token: string; name: string }): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    if (who) await signInPage(page, api.origin, who.token, who.name);
    return page;
  }

  const visibleNotes = (page: Page, panel: ".play" | ".solve") =>
    page.locator(`${panel} [data-testid="unrated-note"]:visible`);

  it("says in the verdict that a game played after a hint was unrated", async () => {
    const start = [1, 2, 3, 4, 5, 6, 7, 0, 8]; // one move from the goal (another board than below's)
    const { createPuzzle } = await api
      .client(other.token)
      .data<{ createPuzzle: { id: string } }>(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } });
    const page = await newPage(player);
    await page.goto(`${api.origin}/puzzles/${createPuzzle.id}`);
    await page.locator(".play .board").waitFor();
    await page.getByRole("button", { name: "Hint" }).click();
    await page.locator(".play .board .hinted").waitFor();
    await page.keyboard.press(KEY.R);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play .message.info").textContent())
      .toBe("Accepted: 1 move · rank 1 · optimal ✓ · unrated: your rating does not change");
  });

  it("says beside Hint and the solver, before the first submission, that they make the game unrated", async () => {
    const start = [1, 2, 3, 4, 5, 6, 0, 7, 8]; // two moves from the goal: R R (the blank's moves)
    const { createPuzzle } = await api
      .client(player.token)
      .data<{ createPuzzle: { id: string } }>(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } });
    const page = await newPage(player);
    await page.goto(`${api.origin}/puzzles/${createPuzzle.id}`);
    await page.locator(".play .board").waitFor();
    // Before: nothing on the page said so, and a player who walked the hints to the goal expected credit.
    await expect.poll(() => visibleNotes(page, ".play").count()).toBe(1);
    expect(await visibleNotes(page, ".play").textContent()).toBe(UNRATED_NOTE);
    expect(await visibleNotes(page, ".solve").textContent()).toBe(UNRATED_NOTE);

    for (const move of "RR") await page.keyboard.press(KEY[move]);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect.poll(() => page.locator(".play .message.info").textContent()).toMatch(/^Accepted/);
    // Played without help: the verdict says the game was rated (Submission.game).
    expect(await page.locator(".play .message.info").textContent()).toBe(
      "Accepted: 2 moves · rank 1 · optimal ✓ · rated",
    );
    // The first submission is the game: from now on a hint or a solve changes nothing.
    await expect.poll(() => visibleNotes(page, ".play").count()).toBe(0);
    expect(await visibleNotes(page, ".solve").count()).toBe(0);
    await page.reload();
    await page.locator(".puzzle-facts .badge").first().waitFor();
    expect(await page.locator('[data-testid="unrated-note"]:visible').count()).toBe(0);

    // Anonymous visitors can use neither: a browser of their own (this one's pages share the player's
    // localStorage, so a page opened here is signed in). Before, they read the note: the page took
    // "no session" (undefined) for a session.
    const elsewhere = await launchBrowser();
    try {
      const anonymous = await elsewhere.newPage();
      anonymous.on("pageerror", (error) => pageErrors.push(error.message));
      await anonymous.goto(`${api.origin}/puzzles/${createPuzzle.id}`);
      await anonymous.locator(".puzzle-facts .badge").first().waitFor();
      expect(await anonymous.evaluate('localStorage.getItem("puzzles.token")')).toBeNull();
      expect(await anonymous.locator('[data-testid="unrated-note"]:visible').count()).toBe(0);
      // Signing up there shows it (the facts reload with the new viewer, who has no submission).
      await anonymous
        .locator("header")
        .getByRole("textbox", { name: "name" })
        .fill(`anon${Date.now() % 1_000_000}`);
      await anonymous.locator("header").getByRole("button", { name: "Sign up" }).click();
      await expect.poll(() => anonymous.locator('[data-testid="unrated-note"]:visible').count()).toBe(2);
    } finally {
      await elsewhere.close();
    }
    await page.close();
  }, 60_000);

  it("says the day hides the moves of a running daily, even from a player who solved it optimally", async () => {
    const optimal = tableSolution(3, 3, daily.start, GOAL3) as string;
    for (const who of [player, other]) await api.client(who.token).data(SUBMIT, { p: daily.id, m: optimal });
    const page = await newPage(player);

    await page.goto(`${api.origin}/users/${other.name}`);
    const submission = page.locator(".submissions .puzzle-item").first();
    await submission.waitFor();
    // Before: "🔒 Submit an optimal solution to see others' moves.", to a player who just had.
    await expect.poll(() => submission.getByTestId("hidden-moves").textContent()).toBe(DAILY_HIDDEN);

    await page.goto(`${api.origin}/puzzles/${daily.id}`);
    await expect
      .poll(() => page.locator(".puzzle-facts .optimal-moves").textContent())
      .toBe(`Optimal solution: ${DAILY_HIDDEN}`);
    await page.close();
  }, 60_000);

  it("locks a running daily opened through /puzzles/:id as its daily page does, with a link to it", async () => {
    const page = await newPage(other);
    await page.goto(`${api.origin}/puzzles/${daily.id}`);
    await page.locator(".play .board").waitFor();
    const hint = page.getByRole("button", { name: "Hint" });
    // Before: an open Hint and the whole search panel, each click refused by the server.
    await expect.poll(() => hint.isDisabled()).toBe(true);
    expect(await page.getByTestId("hint-text").textContent()).toMatch(
      /^Hints: Not while the daily puzzle runs.*left\)\.$/,
    );
    expect(await page.getByRole("button", { name: "Find the optimal solution" }).count()).toBe(0);
    const notice = page.getByTestId("daily-notice");
    expect(await notice.getByRole("heading").textContent()).toBe("While the day runs");
    // Hints are locked here: the note on what they do would only confuse.
    expect(await page.locator('[data-testid="unrated-note"]:visible').count()).toBe(0);
    await notice.getByRole("link", { name: "play it on its daily page" }).click();
    await page.waitForURL(new RegExp(`/daily/3x3/${today()}$`));
    await page.locator(".play .board").waitFor();
    await page.close();
  }, 60_000);

  it("raised no error in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
