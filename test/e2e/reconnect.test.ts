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

describe.skipIf(missing !== undefined)("the page across reloads and a server restart", () => {
  let database: TestDatabase;
  let api: TestServer;
  let env: Record<string, string>;
  let browser: Browser;
  let page: Page;
  let token: string;
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

    const port = new URL(api.origin).port;
    await api.server.close();
    // Down long enough for the page's first reconnection attempts to be refused.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    api = await startTestServer({ env: { ...env, PORT: port } });

    // While the page was away, the search was cancelled: the page hears it once it is back.
    await api
      .client(token)
      .data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: openSolve });

    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent(), { timeout: 30_000 })
      .toMatch(/^Cancelled/);
    await expect.poll(() => page.locator(".board-list .message.error").isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
