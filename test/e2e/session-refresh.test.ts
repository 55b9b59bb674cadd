// What the page shows that depends on who is signed in follows signing in and out without a reload,
// in headless Chromium against a real API server (no worker: a 3x3 is solved from its table within
// the request): a puzzle's facts and a player's latest submissions show or hide the optimal moves, and
// the Hint's "sign up first" goes once the visitor signs in.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser } from "./browser.ts";

const missing = chromiumMissing();

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { optimal } }`;
const SOLVE = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { status optimal } }`;
const HIDDEN_ANONYMOUS = "🔒 Sign in and submit an optimal solution to see others' moves.";

describe.skipIf(missing !== undefined)("views that follow signing in and out", () => {
  const api = useTestServer();
  let browser: Browser;
  let page: Page;
  let token: string;
  let name: string;
  let puzzleId: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    ({
      token,
      user: { name },
    } = await api.client().signUp());
    // A 3x3 two moves from the goal, solved optimally by its owner ("RD" undoes the scramble "UL").
    const start = applySlidingMoves(3, 3, GOAL3, "UL");
    const owner = api.client(token);
    puzzleId = (
      await owner.data<{ createPuzzle: { id: string } }>(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start },
      })
    ).createPuzzle.id;
    await owner.data(SOLVE, { p: puzzleId });
    expect(
      (await owner.data<{ submitSolution: { optimal: boolean } }>(SUBMIT, { p: puzzleId, m: "RD" }))
        .submitSolution.optimal,
    ).toBe(true);
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path` signed out, whatever an earlier test left. */
  async function openAnonymous(path: string): Promise<void> {
    await page.goto(`${api.origin}/`);
    await page.evaluate("localStorage.clear()");
    await page.goto(`${api.origin}${path}`);
  }

  async function signInFromHeader(): Promise<void> {
    await page.locator("#header-token").fill(token);
    await page.getByRole("button", { name: "Sign in with your token" }).click();
    await expect.poll(() => page.locator("header .who").textContent()).toBe(`Signed in as ${name}`);
  }

  async function signOutFromHeader(): Promise<void> {
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#header-token").waitFor();
  }

  it("shows a puzzle's optimal moves once the solver signs in, and hides them again at sign-out", async () => {
    await openAnonymous(`/puzzles/${puzzleId}`);
    const moves = page.locator(".puzzle-facts .optimal-moves");
    await expect.poll(() => moves.textContent()).toBe(`Optimal solution: ${HIDDEN_ANONYMOUS}`);
    await signInFromHeader();
    // Before: the facts kept "Sign in and submit…" until a reload.
    await expect.poll(() => moves.textContent()).toBe("Optimal solution: RD");
    await signOutFromHeader();
    await expect.poll(() => moves.textContent()).toBe(`Optimal solution: ${HIDDEN_ANONYMOUS}`);
  });

  it("shows a player's own moves on their page once they sign in, and hides them at sign-out", async () => {
    await openAnonymous(`/users/${name}`);
    const submission = page.locator(".submissions .puzzle-item").first();
    await expect.poll(() => submission.textContent()).toContain(HIDDEN_ANONYMOUS);
    await signInFromHeader();
    await expect.poll(() => submission.locator("code.moves").textContent()).toBe("RD");
    await signOutFromHeader();
    await expect.poll(() => submission.textContent()).toContain(HIDDEN_ANONYMOUS);
  });

  it("drops the Hint's 'sign up first' once the visitor signs in", async () => {
    await openAnonymous(`/puzzles/${puzzleId}`);
    await page.getByRole("button", { name: "Hint" }).click();
    const error = page.locator(".hint .message.error");
    await expect.poll(() => error.textContent()).toBe("Please sign up first: this needs an account.");
    await signInFromHeader();
    await expect.poll(() => error.isVisible()).toBe(false);
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
