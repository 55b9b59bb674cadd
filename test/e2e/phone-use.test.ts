// The page used with a finger, in headless Chromium against a real API server (no worker: 3x3 games
// are rated from the table, the Rotation dailies are proven within `ensure`). Taps are real touch
// gestures (CDP's Input.synthesizeTapGesture: touch pointer events, as on a phone). Four defects a
// tester reported, each checked here and failing before its fix:
// - the rating chart's games were 5 px dots with nothing shown on hover or tap;
// - the Rotation Game's thumbnails were colours only in 8 px cells (lists), or numbers 5 px and 3 px
//   high (the front page's and the archive's daily boards);
// - Undo after a tap that slid two tiles took back one of them;
// - signed out at 360-390 px, the header's sign-in field and its four-line button took 184 px.
// And from the review after them, each failing before its fix too:
// - a solution's analysis chart had the same 2-5 px dots, one Tab stop each;
// - the front page said "Sign up (top right)" where, on a phone, the form is on the left;
// - a 5x5's list thumbnail had numbers ~6 px high (a 4x4's ~8 px);
// - a Rotation Game's thumbnail was wider than a sliding one's, so titles in a list did not line up;
// - signed out, Chromium warned that the token (password) form had no username field.
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
 * Each numbered cell under `selector` (a thumbnail's SVG rects, each followed by its number, or a
 * board's cells): its size and its number's in CSS px, and the contrast of the number on the cell's colour.
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
    return [...root.querySelectorAll("text")].map((text) => {
      const rect = text.previousElementSibling;
      return {
        cell: rect.getBoundingClientRect().width,
        text: text.textContent,
        font: parseFloat(getComputedStyle(text).fontSize) * scale,
        contrast: ratio(rgb(getComputedStyle(text).fill), rgb(getComputedStyle(rect).fill)),
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

/**
 * The numbered cells under `selector` (`count` of them) that are under 12 px, whose number is under
 * 9 px, under 4.5:1 on its cell or does not match `number`: each described, with the page's width.
 */
async function cellFaults(page: Page, selector: string, count: number, number: RegExp): Promise<string[]> {
  await page.locator(selector).first().waitFor();
  const cells = (await page.evaluate(`${CELLS}(${JSON.stringify(selector)})`)) as {
    cell: number;
    text: string;
    font: number;
    contrast: number;
  }[];
  expect(cells.length, selector).toBe(count);
  return cells
    .filter((c) => c.cell < 12 || !number.test(c.text) || c.font < 9 || c.contrast < 4.5)
    .map((c) => `${page.viewportSize()?.width}px ${page.url()} ${selector}: ${JSON.stringify(c)}`);
}

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
      const check = async (selector: string) =>
        expect(await cellFaults(page, selector, 24, /^[123]$/)).toEqual([]);
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

  it("picks an analysed move by a tap anywhere in its column of the chart, by hover and by keyboard", async () => {
    // ULUL from the goal: RDRD is optimal; RD L R RD wastes two moves on one mistake (move 3, L).
    const id = await create({
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      title: "Detour",
      start: applySlidingMoves(3, 3, GOAL3, "ULUL"),
    });
    const { token, user } = await api.client().signUp(uniqueName("analyst"));
    const page = await newPage(360, { token, name: user.name });
    await page.goto(`${api.origin}/puzzles/${id}`);
    await page.locator(".play .board").waitFor();
    // The blank's moves R D L R R D are the keys ← ↑ → ← ← ↑.
    for (const key of ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowLeft", "ArrowUp"])
      await page.keyboard.press(key);
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe("RDLRRD");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    const chart = page.locator("svg.distance-chart");
    await chart.locator("circle.move").first().waitFor();
    await chart.scrollIntoViewIfNeeded();
    const caption = page.locator(".analysis .chart-caption");
    const box = (await chart.boundingBox())!;
    for (let move = 1; move <= 6; move++) {
      const dot = await centre(page, `svg.distance-chart circle.move[data-index="${move}"]`);
      // The top and the bottom of the move's column, and 10 px either side of its dot (inside the chart).
      for (const [x, y] of [
        [dot.x, box.y + 3],
        [dot.x, box.y + box.height - 3],
        [Math.max(dot.x - 10, box.x + 1), dot.y],
        [Math.min(dot.x + 10, box.x + box.width - 1), dot.y],
      ]) {
        // Another move first, so that each tap has to change the caption.
        await tapOn(page, `svg.distance-chart circle.move[data-index="${move === 1 ? 6 : 1}"]`);
        await expect.poll(() => caption.textContent()).toMatch(move === 1 ? /^Move 6: / : /^Move 1: /);
        await tap(page, x, y);
        await expect
          .poll(() => caption.textContent(), { message: `move ${move} tapped at ${x - dot.x}, ${y - dot.y}` })
          .toMatch(new RegExp(`^Move ${move}: `));
      }
    }
    expect(await caption.textContent()).toBe("Move 6: D, distance 1 → 0 (optimal)");
    await tapOn(page, 'svg.distance-chart circle.move[data-index="3"]');
    await expect
      .poll(() => caption.textContent())
      .toBe("Move 3: L, distance 2 → 3 (mistake: one step further from the goal)");

    // On a desktop: pointing anywhere in a move's column, and the chart as a slider (one Tab stop).
    await page.setViewportSize({ width: 1200, height: 800 });
    await chart.scrollIntoViewIfNeeded();
    const wide = (await chart.boundingBox())!;
    const second = await centre(page, 'svg.distance-chart circle.move[data-index="2"]');
    await page.mouse.move(second.x, wide.y + 4);
    await expect.poll(() => caption.textContent()).toMatch(/^Move 2: D, /);
    expect(await chart.getAttribute("role")).toBe("slider");
    await chart.focus();
    for (const [key, move] of [
      ["End", 6],
      ["ArrowLeft", 5],
      ["Home", 1],
      ["ArrowRight", 2],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => caption.textContent(), { message: key }).toMatch(new RegExp(`^Move ${move}: `));
      expect(await chart.getAttribute("aria-valuenow")).toBe(String(move));
      expect(await chart.getAttribute("aria-valuetext")).toBe(await caption.textContent());
    }
    // The dots are no Tab stops of their own.
    expect(await chart.locator("[tabindex]").count()).toBe(0);
    await page.close();
  }, 60_000);

  it("draws sliding thumbnails (4x4, 5x5) with numbers 9 px or larger at 4.5:1, in cells 12 px or larger", async () => {
    const GOAL5 = [...Array.from({ length: 24 }, (_, i) => i + 1), 0];
    const GOAL4 = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];
    // Mostly home (green) tiles and a few out of place (yellow): both colours carry numbers.
    const big = await create({
      kind: "SLIDING",
      rows: 5,
      cols: 5,
      title: "Five by five",
      start: applySlidingMoves(5, 5, GOAL5, "ULULUL"),
    });
    const middle = await create({
      kind: "SLIDING",
      rows: 4,
      cols: 4,
      title: "Four by four",
      start: applySlidingMoves(4, 4, GOAL4, "ULUL"),
    });
    for (const width of [360, 1200]) {
      const page = await newPage(width);
      for (const path of ["/", "/puzzles"]) {
        await page.goto(`${api.origin}${path}`);
        for (const [id, tiles] of [
          [big, 24],
          [middle, 15],
        ] as const) {
          // Before: 5x5 numbers 6.3 px, 4x4 7.8 px.
          expect(await cellFaults(page, `[data-puzzle-id="${id}"] svg.thumb`, tiles, /^\d+$/)).toEqual([]);
        }
      }
      await page.close();
    }
  }, 60_000);

  it("lines up the titles of a list that mixes Rotation Game and sliding thumbnails", async () => {
    for (const width of [360, 1200]) {
      const page = await newPage(width);
      // The front page, the list, and the owner's puzzles on their page.
      for (const path of ["/", "/puzzles", `/users/${owner.name}`]) {
        await page.goto(`${api.origin}${path}`);
        const list = page.locator(path === "/" ? ".recent ul.puzzles" : "ul.puzzles").first();
        await list.locator("svg.thumb").first().waitFor();
        expect(await list.locator("svg.thumb.rotation").count(), path).toBeGreaterThan(0);
        expect(await list.locator("svg.thumb.sliding").count(), path).toBeGreaterThan(0);
        // Before: a Rotation Game's title 40 px right of a sliding puzzle's (thumbnails 6rem and 3.5rem).
        const lefts = await list
          .locator(".puzzle-item .puzzle-text")
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
        expect(new Set(lefts).size, `${width}px ${path}: ${lefts.join(" ")}`).toBe(1);
      }
      await page.close();
    }
  });

  it("tells a visitor where to sign up truthfully at every width", async () => {
    for (const width of [360, 390, 640, 1200]) {
      const page = await newPage(width);
      await page.goto(`${api.origin}/`);
      const hint = page.locator(".intro p.muted");
      await hint.waitFor();
      // Before: "Sign up (top right)…", while below 560 px the form is on the left.
      expect(await hint.textContent()).toBe(
        "Sign up at the top of the page to create puzzles and submit solutions.",
      );
      // It is: the sign-up form is in the header, the first thing on the page.
      const header = (await page.locator("header.top").boundingBox())!;
      const form = (await page.locator("header.top form.signup").boundingBox())!;
      expect(header.y).toBe(0);
      expect(form.y + form.height).toBeLessThanOrEqual(header.y + header.height);
      expect(form.y + form.height).toBeLessThanOrEqual((await hint.boundingBox())!.y);
      await page.close();
    }
  });

  it("gives the token form a username field, so Chromium does not warn about it, and signs in as before", async () => {
    for (const width of [360, 1200]) {
      const page = await browser.newPage({ width, height: 800 });
      const logged: string[] = [];
      page.on("console", (message) => logged.push(`${message.type()}: ${message.text()}`));
      await page.goto(`${api.origin}/`);
      await page.evaluate("localStorage.clear()");
      await page.reload();
      await page.locator("form.signin").waitFor({ state: "attached" });
      await page.waitForTimeout(500);
      // Before: "verbose: [DOM] Password forms should have (optionally hidden) username fields…".
      expect(logged.filter((line) => /password|username/i.test(line))).toEqual([]);
      const fields = await page
        .locator("form.signin input")
        .evaluateAll((inputs) =>
          inputs.map((input) => `${input.getAttribute("type")} ${input.getAttribute("autocomplete")}`),
        );
      expect(fields).toEqual(["text username", "password current-password"]);
      // The username field is neither seen nor reached by Tab.
      expect(await page.locator('form.signin input[autocomplete="username"]').isVisible()).toBe(false);
      if (width < 560) await tapOn(page, ".signin-toggle");
      const token = page.locator("#header-token");
      await expect.poll(() => token.isVisible()).toBe(true);
      if (width < 560) expect(await page.evaluate("document.activeElement?.id")).toBe("header-token");
      await token.fill(player.token);
      await page.getByRole("button", { name: "Sign in with your token" }).click();
      await expect
        .poll(() => page.locator("header.top .who").textContent())
        .toBe(`Signed in as ${player.name}`);
      await page.close();
    }
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
