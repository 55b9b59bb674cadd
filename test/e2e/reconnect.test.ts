// The page keeps following a search when the page is reloaded and when the server goes away and comes
// back: no worker runs, so a requested 4x4 stays QUEUED (open) for as long as the test needs.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { BOARDS, createPuzzle, FAST_PIPELINE } from "../pipeline/pipeline.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

// Records in `window.__said` each text the live-connection status line takes, with the text of the
// element that has the focus at that moment.
const RECORD_STATUS = `(() => {
  const element = document.querySelector('[data-testid="live-status"]');
  window.__said = [];
  new MutationObserver(() => {
    if (element.textContent) window.__said.push([element.textContent, document.activeElement?.textContent ?? ""]);
  }).observe(element, { childList: true, characterData: true, subtree: true });
})()`;

describe.skipIf(missing !== undefined)("the page across reloads and a server restart", () => {
  let database: TestDatabase;
  let api: TestServer;
  let env: Record<string, string>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let userName: string;
  let puzzleId: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    database = await createTestDatabase({ prefix: "reconnect" });
    env = { ...FAST_PIPELINE, DATABASE_URL: database.url, REDIS_PREFIX: `test-reconnect-${process.pid}` };
    api = await startTestServer({ env });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const name = uniqueName("reload");
    userName = name;
    const signedUp = await api.client().signUp(name);
    token = signedUp.token;
    puzzleId = await createPuzzle(signedUp.client, [...BOARDS.twoSeconds]);
    await signInPage(page, api.origin, token, name);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.server.close();
    if (env) await deleteRedisKeys(api.config.redisUrl, env.REDIS_PREFIX);
    await database?.drop();
  });

  const solveStatus = () => page.getByTestId("solve-status").textContent();

  it("follows a search again after a reload, and cancels it", async () => {
    await page.goto(`${api.origin}/puzzles/${puzzleId}`);
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect.poll(solveStatus).toMatch(/worker/);

    await page.reload();
    // The open search is shown again, with its Cancel.
    await expect.poll(solveStatus).toMatch(/worker/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("solve-outcome").textContent()).toMatch(/^Cancelled/);

    // Once it has ended, a reload shows the plain form again.
    await page.reload();
    await page.getByRole("button", { name: "Find the optimal solution" }).waitFor();
    expect(await page.getByTestId("solve-status").count()).toBe(0);
  }, 60_000);

  it("follows the search again after the server restarts", async () => {
    await page.goto(`${api.origin}/puzzles/${puzzleId}`);
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect.poll(solveStatus).toMatch(/worker/);
    const solves = await api
      .client(token)
      .data<{ puzzle: { solves: { edges: { node: { id: string } }[] } } }>(
        `query ($id: ID!) { puzzle(id: $id) { solves(first: 1) { edges { node { id } } } } }`,
        { id: puzzleId },
      );
    const openSolve = solves.puzzle.solves.edges[0].node.id;

    // Everything the page's status line says, and where the keyboard focus was each time.
    const status = page.getByTestId("live-status");
    expect(await status.getAttribute("role")).toBe("status");
    expect(await status.textContent()).toBe("");
    await page.getByRole("button", { name: "Cancel" }).focus();
    await page.evaluate(RECORD_STATUS);
    const said = () => page.evaluate("window.__said") as Promise<string[][]>;

    const port = new URL(api.origin).port;
    await api.server.close();
    // One notice for the whole page (the solve panel and the leaderboard each have a subscription), and
    // no panel's own error while the retries go on.
    await expect.poll(() => status.textContent()).toBe("Live updates paused: reconnecting…");
    // Down long enough for the page's first reconnection attempts to be refused.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await page.locator(".message.error:visible").count()).toBe(0);
    api = await startTestServer({ env: { ...env, PORT: port } });

    // While the page was away, the search was cancelled: the page hears it once it is back.
    await api
      .client(token)
      .data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: openSolve });

    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe("Live updates are back.");
    // Said once each; the notice left the focus on Cancel (the cancellation heard next may move it).
    expect((await said()).map(([text]) => text)).toEqual([
      "Live updates paused: reconnecting…",
      "Live updates are back.",
    ]);
    expect((await said())[0][1]).toBe("Cancel");

    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent(), { timeout: 30_000 })
      .toMatch(/^Cancelled/);
    await expect.poll(() => page.locator(".board-list .message.error").isVisible()).toBe(false);
    // "back" clears after a few seconds; nothing more was said.
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("");
    expect((await said()).length).toBe(2);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it("clears 'reconnecting…' when the visitor goes to a page with nothing live", async () => {
    await page.goto(`${api.origin}/puzzles/${puzzleId}`);
    const status = page.getByTestId("live-status");
    // The leaderboard's subscription is open (its connection made) before the server goes away.
    await page.locator(".board-list table, .board-list p.muted").first().waitFor();
    await page.waitForTimeout(500);
    const port = new URL(api.origin).port;
    await api.server.close();
    await expect.poll(() => status.textContent()).toBe("Live updates paused: reconnecting…");
    // The top solvers' page subscribes to nothing: nothing is paused any more. Before, the line said
    // "reconnecting…" for good, the server back or not.
    await page.locator("header nav").getByRole("link", { name: "Solvers", exact: true }).click();
    await expect.poll(() => status.textContent()).toBe("");
    api = await startTestServer({ env: { ...env, PORT: port } });
    await page.waitForTimeout(1000);
    expect(await status.textContent()).toBe("");
    expect(pageErrors).toEqual([]);
  }, 30_000);

  it("says nothing when signing out replaces the live connection on purpose", async () => {
    await page.goto(`${api.origin}/puzzles/${puzzleId}`);
    const status = page.getByTestId("live-status");
    // The leaderboard's subscription is open (its connection made) before signing out closes it.
    await page.locator(".board-list table, .board-list p.muted").first().waitFor();
    await page.waitForTimeout(500);
    await page.evaluate(RECORD_STATUS);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign up" }).first().waitFor();
    await page.waitForTimeout(1500);
    expect(await page.evaluate("window.__said")).toEqual([]);
    expect(await status.textContent()).toBe("");
    expect(pageErrors).toEqual([]);
  }, 30_000);

  it("says once that live updates stopped when the retries run out, and no panel adds its own error", async () => {
    const clocked = await browser.newPage();
    clocked.setDefaultTimeout(20_000);
    clocked.on("pageerror", (error) => pageErrors.push(error.message));
    // The page's clock is driven by the test: the five minutes of retries pass in a few seconds.
    await clocked.clock.install();
    await signInPage(clocked, api.origin, token, userName);
    await clocked.goto(`${api.origin}/puzzles/${puzzleId}`);
    await clocked.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect.poll(() => clocked.getByTestId("solve-status").textContent()).toMatch(/worker/);
    await clocked.evaluate(RECORD_STATUS);

    const port = new URL(api.origin).port;
    await api.server.close();
    for (let i = 0; i < 60; i++) {
      await clocked.clock.fastForward(11_000);
      await clocked.waitForTimeout(50);
    }
    const status = clocked.getByTestId("live-status");
    await expect.poll(() => status.textContent()).toMatch(/^Live updates stopped/);
    expect((await clocked.evaluate("window.__said")) as string[][]).toHaveLength(2);
    // The solve panel and the leaderboard leave the one message to the status line.
    expect(await clocked.locator(".message.error:visible").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await clocked.close();
    api = await startTestServer({ env: { ...env, PORT: port } });
  }, 60_000);
});
