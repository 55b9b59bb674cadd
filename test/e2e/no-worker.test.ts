// With no worker process running, a requested search stays QUEUED: the panel says no worker is
// online (from /readyz's heartbeat count) instead of waiting silently.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE } from "../pipeline/pipeline.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser } from "./browser.ts";

const missing = chromiumMissing();

describe.skipIf(missing !== undefined)("the search panel with no worker online", () => {
  const api = useTestServer({ env: FAST_PIPELINE });
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
});
