// The page used with a finger, in headless Chromium against a real API server (no worker: 3x3 games
// are rated from the table, the Rotation dailies are proven within `ensure`). Taps are real touch
// gestures (CDP's Input.synthesizeTapGesture: touch pointer events, as on a phone). Four defects a
// tester reported, each checked here and failing before its fix:
// - the rating chart's games were 5 px dots with nothing shown on hover or tap;
// - the Rotation Game's thumbnails were colours only in 8 px cells (lists), or numbers 5 px and 3 px
//   high (the front page's and the archive's daily boards);
// - Undo after a tap that slid two tiles took back one of them;
// - signed out at 360-390 px, the header's sign-in field and its four-line button took 184 px.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/index.ts";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { game } }`;
// A Rotation Game board (UVa 1343's first sample).
const ROTATION_START = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];
const PHONES = [360, 390];
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A finger's tap at (x, y) of the viewport: touch pointer events, then the click a phone makes. */
async function tap(page: Page, x: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // A touch screen (without it, Chromium sends the touch's pointer events but no click).
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).toBeTruthy();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

/** A tap on the middle of the first element `selector` finds. */
async function tapOn(page: Page, selector: string): Promise<void> {
  const { x, y } = await centre(page, selector);
  await tap(page, x, y);
}

/**
 * Each Rotation Game cell under `selector` (SVG rects with their numbers, or a board's cells): its
 * size and its number's in CSS px, and the contrast of the number on the cell's colour.
 */
const CELLS = `((selector) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const root = document.querySelector(selector);
  if (root instanceof SVGSVGElement) {
    const scale = root.getScreenCTM().a;
    return [...root.querySelectorAll("rect")].map((rect) => {
      const text = rect.nextElementSibling;
      const number = text instanceof SVGTextElement;
      return {
        cell: rect.getBoundingClientRect().width,
        text: number ? text.textContent : "",
        font: number ? parseFloat(getComputedStyle(text).fontSize) * scale : 0,
        contrast: number ? ratio(rgb(getComputedStyle(text).fill), rgb(getComputedStyle(rect).fill)) : 0,
      };
    });
  }
  return [...root.querySelectorAll(".cell")].map((cell) => ({
    cell: cell.getBoundingClientRect().width,
    text: cell.textContent,
    font: parseFloat(getComputedStyle(cell).fontSize),
    contrast: ratio(rgb(getComputedStyle(cell).color), rgb(getComputedStyle(cell).backgroundColor)),
  }));
})`;

describe.skipIf(missing !== undefined)("the page with a finger, at phone width", () => {
  const api = useTestServer();
  let browser: Browser;
  let player: { token: string; name: string };
  let owner: { token: string; name: string };
  /** The player's rated games, oldest first: puzzle titles. */
  const games: string[] = [];
  let rotationId: string;
  const pageErrors: string[] = [];

  async function create(input: Record<string, unknown>): Promise<string> {
    const data = await api.client(owner.token).data<{ createPuzzle: { id: string } }>(CREATE, { i: input });
    return data.createPuzzle.id;
  }

  beforeAll(async () => {
    ensureWebBuilt();
    for (const who of ["player", "owner"] as const) {
      const { token, user } = await api.client().signUp(uniqueName(who));
      if (who === "player") player = { token, name: user.name };
      else owner = { token, name: user.name };
    }
    // Three rated games: each a 3x3 two or three moves from the goal, solved optimally (table).
    for (const [title, scramble, solution] of [
      ["First game", "UL", "RD"],
      ["Second game", "ULU", "DRD"],
      ["Third game", "UU", "DD"],
    ]) {
      const id = await create({
        kind: "SLIDING",
        rows: 3,
        cols: 3,
        title,
        start: applySlidingMoves(3, 3, GOAL3, scramble),
      });
      const { submitSolution } = await api
        .client(player.token)
        .data<{ submitSolution: { game: string } }>(SUBMIT, { p: id, m: solution });
      expect(submitSolution.game).toBe("RATED");
      games.push(title);
    }
    rotationId = await create({ kind: "ROTATION", title: "Rotation thumbnail", start: ROTATION_START });
    for (const date of [today(), yesterday()]) await api.server.app.services.daily.ensure(date, "ROTATION");
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(width: number, who?: { token: string; name: string }): Promise<Page> {
    const page = await browser.newPage({ width, height: 800 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    if (who) await signInPage(page, api.origin, who.token, who.name);
    else await page.goto(`${api.origin}/`).then(() => page.evaluate("localStorage.clear()"));
    return page;
  }

  it("shows a rated game's details for a tap anywhere within 11 px of its point on the rating chart", async () => {
    const page = await newPage(360);
    await page.goto(`${api.origin}/users/${player.name}`);
    await page.locator("svg.rating-chart circle.chart-dot").first().waitFor();
    const caption = page.getByTestId("rating-game");
    for (const [index, title] of games.entries()) {
      const dot = `svg.rating-chart circle.chart-dot[data-game="${index + 1}"]`;
      const { x, y } = await centre(page, dot);
      // The corners of a 22 x 22 px square around the point, and the point: a target of 24 x 24 or more.
      for (const [dx, dy] of [
        [0, 0],
        [-11, -11],
        [11, -11],
        [-11, 11],
        [11, 11],
      ]) {
        // Another game first, so that each tap has to change the caption.
        await tapOn(page, `svg.rating-chart circle.chart-dot[data-game="${index === 0 ? games.length : 1}"]`);
        await tap(page, x + dx, y + dy);
        await expect
          .poll(() => caption.getAttribute("data-game"), { message: `${title} tapped at ${dx}, ${dy}` })
          .toBe(String(index + 1));
        expect(await caption.textContent()).toContain(`Game ${index + 1} of 3: ${title} · `);
      }
    }
    // The details name the change: the first game moved the rating from 1500.
    await tapOn(page, 'svg.rating-chart circle.chart-dot[data-game="1"]');
    await expect
      .poll(() => caption.textContent())
      .toMatch(/^Game 1 of 3: First game · 2 moves \(optimum 2\) · 1500 → 15\d\d \(\+\d+\) · /);
    // Its title leads to the puzzle.
    await caption.getByRole("link", { name: "First game" }).click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("First game");
    await page.close();

    // On a desktop, pointing at a game does the same; so do the arrow keys.
    const desktop = await newPage(1200);
    await desktop.goto(`${api.origin}/users/${player.name}`);
    await desktop.locator("svg.rating-chart circle.chart-dot").first().waitFor();
    const second = await centre(desktop, 'svg.rating-chart circle.chart-dot[data-game="2"]');
    await desktop.mouse.move(second.x, second.y);
    await expect.poll(() => desktop.getByTestId("rating-game").getAttribute("data-game")).toBe("2");
    await desktop.locator("svg.rating-chart").focus();
    await desktop.keyboard.press("ArrowLeft");
    await expect.poll(() => desktop.getByTestId("rating-game").getAttribute("data-game")).toBe("1");
    expect(await desktop.locator("svg.rating-chart").getAttribute("aria-valuetext")).toMatch(
      /^Game 1 of 3: First game/,
    );
    await desktop.close();
  }, 60_000);

  it("draws the Rotation Game's thumbnails with numbers 9 px or larger at 4.5:1, in cells 12 px or larger", async () => {
    for (const width of [360, 1200]) {
      const page = await newPage(width);
      const check = async (selector: string) => {
        await page.locator(selector).first().waitFor();
        const cells = (await page.evaluate(`${CELLS}(${JSON.stringify(selector)})`)) as {
          cell: number;
          text: string;
          font: number;
          contrast: number;
        }[];
        expect(cells.length, selector).toBe(24);
        const faults = cells
          .filter((c) => c.cell < 12 || !/^[123]$/.test(c.text) || c.font < 9 || c.contrast < 4.5)
          .map((c) => `${width}px ${selector}: ${JSON.stringify(c)}`);
        expect(faults).toEqual([]);
      };
      // The list's thumbnail (front page), today's daily on the front page, and the archive's.
      await page.goto(`${api.origin}/`);
      await check(`.recent [data-puzzle-id="${rotationId}"] svg.thumb`);
      await check('.daily-tile[data-category="ROTATION"] .board.rotation');
      await page.goto(`${api.origin}/daily/rotation`);
      await check(`.daily-day[data-date="${yesterday()}"] .board.rotation`);
      // The list's thumbnail carries the start's symbols in order.
      await page.goto(`${api.origin}/puzzles?kind=rotation`);
      await page.locator(`[data-puzzle-id="${rotationId}"] svg.thumb text`).first().waitFor();
      expect(await page.locator(`[data-puzzle-id="${rotationId}"] svg.thumb text`).allTextContents()).toEqual(
        ROTATION_START.map(String),
      );
      await page.close();
    }
  }, 60_000);

  it("takes back a whole tap with Undo: two tiles slid by one tap come back together", async () => {
    // Blank bottom left: tile 8, two cells to its right, slides 7 and 8 left (blank moves R R).
    const id = await create({ kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    const page = await newPage(360, player);
    await page.goto(`${api.origin}/puzzles/${id}`);
    const board = page.locator(".play .board");
    await board.waitFor();
    const start = await board.getAttribute("data-board");
    const count = page.getByTestId("move-count");
    const tile8 = '.play .board .tile:text-is("8")';

    await tapOn(page, tile8);
    await expect.poll(() => count.textContent()).toBe("2");
    expect(await page.getByTestId("moves").textContent()).toBe("RR");
    await page.getByRole("button", { name: "Undo" }).click();
    // Before: "1", tile 7 left where the tap had put it.
    await expect.poll(() => count.textContent()).toBe("0");
    expect(await board.getAttribute("data-board")).toBe(start);

    // A key plays one move, which Undo (here Backspace) takes back alone; Ctrl+Z takes back a tap.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => count.textContent()).toBe("2");
    await page.keyboard.press("Backspace");
    await expect.poll(() => count.textContent()).toBe("1");
    await page.keyboard.press("Backspace");
    await tapOn(page, tile8);
    await expect.poll(() => count.textContent()).toBe("2");
    await page.keyboard.press("Control+z");
    await expect.poll(() => count.textContent()).toBe("0");
    expect(await board.getAttribute("data-board")).toBe(start);

    // The game played by a tap is submitted as its two moves.
    await tapOn(page, tile8);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play .message.info").textContent())
      .toMatch(/^Accepted: 2 moves · rank 1 · optimal ✓/);
    await page.close();
  }, 60_000);

  for (const width of PHONES) {
    it(`keeps the signed-out header to the navigation and one row at ${width} px, the token field a tap away`, async () => {
      const page = await newPage(width);
      await page.goto(`${api.origin}/`);
      await page.locator("form.signup").waitFor();
      const header = page.locator("header.top");
      // Before: 184 px at 360 (146 at 390), the token field 90 px tall beside a four-line button.
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(96);
      const token = page.locator("#header-token");
      expect(await token.isVisible()).toBe(false);
      const toggle = page.getByRole("button", { name: "Sign in", exact: true });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await tapOn(page, ".signin-toggle");
      await expect.poll(() => token.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await page.evaluate(`document.activeElement?.id`)).toBe("header-token");
      const submit = page.getByRole("button", { name: "Sign in with your token" });
      for (const control of [token, submit])
        expect((await control.boundingBox())!.height).toBeLessThanOrEqual(48);
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(140);
      // Nothing past the screen's edge.
      for (const control of [token, submit, toggle, page.locator("#header-name")]) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // It signs in as ever.
      await token.fill(player.token);
      await submit.click();
      await expect.poll(() => header.locator(".who").textContent()).toBe(`Signed in as ${player.name}`);
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(96);
      await page.close();
    });
  }

  it("shows the sign-in form at once on a wide page, with no extra button", async () => {
    const page = await newPage(1200);
    await page.goto(`${api.origin}/`);
    await page.locator("#header-token").waitFor();
    expect(await page.locator(".signin-toggle").isVisible()).toBe(false);
    await page.close();
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
