// A token replaced or revoked while the page is open, in headless Chromium against a real API server
// (no worker: a 3x3 is solved from its table within the request). Rotated from elsewhere, the page
// says that the token is no longer valid (not that the server cannot be reached, nor "sign up first"),
// keeps the board's moves, and submits them once the player signs in with the new token; rotated from
// the page's own "Replace my token", it shows and keeps the new one, and stays live.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;
const ROTATE = `mutation { rotateToken { token } }`;
const REFUSED = "Your token is no longer valid (it was replaced or revoked): sign in with your new token.";
// A blank move → the arrow key that makes it (an arrow slides a tile into the gap).
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };

describe.skipIf(missing !== undefined)("a token replaced while the page is open", () => {
  const api = useTestServer();
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
    page = await browser.newPage({ width: 1200, height: 900 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A 3x3 two moves from the goal ("RD" solves it), made by a new player. */
  async function puzzle(): Promise<string> {
    const { client } = await api.client().signUp();
    const start = applySlidingMoves(3, 3, GOAL3, "UL");
    const { createPuzzle } = await client.data<{ createPuzzle: { id: string } }>(CREATE, {
      i: { kind: "SLIDING", rows: 3, cols: 3, start },
    });
    return createPuzzle.id;
  }

  it("rotated elsewhere: says so, keeps the moves, and submits them after signing in with the new token", async () => {
    const id = await puzzle();
    const carol = await api.client().signUp();
    await signInPage(page, api.origin, carol.token, carol.user.name);
    await page.goto(`${api.origin}/puzzles/${id}`);
    await expect
      .poll(() => page.locator(".account .who").textContent())
      .toBe(`Signed in as ${carol.user.name}`);
    await page.locator(".board-list .muted").filter({ hasText: "No submissions yet" }).waitFor();
    for (const move of "RD") await page.keyboard.press(KEY[move]);
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe("RD");

    // From outside the page (another browser, a script): the server closes the page's socket (4401).
    const { rotateToken } = await carol.client.data<{ rotateToken: { token: string } }>(ROTATE);
    // Before: "Live updates stopped: the server cannot be reached. Reload the page to try again." while
    // the header still said "Signed in as carol".
    await expect.poll(() => page.getByTestId("token-refused").textContent(), { timeout: 4000 }).toBe(REFUSED);
    expect(await page.locator(".account .who").count()).toBe(0);
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBeNull();
    // The socket came back anonymously: nothing says the server is unreachable.
    await page.waitForTimeout(1500);
    expect(await page.getByTestId("live-status").textContent()).toBe("");
    expect(await page.getByTestId("moves").textContent()).toBe("RD");

    // Before: "Please sign up first: this needs an account."
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect.poll(() => page.locator(".play > .message.error").textContent()).toBe(REFUSED);

    await page.locator("#header-token").fill(rotateToken.token);
    await page.getByRole("button", { name: "Sign in with your token" }).click();
    await expect
      .poll(() => page.locator(".account .who").textContent())
      .toBe(`Signed in as ${carol.user.name}`);
    expect(await page.getByTestId("token-refused").count()).toBe(0);
    expect(await page.getByTestId("moves").textContent()).toBe("RD");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play > .message.info").textContent())
      .toMatch(/^Accepted: 2 moves · rank 1/);
    await expect
      .poll(() => page.locator(".leaderboard tbody tr td:nth-child(2)").allTextContents())
      .toEqual([carol.user.name]);
    // The leaderboard is live again, for the signed-in player: another player's entry appears.
    const other = await api.client().signUp();
    await other.client.data(SUBMIT, { p: id, m: "LRRD" });
    await expect
      .poll(() => page.locator(".leaderboard tbody tr td:nth-child(2)").allTextContents())
      .toEqual([carol.user.name, other.user.name]);
    expect(await page.getByTestId("live-status").textContent()).toBe("");
  });

  it("Replace my token: asks first, then shows and keeps the new token, the old one refused, and stays live", async () => {
    const id = await puzzle();
    const dave = await api.client().signUp();
    await signInPage(page, api.origin, dave.token, dave.user.name);
    await page.goto(`${api.origin}/puzzles/${id}`);
    await page.locator(".board-list .muted").filter({ hasText: "No submissions yet" }).waitFor();

    const questions: string[] = [];
    let answer = false;
    const onDialog = (dialog: { message(): string; accept(): Promise<void>; dismiss(): Promise<void> }) => {
      questions.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    };
    page.on("dialog", onDialog);
    await page.locator("details.token summary").click();
    // Before: no such button (the panel only showed, copied and signed out).
    await page.getByRole("button", { name: "Replace my token" }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toContain("stops working everywhere");
    expect(await page.locator("details.token .token-value").textContent()).toBe(dave.token);

    answer = true;
    await page.getByRole("button", { name: "Replace my token" }).click();
    await expect.poll(() => page.locator("details.token .token-value").textContent()).not.toBe(dave.token);
    page.off("dialog", onDialog);
    const fresh = (await page.locator("details.token .token-value").textContent()) as string;
    expect(fresh).toMatch(/^pzt_/);
    expect(await page.locator("details.token").getAttribute("open")).not.toBeNull();
    expect(await page.locator("details.token .copied").textContent()).toContain("new token");
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBe(fresh);
    expect(await page.locator(".account .who").textContent()).toBe(`Signed in as ${dave.user.name}`);
    // The server agrees: the old token is refused, the new one is dave's.
    expect((await api.client(dave.token).request(`{ me { name } }`)).status).toBe(401);
    expect(await api.client(fresh).data(`{ me { name } }`)).toEqual({ me: { name: dave.user.name } });

    // The page's own socket was closed with the old token (4401): it went on with the new one.
    const other = await api.client().signUp();
    await other.client.data(SUBMIT, { p: id, m: "RD" });
    await expect
      .poll(() => page.locator(".leaderboard tbody tr td:nth-child(2)").allTextContents())
      .toEqual([other.user.name]);
    expect(await page.getByTestId("token-refused").count()).toBe(0);
    expect(await page.getByTestId("live-status").textContent()).toBe("");
    // And a reload keeps the new token.
    await page.reload();
    await expect
      .poll(() => page.locator(".account .who").textContent())
      .toBe(`Signed in as ${dave.user.name}`);
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBe(fresh);
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
