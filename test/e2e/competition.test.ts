// The competition on the web page, in headless Chromium against a real API server and worker:
// board thumbnails in every list, the puzzle list's filters kept in the URL (and its pages), a
// player's rating and its history after a rated submission, the spoiler rule's explanation, the
// bound chart of a fast solve, and the header's links. `SCREENSHOTS=1` saves screens to
// docs/screenshots/ (npm run screenshots:web).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { projectRoot } from "../../src/project-root.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { chromiumMissing, ensureWebBuilt, launchBrowser, type Browser, signInPage } from "./browser.ts";

const missing = chromiumMissing();
if (missing) console.warn(`[e2e] skipping the browser tests: ${missing}`);

const SCREENSHOTS = process.env.SCREENSHOTS === "1";

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir = join(projectRoot, "docs", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SOLVE = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { status optimal } }`;

/** Four blank moves from the goal: the way back is R D R D (the arrow keys ← ↑ ← ↑). */
const FOUR_MOVES = applySlidingMoves(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0], "ULUL");
/** A Rotation Game board: eight each of 1, 2 and 3. */
const ROTATION = Array.from({ length: 24 }, (_, i) => (i % 3) + 1);

async function create(client: GraphQLClient, input: Record<string, unknown>): Promise<string> {
  return (await client.data(CREATE, { i: input })).createPuzzle.id as string;
}

describe.skipIf(missing !== undefined)("the competition on the web page", () => {
  const api = useTestServer({ env: { ...FAST_PIPELINE, RATE_LIMIT_WORK: "1000" } });
  let worker: WorkerProcess;
  let browser: Browser;
  let page: Page;
  let player: { token: string; user: { name: string }; client: GraphQLClient };
  let other: { token: string; user: { name: string }; client: GraphQLClient };
  const ids: Record<string, string> = {};
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [worker, browser] = await Promise.all([startWorker(api), launchBrowser()]);
    player = await api.client().signUp();
    other = await api.client().signUp();
    // 21 small boards by `other` (one more than a page), then the ones the tests look at.
    for (let i = 0; i < 21; i++) {
      const start = applySlidingMoves(2, 3, [1, 2, 3, 4, 5, 0], ["L", "LL", "U", "UL", "LU", "LLU"][i % 6]);
      await create(other.client, { kind: "SLIDING", rows: 2, cols: 3, start, title: `Filler ${i + 1}` });
    }
    ids.rotation = await create(other.client, { kind: "ROTATION", start: ROTATION, title: "Stripes" });
    ids.four = await create(other.client, {
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: FOUR_MOVES,
      title: "Four moves",
    });
    // A 3x3 is answered from its distance table at once: its optimum is proven.
    expect((await other.client.data(SOLVE, { p: ids.four })).requestSolve).toMatchObject({ optimal: true });
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInPage(page, api.origin, player.token, player.user.name);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  it("links Recent to the puzzle list, not to the front page", async () => {
    await page.goto(`${api.origin}/`);
    const brand = await page.locator("header.top nav a").first().getAttribute("href");
    const recent = await page.getByRole("link", { name: "Recent", exact: true }).getAttribute("href");
    expect(brand).toBe("/");
    expect(recent).not.toBe(brand);
    await page.getByRole("link", { name: "Recent", exact: true }).click();
    await page.waitForURL(/\/puzzles$/);
    await page.locator("form.filters").waitFor();
  });

  it("shows a thumbnail of the start, the optimum and the percentile beside every listed puzzle", async () => {
    await page.goto(`${api.origin}/`);
    const item = page.locator(`.recent [data-puzzle-id="${ids.four}"]`);
    const thumb = item.locator("svg.thumb");
    expect(await thumb.getAttribute("data-board")).toBe(FOUR_MOVES.join(","));
    // Eight tiles, numbered in the start's order (the blank left out), those in place in green.
    expect(await thumb.locator("text").allTextContents()).toEqual(
      FOUR_MOVES.filter((t) => t !== 0).map(String),
    );
    expect(await thumb.locator("rect.tile.home").count()).toBe(
      FOUR_MOVES.filter((t, i) => t !== 0 && t === [1, 2, 3, 4, 5, 6, 7, 8, 0][i]).length,
    );
    expect(await item.locator(".badge.optimum").textContent()).toBe("optimum 4");
    expect(await item.locator(".badge.percentile").textContent()).toMatch(/^harder than <?\d+(\.\d+)?%$/);
    const rotation = page.locator(`.recent [data-puzzle-id="${ids.rotation}"] svg.thumb`);
    expect(await rotation.locator("rect").count()).toBe(24);
    expect(await rotation.locator("rect.sym1").count()).toBe(8);
    // Every list item on the page has one.
    const items = await page.locator(".recent .puzzle-item").count();
    expect(await page.locator(".recent .puzzle-item svg.thumb").count()).toBe(items);
    await shot(page, "home-competition");
  });

  it("filters and orders the puzzle list, keeps it in the URL and pages through it", async () => {
    await page.goto(`${api.origin}/puzzles`);
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(20);
    await page.getByRole("link", { name: "Next page →" }).click();
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(3);
    expect(page.url()).toContain("after=");
    await page.getByRole("link", { name: "← First page" }).click();
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(20);

    await page.getByLabel("kind").selectOption("rotation");
    await page.waitForURL(/kind=rotation/);
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(1);
    expect(await page.getByLabel("kind").inputValue()).toBe("rotation");
    expect(await page.locator(".puzzle-results .puzzle-item").getAttribute("data-puzzle-id")).toBe(
      ids.rotation,
    );

    // A size, and only proven optima: the 3x3.
    await page.goto(`${api.origin}/puzzles?size=3x3&optimum=yes`);
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(1);
    expect(await page.getByLabel("size").inputValue()).toBe("3x3");
    await page.getByLabel("optimum").selectOption("no");
    await page.waitForURL(/optimum=no/);
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("No puzzle matches");

    // Owner: nobody but `other` created puzzles.
    await page.goto(`${api.origin}/puzzles?owner=${player.user.name}`);
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("No puzzle matches");
    await page.goto(`${api.origin}/puzzles?owner=${other.user.name}&order=most-played`);
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(20);
    expect(await page.getByLabel("order").inputValue()).toBe("most-played");
    await page.goto(`${api.origin}/puzzles?kind=sliding`);
    await expect.poll(() => page.locator(".puzzle-results .puzzle-item").count()).toBe(20);
    await shot(page, "puzzles-filtered");
  });

  it("shows the rating and its history after a rated submission", { timeout: 90_000 }, async () => {
    await page.goto(`${api.origin}/users/${player.user.name}`);
    await expect.poll(() => page.getByTestId("rating").textContent()).toContain("No rating yet");

    await page.goto(`${api.origin}/puzzles/${ids.four}`);
    await page.locator(".play .board").waitFor();
    await expect.poll(() => page.getByTestId("puzzle-facts").textContent()).toContain("optimum 4 moves");
    for (const key of ["ArrowLeft", "ArrowUp", "ArrowLeft", "ArrowUp"]) await page.keyboard.press(key);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect.poll(() => page.locator(".play .message.info").textContent()).toMatch(/rank 1/);
    // Optimal: the optimal solution's moves are no longer hidden from this player.
    await expect.poll(() => page.locator(".optimal-moves code.moves").textContent()).toMatch(/^[UDLR]{4}$/);

    await page.goto(`${api.origin}/users/${player.user.name}`);
    // Beat a 1500 puzzle from 1500: above 1500, deviation below the newcomer's 350, one game.
    await expect.poll(() => page.getByTestId("rating").textContent()).toMatch(/^\d{4} ± \d+$/);
    const [value, deviation] = ((await page.getByTestId("rating").textContent()) ?? "")
      .split(" ± ")
      .map(Number);
    expect(value).toBeGreaterThan(1500);
    expect(deviation).toBeLessThan(350);
    expect(await page.locator(".rating-value").textContent()).toContain("after 1 rated game");
    await page.locator("svg.rating-chart").waitFor();
    expect(await page.locator("svg.rating-chart").getAttribute("data-games")).toBe("1");
    expect(await page.locator(".rated-games li").first().textContent()).toContain("Four moves");
    // The submission is listed with its thumbnail and, to its author, its moves.
    expect(await page.locator(".submissions .puzzle-item svg.thumb").count()).toBe(1);
    expect(await page.locator(".submissions code.moves").textContent()).toBe("RDRD");
    await shot(page, "user-rating");

    // The ranking by rating lists the player.
    await page.goto(`${api.origin}/solvers?by=rating`);
    await expect.poll(() => page.locator("table.solvers[data-order=RATING] tbody tr").count()).toBe(1);
    expect(await page.locator("table.solvers tbody tr td.rating").textContent()).toMatch(/^\d{4} ± \d+$/);
    await shot(page, "solvers-rating");
  });

  it("says why someone else's moves are hidden", { timeout: 60_000 }, async () => {
    // The browser's profile is shared by its pages: sign in as `other`, who has no optimal solution.
    const signInAs = (who: { token: string; user: { name: string } }) =>
      page.evaluate(
        `localStorage.setItem("puzzles.token", ${JSON.stringify(who.token)});` +
          `localStorage.setItem("puzzles.name", ${JSON.stringify(who.user.name)});`,
      );
    await signInAs(other);
    try {
      await page.goto(`${api.origin}/users/${player.user.name}`);
      await expect
        .poll(() => page.getByTestId("hidden-moves").first().textContent())
        .toContain("Submit an optimal solution to see others' moves");
      expect(await page.locator(".submissions code.moves").count()).toBe(0);
      await shot(page, "spoiler-hidden");
    } finally {
      await signInAs(player);
    }
  });

  it("draws a fast solve's bound chart on a sane axis", async () => {
    await page.goto(
      `${api.origin}/puzzles/${await create(player.client, { kind: "SLIDING", rows: 4, cols: 4, start: [...BOARDS.second] })}`,
    );
    await page.locator(".play .board").waitFor();
    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByLabel("heuristic").selectOption("LINEAR_CONFLICT");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    const outcome = page.getByTestId("solve-outcome");
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toContain("Optimal solution: 58 moves");
    const chart = page.locator("svg.chart");
    await chart.waitFor();
    const span = Number(await chart.getAttribute("data-span-ms"));
    const low = Number(await chart.getAttribute("data-low"));
    const high = Number(await chart.getAttribute("data-high"));
    expect(span).toBeGreaterThan(1);
    expect(low).toBeLessThan(high);
    expect(high).toBeGreaterThanOrEqual(58);
    // The time axis reads in ms under a second, never "0.0 s".
    const labels = await chart.locator(".chart-label").allTextContents();
    expect(labels.join(" ")).not.toContain("0.0 s");
    expect(labels).toContain(span < 1000 ? `${Math.round(span)} ms` : labels.find((l) => / s$/.test(l)));
    // Elapsed reads the time the axis ends at (labels: low, high, the axis' end, "0").
    expect(await page.locator("dt:text-is('Elapsed') + dd").textContent()).toBe(labels[2]);
    // The line runs from the start to the end of the axis, not up the y axis.
    const xs = ((await chart.locator(".chart-line").getAttribute("points")) ?? "")
      .split(" ")
      .map((point) => Number(point.split(",")[0]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(100);
    await shot(page, "solve-fast");
  }, 120_000);

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
