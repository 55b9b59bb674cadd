// With no worker process running, a requested search stays QUEUED, and a 4x4 hint or analysis PENDING:
// the page says no worker is online (from /readyz's heartbeat count) instead of waiting silently.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { createSlidingSpec, defaultSlidingGoal, solve } from "../../src/core/index.ts";
import { BOARDS, FAST_PIPELINE } from "../pipeline/pipeline.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser } from "./browser.ts";

const missing = chromiumMissing();

describe.skipIf(missing !== undefined)("the search panel with no worker online", () => {
  // A hint or analysis answers PENDING after ANALYSIS_WAIT_MS (20 s by default) without its proof.
  const api = useTestServer({ env: { ...FAST_PIPELINE, ANALYSIS_WAIT_MS: "300" } });
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("says no worker is online while a 4x4 waits in the queue", async () => {
    const readyz = (await (await fetch(`${api.origin}/readyz`)).json()) as { workers: number };
    expect(readyz.workers).toBe(0);

    await page.goto(`${api.origin}/`);
    await page.locator("#header-name").fill(uniqueName("idle"));
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("link", { name: "Create a puzzle" }).waitFor();

    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "4×4" }).click();
    await page.getByLabel("tiles").fill(BOARDS.twoSeconds.join(" "));
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    await page.getByRole("button", { name: "Save puzzle" }).click();
    await page.waitForURL(/\/puzzles\/\d+$/);

    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-status").textContent())
      .toBe("No worker is online: the search starts when one is");
    // The sentence has its own row: it does not overlap the lower bound beside it.
    const status = await page.getByTestId("solve-status").boundingBox();
    const bound = await page.locator(".stats-grid dd").nth(1).boundingBox();
    expect(status && bound && status.y + status.height <= bound.y).toBe(true);
  }, 120_000);

  it("says no worker is online while a 4x4 hint and analysis wait for their proofs", async () => {
    // Signed up by the case above. 50 moves: the analysis of a solution the core finds.
    const start = [...BOARDS.quick];
    const moves = solve(createSlidingSpec(4, 4, start, defaultSlidingGoal(4, 4)), {
      algorithm: "idastar",
      heuristic: "linear-conflict",
    }).moves as string;
    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "4×4" }).click();
    await page.getByLabel("tiles").fill(start.join(" "));
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    await page.getByRole("button", { name: "Save puzzle" }).click();
    await page.waitForURL(/\/puzzles\/\d+$/);
    await page.locator(".play .board").waitFor();

    // Before: "Proving the best move… 0%" for as long as the page stayed open.
    await page.getByRole("button", { name: "Hint" }).click();
    await expect
      .poll(() => page.getByTestId("hint-text").textContent(), { timeout: 10_000 })
      .toBe("Proving the best move… 0%. No worker is online: it starts when one is.");

    const key: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
    for (const move of moves) await page.keyboard.press(key[move]);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.getByTestId("analysis-pending").textContent(), { timeout: 10_000 })
      .toBe("Proving the distances along your solution… 0%. No worker is online: it starts when one is.");
  }, 120_000);
});
