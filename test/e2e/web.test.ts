// The web page end to end, in headless Chromium, against a real API server (its own database, real
// Redis) and a real worker process: sign up, create and play a 3x3 with the keyboard, submit and see
// rank 1; watch a 4x4 search live and animate its solution; an invalid typed board shows its error.
// `SCREENSHOTS=1` also saves the main screens to docs/screenshots/ (npm run screenshots:web).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { projectRoot } from "../../src/project-root.ts";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { chromiumMissing, ensureWebBuilt, launchBrowser, type Browser } from "./browser.ts";

const missing = chromiumMissing();
if (missing) console.warn(`[e2e] skipping the browser tests: ${missing}`);

const SCREENSHOTS = process.env.SCREENSHOTS === "1";
const shotsDir = join(projectRoot, "docs", "screenshots");

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** Types a board into the create form and saves it; resolves with the new puzzle's page path. */
async function createPuzzle(
  page: Page,
  origin: string,
  preset: string,
  tiles: string,
  title: string,
): Promise<string> {
  await page.goto(`${origin}/new`);
  await page.locator(".segmented label", { hasText: preset }).click();
  await page.getByLabel("title").fill(title);
  await page.getByLabel("tiles").fill(tiles);
  await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
  await page.getByRole("button", { name: "Save puzzle" }).click();
  await page.waitForURL(/\/puzzles\/\d+$/);
  await page.locator(".play .board").waitFor();
  return new URL(page.url()).pathname;
}

describe.skipIf(missing !== undefined)("the web page in headless Chromium", () => {
  const api = useTestServer({ env: FAST_PIPELINE });
  let worker: WorkerProcess;
  let browser: Browser;
  let page: Page;
  const name = uniqueName("player");
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [worker, browser] = await Promise.all([startWorker(api), launchBrowser()]);
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  it("shows the server's sign-up error as a sentence, then signs up and keeps the token", async () => {
    await page.goto(`${api.origin}/`);
    await page.locator("#header-name").fill("x");
    await page.getByRole("button", { name: "Sign up" }).click();
    const error = page.locator("form.signup .message.error");
    await error.waitFor();
    const text = (await error.textContent()) ?? "";
    expect(text.length).toBeGreaterThan(5);
    expect(text).not.toMatch(/[{}]|extensions/);

    await page.locator("#header-name").fill(name);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.locator(".account .who").textContent()).toContain(name);
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toMatch(/.{16,}/);
    await page.getByRole("link", { name: "Create a puzzle" }).waitFor();
  });

  it("flags an invalid typed board before saving", async () => {
    await page.goto(`${api.origin}/new`);
    await page.getByLabel("tiles").fill("1 2 3 4 5 6 7 8 8");
    await expect.poll(() => page.locator(".create .status").textContent()).toBe("Start repeats tile 8");
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(true);
    await shot(page, "create-invalid");

    await page.getByLabel("tiles").fill("2 1 3 4 5 6 7 8 0");
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Unsolvable");
    expect(await page.getByRole("button", { name: /^Save/ }).textContent()).toBe("Save anyway (unsolvable)");
  });

  it("creates a 3x3, plays it to the goal with the keyboard, submits and ranks 1", async () => {
    // Four blank moves from the goal; the way back is R D R D, which the arrow keys write as
    // ← ↑ ← ↑ (an arrow slides a tile into the gap, so the blank goes the other way).
    const start = applySlidingMoves(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0], "ULUL");
    const path = await createPuzzle(page, api.origin, "3×3", start.join(" "), "Warm-up");
    await shot(page, "play-start");

    // A click on the tile right of the gap slides it; undo takes it back.
    await page.locator(".play .tile", { hasText: /^1$/ }).click();
    await expect.poll(() => page.getByTestId("move-count").textContent()).toBe("1");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.getByTestId("move-count").textContent()).toBe("0");

    for (const key of ["ArrowLeft", "ArrowUp", "ArrowLeft", "ArrowUp"]) await page.keyboard.press(key);
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe("RDRD");
    await expect.poll(() => page.locator(".play .status").textContent()).toBe("Solved in 4 moves!");
    expect(await page.locator(".play .board").getAttribute("data-board")).toBe("1,2,3,4,5,6,7,8,0");

    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    const verdict = page.locator(".play .message.info");
    await expect.poll(() => verdict.textContent()).toMatch(/^Accepted: 4 moves · rank 1\b/);
    // The leaderboard panel hears about the new entry live.
    await expect.poll(() => page.locator(".leaderboard tbody tr").first().textContent()).toContain(name);
    await shot(page, "play-submitted");

    await page.goto(`${api.origin}/users/${name}`);
    await expect.poll(() => page.locator(".stat-row").textContent()).toContain("1submission1");
    await shot(page, "user");
    expect(path).toMatch(/^\/puzzles\/\d+$/);
  });

  it("solves a 4x4 live: progress updates, then the animated optimal solution", async () => {
    await createPuzzle(page, api.origin, "4×4", BOARDS.twoSeconds.join(" "), "Two seconds of IDA*");
    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByLabel("heuristic").selectOption("LINEAR_CONFLICT");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();

    // Generous waits: the machine's two cores are shared with other test files.
    await page.waitForFunction("Number(document.querySelector('.solve').dataset.updates) >= 1", undefined, {
      timeout: 60_000,
    });
    // The first update already carries the IDA* bound (a split search's units start at h(root) = 38).
    const bound = Number(await page.locator(".stats-grid dd").nth(1).textContent());
    expect(bound).toBeGreaterThanOrEqual(38);
    if (SCREENSHOTS) {
      // A few more updates make a chart worth showing (unless the search ends first).
      await page
        .waitForFunction("Number(document.querySelector('.solve').dataset.updates) >= 5", undefined, {
          timeout: 10_000,
        })
        .catch(() => undefined);
      await shot(page, "solve-live");
    }

    // Split across the fleet: the units done and the solver threads show under the numbers.
    await expect
      .poll(() => page.getByTestId("solve-fleet").textContent(), { timeout: 60_000 })
      .toMatch(/^units \d+ \/ \d+ · on \d+ threads?$/);
    const outcome = page.getByTestId("solve-outcome");
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toContain("Optimal solution: 56 moves (proven minimal)");
    expect(await page.locator(".chart-line").getAttribute("points")).toMatch(/\d/);

    await page.getByLabel("speed").selectOption({ label: "Fast" });
    await page.getByRole("button", { name: "▶ Animate" }).click();
    await expect
      .poll(() => page.getByTestId("solution-step").textContent(), { timeout: 20_000 })
      .not.toBe("0 / 56");
    await shot(page, "solve-animating");
    await expect
      .poll(() => page.getByTestId("solution-step").textContent(), { timeout: 20_000 })
      .toBe("56 / 56");
    expect(await page.locator(".solution .board").getAttribute("data-board")).toBe(
      "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
    );
  }, 180_000);

  it("cancels a long search and reports the bound it proved", async () => {
    await createPuzzle(page, api.origin, "4×4", BOARDS.hard.join(" "), "Korf #1, moved");
    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByLabel("heuristic").selectOption("MANHATTAN");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await page.waitForFunction("Number(document.querySelector('.solve').dataset.updates) >= 1", undefined, {
      timeout: 60_000,
    });
    await page.getByRole("button", { name: "Cancel" }).click();
    const outcome = page.getByTestId("solve-outcome");
    await outcome.waitFor({ timeout: 30_000 });
    expect(await outcome.textContent()).toMatch(/^Cancelled: any solution needs at least \d+ moves\.$/);
    expect(await page.getByRole("button", { name: "Cancel" }).isHidden()).toBe(true);
  }, 120_000);

  it("plays and solves a Rotation Game board", async () => {
    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "Rotation Game" }).click();
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    await shot(page, "create-rotation");
    await page.getByRole("button", { name: "Save puzzle" }).click();
    await page.waitForURL(/\/puzzles\/\d+$/);
    await page.locator(".play .board").waitFor();
    await page.keyboard.press("a");
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe("A");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent())
      .toMatch(/^Optimal solution: \d+ moves/);
    await shot(page, "rotation");
  });

  it("lists the recent puzzles on the front page", async () => {
    await page.goto(`${api.origin}/`);
    await expect.poll(() => page.locator(".recent .puzzle-item").count()).toBe(4);
    expect(await page.locator(".recent .puzzle-item").first().textContent()).toContain("Rotation Game");
    await shot(page, "home");
  });

  it("works at phone width", async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    phone.on("pageerror", (error) => pageErrors.push(error.message));
    await phone.goto(`${api.origin}/`);
    await phone.locator(".puzzles li").first().waitFor();
    await phone.locator(".puzzles li a").first().click();
    await phone.locator(".play .board").waitFor();
    const width = await phone.evaluate("document.documentElement.scrollWidth");
    expect(width).toBeLessThanOrEqual(390);
    await shot(phone, "phone");
    await phone.close();
  });

  it("forgets a token the server does not know and keeps working anonymously", async () => {
    await page.evaluate("localStorage.setItem('puzzles.token', 'pzt_not-a-real-token')");
    await page.goto(`${api.origin}/`);
    await page.locator("#header-name").waitFor();
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBeNull();
    await expect.poll(() => page.locator(".recent .puzzle-item").count()).toBe(4);
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
