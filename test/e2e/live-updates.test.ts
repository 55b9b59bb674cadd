// Live updates as a keyboard or screen-reader user meets them, in headless Chromium against a real API
// server (no worker: a 4x4 hint stays PENDING): the leaderboard redraws under the focus without dropping
// it and says so politely; a pending hint does not read its percentage every second; signing out in one
// tab signs the other out too.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS } from "../pipeline/pipeline.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;

/** Counts the changes of every live region (aria-live or role=status) under `selector` from now on. */
const COUNT_LIVE = `((selector) => {
  window.__live = [];
  const root = document.querySelector(selector);
  new MutationObserver((records) => {
    for (const r of records) {
      const region = (r.target.nodeType === 1 ? r.target : r.target.parentElement).closest("[aria-live], [role=status]");
      if (region && root.contains(region)) window.__live.push(region.textContent);
    }
  }).observe(root, { childList: true, characterData: true, subtree: true });
})`;

describe.skipIf(missing !== undefined)("live updates for a keyboard and a screen reader", () => {
  const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "50" } });
  let browser: Browser;
  let page: Page;
  let viewer: { token: string; name: string };
  const pageErrors: string[] = [];

  const signUp = async (prefix: string) => {
    const { token, user } = await api.client().signUp(uniqueName(prefix));
    return { token, name: user.name };
  };
  const create = async (input: Record<string, unknown>) =>
    (await api.client(viewer.token).data<{ createPuzzle: { id: string } }>(CREATE, { i: input })).createPuzzle
      .id;

  beforeAll(async () => {
    ensureWebBuilt();
    viewer = await signUp("viewer");
    browser = await launchBrowser();
    page = await browser.newPage({ width: 1200, height: 700 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInPage(page, api.origin, viewer.token, viewer.name);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("keeps the focus on the same row's link while the leaderboard redraws, and announces it politely", async () => {
    const id = await create({ kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    const slow = await signUp("slow");
    await api.client(slow.token).data(SUBMIT, { p: id, m: "RLRR" });
    await page.goto(`${api.origin}/puzzles/${id}`);
    const rows = page.locator(".board-list tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await page.locator(".board-list a", { hasText: slow.name }).focus();
    await page.evaluate(`(${COUNT_LIVE})(".board-list")`);

    // Someone else submits a better solution: the focused row moves from rank 1 to rank 2.
    const fast = await signUp("fast");
    await api.client(fast.token).data(SUBMIT, { p: id, m: "RR" });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.evaluate("document.activeElement.textContent")).toBe(slow.name);
    expect(await page.evaluate("document.activeElement.closest('tr').cells[0].textContent")).toBe("2");
    await expect
      .poll(() => page.evaluate("window.__live") as Promise<string[]>)
      .toEqual(["Leaderboard updated: 2 players · optimum: 2."]);

    // Another change within 15 s redraws the board but is not read out again.
    const third = await signUp("third");
    await api.client(third.token).data(SUBMIT, { p: id, m: "RR" });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.evaluate("document.activeElement.textContent")).toBe(slow.name);
    expect(((await page.evaluate("window.__live")) as string[]).length).toBe(1);
  }, 60_000);

  it("reads a pending hint's progress at most once per 15 s", async () => {
    const id = await create({ kind: "SLIDING", rows: 4, cols: 4, start: [...BOARDS.twoSeconds] });
    await page.goto(`${api.origin}/puzzles/${id}`);
    await page.locator(".play .board").waitFor();
    await page.evaluate(`(${COUNT_LIVE})(".hint")`);
    await page.getByRole("button", { name: "Hint" }).click();
    await expect.poll(() => page.getByTestId("hint-text").textContent()).toMatch(/^Proving the best move/);
    await page.waitForTimeout(5000); // about five polls
    const spoken = (await page.evaluate("window.__live")) as string[];
    // "Thinking…", then at most one progress line.
    expect(spoken.length, spoken.join(" | ")).toBeLessThanOrEqual(2);
  }, 60_000);

  it("keeps the leaderboard live across signing out and signing up (before: it stopped until a reload)", async () => {
    const id = await create({ kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    await api.client(viewer.token).data(SUBMIT, { p: id, m: "RR" });
    await page.goto(`${api.origin}/puzzles/${id}`);
    const rows = page.locator(".board-list tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    const accept = (dialog: { accept(): Promise<void> }) => void dialog.accept();
    page.on("dialog", accept);
    try {
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.locator("#header-name").waitFor();
    } finally {
      page.off("dialog", accept);
    }
    const second = await signUp("second");
    await api.client(second.token).data(SUBMIT, { p: id, m: "RR" });
    await expect.poll(() => rows.count()).toBe(2);

    await page.locator("#header-name").fill(uniqueName("newcomer"));
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Signed in as").waitFor();
    const third = await signUp("third");
    await api.client(third.token).data(SUBMIT, { p: id, m: "RR" });
    await expect.poll(() => rows.count()).toBe(3);
    // On this wide page every header stands on one line (before: "Ran/k", "Optima/l"). Names may wrap.
    const lines = await page.evaluate(`[...document.querySelectorAll(".board-list th")].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return cell.textContent + ":" + range.getClientRects().length;
    })`);
    expect(lines).toEqual((lines as string[]).map((line) => line.replace(/:\d+$/, ":1")));
    expect(pageErrors).toEqual([]);
    // The tests after this one are the viewer's.
    await signInPage(page, api.origin, viewer.token, viewer.name);
  }, 60_000);

  it("signs a tab out when another tab of the same browser signs out", async () => {
    await page.goto(`${api.origin}/`);
    await page.getByText("Signed in as").waitFor();
    const other = await browser.newPage();
    await other.goto(`${api.origin}/`);
    await other.getByText("Signed in as").waitFor();
    await other.evaluate(`localStorage.removeItem("puzzles.token"); localStorage.removeItem("puzzles.name")`);
    await other.reload();
    await other.locator("header.top input[name=name]").first().waitFor();
    // The first tab no longer shows an account whose token it stopped sending.
    await page.locator("header.top input[name=name]").first().waitFor({ timeout: 5000 });
    expect(await page.getByText("Signed in as").count()).toBe(0);
    await other.close();
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
