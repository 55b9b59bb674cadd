// A puzzle's leaderboard longer than the page reads (its first 50 entries), in headless Chromium against a
// real API server (no worker: a 3x3's optimum comes from the table): the page says how much it shows,
// and a signed-in player ranked beyond it still finds their own row. Before, the board stopped at rank
// 50 without a word, and such a player saw "52 players" and no row of theirs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { rank } }`;
/** 51 players ahead of the last one (the page reads 50). */
const AHEAD = 51;

describe.skipIf(missing !== undefined)("a leaderboard longer than the page reads", () => {
  const api = useTestServer();
  let browser: Browser;
  let puzzleId: string;
  let last: { token: string; name: string };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    const owner = await api.client().signUp();
    const { createPuzzle } = await api.client(owner.token).data<{ createPuzzle: { id: string } }>(CREATE, {
      i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
    });
    puzzleId = createPuzzle.id;
    // One move (R) is the optimum; the last player's three (R L R) rank them behind everyone.
    for (let n = 0; n <= AHEAD; n++) {
      const { token, user } = await api.client().signUp();
      await api.client(token).data(SUBMIT, { p: puzzleId, m: n < AHEAD ? "R" : "RLR" });
      last = { token, name: user.name };
    }
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("says it shows the first 50, and shows a player ranked below them their own row", async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInPage(page, api.origin, last.token, last.name);
    await page.goto(`${api.origin}/puzzles/${puzzleId}`);
    const summary = page.locator(".board-list > .muted.small");
    await expect.poll(() => summary.textContent()).toBe(`${AHEAD + 1} players · optimum: 1`);
    expect(await page.getByTestId("leaderboard-part").textContent()).toBe(
      `The first 50 of ${AHEAD + 1} players.`,
    );
    const mine = page.locator("table.leaderboard tbody tr.mine");
    expect(await mine.count()).toBe(1);
    const cells = await mine.locator("td").allTextContents();
    expect(cells.slice(0, 4)).toEqual([String(AHEAD + 1), last.name, "3", ""]);
    // The 50 read, the gap, then the player's row.
    expect(await page.locator("table.leaderboard tbody tr").count()).toBe(52);

    // An anonymous visitor (a browser of its own) has no row of theirs, only the note.
    const elsewhere = await launchBrowser();
    try {
      const anonymous = await elsewhere.newPage();
      anonymous.on("pageerror", (error) => pageErrors.push(error.message));
      await anonymous.goto(`${api.origin}/puzzles/${puzzleId}`);
      await anonymous.getByTestId("leaderboard-part").waitFor();
      expect(await anonymous.locator("table.leaderboard tbody tr").count()).toBe(50);
    } finally {
      await elsewhere.close();
    }
    await page.close();
  }, 60_000);

  it("raised no error in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
