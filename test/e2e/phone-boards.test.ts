// Boards at phone width stay inside their card, in headless Chromium against a real API server (no
// worker: a 3x3 is solved from its table within the request). Before, `min(92vw, 360px)` left out the
// page's and the card's padding: at 360 px a 3x3 board ended 7 px past its card, and the Rotation
// Game's move buttons about 2 px from the screen's edge.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
// A Rotation Game board (UVa 1343's first sample).
const ROTATION_START = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];

describe.skipIf(missing !== undefined)("boards at phone width", () => {
  const api = useTestServer();
  let browser: Browser;
  let token: string;
  let name: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    ({
      token,
      user: { name },
    } = await api.client().signUp());
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function create(input: Record<string, unknown>): Promise<string> {
    return (await api.client(token).data<{ createPuzzle: { id: string } }>(CREATE, { i: input })).createPuzzle
      .id;
  }

  /** Fails naming the sides of `inner` that lie outside `outer`, and anything past the screen's edge. */
  async function expectInside(page: Page, inner: string, outer: string): Promise<void> {
    const box = await page.locator(inner).first().boundingBox();
    const card = await page.locator(outer).first().boundingBox();
    expect(box && card).toBeTruthy();
    // Within its card's padding box (a sub-pixel of rounding allowed), so within the screen too.
    expect(box!.x).toBeGreaterThanOrEqual(card!.x - 0.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    expect(card!.x + card!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }

  for (const width of [360, 390]) {
    it(`keeps a 3x3 board, its solution's board and a Rotation Game board inside their cards at ${width} px`, async () => {
      const page = await browser.newPage({ width, height: 800 });
      page.setDefaultTimeout(20_000);
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await signInPage(page, api.origin, token, name);

      const sliding = await create({
        kind: "SLIDING",
        rows: 3,
        cols: 3,
        start: applySlidingMoves(3, 3, GOAL3, "UL"),
      });
      await page.goto(`${api.origin}/puzzles/${sliding}`);
      await page.locator(".play .board").waitFor();
      await expectInside(page, ".play .board", ".card.play");
      await page.getByRole("button", { name: "Find the optimal solution" }).click();
      await page.locator(".solve .solution .board").waitFor();
      await expectInside(page, ".solve .solution .board", ".card.solve");

      const rotation = await create({ kind: "ROTATION", start: ROTATION_START });
      await page.goto(`${api.origin}/puzzles/${rotation}`);
      await page.locator(".play .board.rotation").waitFor();
      await expectInside(page, ".play .board.rotation", ".card.play");
      // The last column of move buttons, the one that came closest to the screen's edge.
      for (const move of await page.locator(".play .board.rotation button.move").all()) {
        const box = await move.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width - 16);
      }
      await page.close();
    });
  }

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
