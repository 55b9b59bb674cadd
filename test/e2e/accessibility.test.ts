// The page for a player with only a keyboard, a screen reader or a phone, in headless Chromium against a
// real API server and worker: every action reachable by Tab and Enter/Space with a visible focus ring,
// focus kept after a request, a redraw or a navigation; live progress read out sparingly; names and
// roles that axe-core (a devDependency) finds no fault with; page titles; reduced motion; contrast
// computed from the styles; nothing cut off or overlapping at 360 px or at 200% zoom.
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnnounceThrottle } from "../../web/src/ui/announce-throttle.ts";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe("announcing progress", () => {
  it("reads routine updates at most once per interval, and not right after an important one", () => {
    const throttle = new AnnounceThrottle(15_000);
    const allowed = Array.from({ length: 300 }, (_, i) => i * 100).filter((t) => throttle.allow(t));
    expect(allowed).toEqual([0, 15_000]);
    throttle.forced(20_000);
    expect(throttle.allow(30_000)).toBe(false);
    expect(throttle.allow(35_000)).toBe(true);
  });
});

/** What has the focus: its tag, accessible-ish name, and whether it is inside the view or the header. */
interface Focused {
  tag: string;
  name: string;
  inMain: boolean;
  inHeader: boolean;
  ring: boolean;
}

const DESCRIBE_FOCUS = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: "body", name: "", inMain: false, inHeader: false, ring: false };
  // The segmented radios hide their input: the ring is drawn on the label's span.
  const drawn = el.matches(".segmented input") ? el.nextElementSibling : el;
  const style = getComputedStyle(drawn);
  const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
  const name = (el.getAttribute("aria-label") || el.labels?.[0]?.textContent || el.textContent || el.getAttribute("placeholder") || el.getAttribute("name") || "").trim();
  return { tag: el.tagName.toLowerCase(), name, inMain: !!el.closest("main"), inHeader: !!el.closest("header.top"), ring };
})()`;

const focused = (page: Page) => page.evaluate(DESCRIBE_FOCUS) as Promise<Focused>;

/** Presses Tab (or Shift+Tab) until the focus is on a control named `name`; every stop shows a ring. */
async function tabTo(page: Page, name: string | RegExp, back = false): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    seen.push(`${now.tag}:${now.name.slice(0, 30)}`);
    if (now.tag === "body") continue; // past the last control: the browser's own UI, then the top again
    expect(now.ring, `no visible focus on ${now.tag} "${now.name}"`).toBe(true);
    if (typeof name === "string" ? now.name === name : name.test(now.name)) return;
  }
  throw new Error(`Tab never reached "${name}"; it went through: ${seen.join(" | ")}`);
}

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

/** axe-core's WCAG 2.2 A/AA rules and best practices: the faults found, one line each. */
async function axeFaults(page: Page): Promise<string[]> {
  if (!(await page.evaluate(`typeof axe !== "undefined"`))) await page.addScriptTag({ content: axe.source });
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] })`,
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Layout faults at the current width: sideways scrolling, controls past the edge or on each other. */
const LAYOUT_FAULTS = `(() => {
  const faults = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) faults.push("scrolls sideways: " + document.documentElement.scrollWidth + " > " + width);
  const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > width + 0.5);
  for (const el of wide.filter((el) => !wide.some((other) => other !== el && el.contains(other))).slice(0, 5))
    faults.push("past the right edge: " + el.outerHTML.slice(0, 90));
  // Inside a closed <details>, hidden or transparent: not on screen. An inline link on two lines: two boxes.
  const controls = [...document.querySelectorAll("a, button, input, select, textarea, summary")]
    .filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
    .map((el) => ({ el, boxes: [...el.getClientRects()], label: el.outerHTML.slice(0, 70) }));
  for (const c of controls)
    if (c.boxes.some((r) => r.right > width + 0.5 || r.left < -0.5)) faults.push("cut off: " + c.label);
  const overlap = (r, s) =>
    Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1;
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const [a, b] = [controls[i], controls[j]];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.boxes.some((r) => b.boxes.some((s) => overlap(r, s)))) faults.push("overlap: " + a.label + " / " + b.label);
    }
  return faults;
})()`;

/** WCAG contrast of an element's text on the first opaque background behind it. */
const CONTRAST = `((selector) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  return [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0 && !el.disabled).map((el) => {
    let bg = el;
    while (bg && rgb(getComputedStyle(bg).backgroundColor)[3] === 0) bg = bg.parentElement;
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(bg ? getComputedStyle(bg).backgroundColor : "rgb(255,255,255)"))];
    return { text: el.textContent.trim().slice(0, 30), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
  });
})`;

describe.skipIf(missing !== undefined)("the page for a keyboard, a screen reader and a phone", () => {
  const api = useTestServer({ env: FAST_PIPELINE });
  let worker: WorkerProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let name: string;
  const pageErrors: string[] = [];
  const ids: Record<string, string> = {};

  async function create(input: Record<string, unknown>): Promise<string> {
    const data = await api.client(token).data<{ createPuzzle: { id: string } }>(CREATE, { i: input });
    return data.createPuzzle.id;
  }

  beforeAll(async () => {
    ensureWebBuilt();
    const daily = api.server.app.services.daily;
    for (const category of ["SLIDING_3X3", "ROTATION"] as const) await daily.ensure(today(), category);
    for (let n = 1; n <= 10; n++) await daily.ensure(daysAgo(n), "SLIDING_3X3");
    ({
      token,
      user: { name },
    } = await api.client().signUp(uniqueName("a11y")));
    ids.three = await create({ kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    ids.rotation = await create({
      kind: "ROTATION",
      start: Array.from({ length: 24 }, (_, i) => (i % 3) + 1),
    });
    ids.twoSeconds = await create({ kind: "SLIDING", rows: 4, cols: 4, start: BOARDS.twoSeconds });
    ids.hard = await create({ kind: "SLIDING", rows: 4, cols: 4, start: BOARDS.hard });
    // 21 listed puzzles in all: the list has a second page.
    for (let n = 0; n < 17; n++) await create({ kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] });
    // A ranked player with the longest name allowed (32 characters, no spaces): tables must still fit.
    const long = await api.client().signUp(uniqueName("a_very_long_player_name").padEnd(32, "x"));
    await api
      .client(long.token)
      .data(`mutation { submitSolution(puzzleId: "${ids.three}", moves: "RR") { id } }`);
    [worker, browser] = await Promise.all([startWorker(api, { SOLVER_THREADS: "1" }), launchBrowser()]);
    page = await browser.newPage({ width: 1200, height: 900 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  it("signs up, creates, hints, plays, submits and solves with the keyboard alone, never losing focus", async () => {
    const player = uniqueName("keys");
    await page.goto(`${api.origin}/`);
    await page.getByText("Top solvers").first().waitFor();
    await tabTo(page, "name");
    await page.keyboard.type(player);
    await page.keyboard.press("Enter");
    await page.getByText("Signed in as").waitFor();
    // The form is gone: focus goes to the new account controls, not back to the top of the document.
    await expect.poll(async () => (await focused(page)).name).toBe("Your token");

    await tabTo(page, "New puzzle", true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/new$/);
    expect((await focused(page)).inMain).toBe(true);
    await tabTo(page, "Tiles, row by row (0, x, . or _ is the blank)");
    await page.keyboard.press("Control+A"); // over the shuffled board it starts with
    await page.keyboard.type("1 2 3 4 5 6 0 7 8");
    await tabTo(page, "Save puzzle");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/puzzles\/\d+$/);
    await page.locator(".play .board").waitFor();

    await tabTo(page, "Hint");
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByTestId("hint-text").textContent()).toMatch(/2 moves from the goal/);
    expect((await focused(page)).name).toBe("Hint");

    // The board plays by arrows wherever the focus is, and says what each move did.
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => page.getByTestId("move-announcement").textContent())
      .toBe("Tile 7 to row 3, column 1. 1 move.");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.locator(".play .status").textContent()).toBe("Solved in 2 moves!");
    await tabTo(page, "Submit to leaderboard");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Accepted: 2 moves · rank 1/);

    await tabTo(page, "Find the optimal solution");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("solve-outcome").textContent()).toMatch(/^Optimal solution: 2/);
    expect((await focused(page)).name).toBe("Find the optimal solution");
    expect(await page.locator(".solve [role=status]").last().textContent()).toMatch(/^Optimal solution: 2/);
    // Shift+Tab goes back through the search's options in reading order.
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page)).name).toBe("time limit in seconds");
    // The solution player's controls are reachable too.
    await tabTo(page, /Animate/);
    // The verdict, the analysis chart and the solution player: names and roles in order.
    expect(await axeFaults(page)).toEqual([]);
  }, 120000);

  it("reads a search's progress out politely and sparingly, and cancels one by keyboard", async () => {
    await signInPage(page, api.origin, token, name);
    await page.goto(`${api.origin}/puzzles/${ids.twoSeconds}`);
    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByLabel("heuristic").selectOption("LINEAR_CONFLICT");
    const live = page.locator(".solve [role=status], .solve [aria-live=polite]");
    expect(await live.count()).toBeGreaterThan(0);
    // Every text the live region takes, as a screen reader would hear it.
    await page.evaluate(`(() => {
      window.heard = [];
      const region = document.querySelector(".solve [role=status], .solve [aria-live=polite]");
      new MutationObserver(() => region.textContent && window.heard.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true });
    })()`);
    await tabTo(page, "Find the optimal solution");
    await page.keyboard.press("Enter");
    // While it runs the pressed button is disabled: Cancel has the focus instead of the document.
    await expect.poll(async () => (await focused(page)).name).toBe("Cancel");
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent(), { timeout: 60_000 })
      .toBe("Optimal solution: 56 moves (proven minimal).");
    const updates = Number(await page.locator(".solve").getAttribute("data-updates"));
    const heard = (await page.evaluate("window.heard")) as string[];
    expect(updates).toBeGreaterThanOrEqual(5);
    expect(heard.length, heard.join(" / ")).toBeLessThanOrEqual(4);
    expect(heard.at(-1)).toBe("Optimal solution: 56 moves (proven minimal).");
    expect((await focused(page)).name).toBe("Find the optimal solution");

    await page.goto(`${api.origin}/puzzles/${ids.hard}`);
    await page.getByLabel("algorithm").selectOption("IDA_STAR");
    await page.getByLabel("heuristic").selectOption("MANHATTAN");
    await tabTo(page, "Find the optimal solution");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".solve").getAttribute("data-updates")).not.toBe("0");
    expect((await focused(page)).name).toBe("Cancel");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("solve-outcome").textContent()).toMatch(/^Cancelled/);
    expect(await live.first().textContent()).toMatch(/^Cancelled/);
    expect((await focused(page)).name).toBe("Find the optimal solution");
  }, 120000);

  it("pages through the puzzle list and the daily archive by keyboard, keeping the focus", async () => {
    await page.goto(`${api.origin}/puzzles`);
    await tabTo(page, "Next page →");
    await page.keyboard.press("Enter");
    await page.waitForURL(/after=/);
    // The link is gone with the old list: the focus starts again in the new content.
    expect((await focused(page)).inMain).toBe(true);
    await tabTo(page, "← First page");

    await page.goto(`${api.origin}/daily/3x3`);
    await expect.poll(() => page.getByTestId("archive-page").textContent()).toBe("page 1");
    await tabTo(page, "Older →");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("archive-page").textContent()).toBe("page 2");
    // "Older" is disabled on the last page: the focus moves to "Newer" instead of the document.
    expect((await focused(page)).name).toBe("← Newer");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("archive-page").textContent()).toBe("page 1");
    expect((await focused(page)).name).toBe("Older →");
  }, 60000);

  it("names every page in its title", async () => {
    await signInPage(page, api.origin, token, name);
    const titles: Record<string, RegExp> = {
      "/new": /^New puzzle · Puzzles$/,
      "/solvers": /^Top solvers · Puzzles$/,
      "/solvers?by=rating": /^Top solvers by rating · Puzzles$/,
      [`/users/${name}`]: new RegExp(`^${name} · Puzzles$`),
      "/users/nobody-here": /^No such player · Puzzles$/,
      [`/puzzles/${ids.rotation}`]: /^Puzzle #\d+ · Puzzles$/,
      "/daily/3x3": /^Daily 3×3 archive · Puzzles$/,
      "/no/such/page": /^Page not found · Puzzles$/,
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(`${api.origin}${path}`);
      await expect.poll(() => page.title(), { message: path }).toMatch(title);
    }
  }, 60000);

  it("has no axe-core faults, at desktop width, at 360 px and at 200% zoom", async () => {
    await signInPage(page, api.origin, token, name);
    const paths = [
      "/",
      "/new",
      `/puzzles/${ids.three}`,
      `/puzzles/${ids.rotation}`,
      "/puzzles",
      "/solvers",
      `/users/${name}`,
      "/daily/3x3",
      `/daily/3x3/${today()}`,
      `/daily/rotation/${today()}`,
    ];
    const faults: string[] = [];
    // 640 x 450 CSS pixels is a 1280 x 900 window at 200% zoom.
    for (const size of [
      { width: 1200, height: 900 },
      { width: 360, height: 740 },
      { width: 640, height: 450 },
    ]) {
      await page.setViewportSize(size);
      for (const path of paths) {
        await page.goto(`${api.origin}${path}`);
        await page.locator("main h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        for (const fault of await axeFaults(page)) faults.push(`${size.width}px ${path}: ${fault}`);
        if (size.width < 1000)
          for (const fault of (await page.evaluate(LAYOUT_FAULTS)) as string[])
            faults.push(`${size.width}px ${path}: ${fault}`);
      }
    }
    await page.setViewportSize({ width: 1200, height: 900 });
    // Signed out, the header holds both forms: the widest it gets.
    await page.evaluate("localStorage.clear()");
    for (const width of [360, 640]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${api.origin}/`);
      await page.locator("form.signup").waitFor();
      for (const fault of await axeFaults(page)) faults.push(`${width}px signed out: ${fault}`);
      for (const fault of (await page.evaluate(LAYOUT_FAULTS)) as string[])
        faults.push(`${width}px signed out: ${fault}`);
    }
    await page.setViewportSize({ width: 1200, height: 900 });
    expect(faults).toEqual([]);
  }, 240000);

  it("keeps text and buttons at WCAG AA contrast, the Rotation Game's numbers included", async () => {
    await signInPage(page, api.origin, token, name);
    const low: string[] = [];
    for (const path of ["/", `/puzzles/${ids.rotation}`, `/puzzles/${ids.three}`]) {
      await page.goto(`${api.origin}${path}`);
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      const selector =
        "main p, main a, main h1, main h2, button, .muted, .badge, .board .tile, .board.rotation .cell, th, td";
      const ratios = (await page.evaluate(`${CONTRAST}(${JSON.stringify(selector)})`)) as {
        text: string;
        ratio: number;
      }[];
      expect(ratios.length).toBeGreaterThan(10);
      for (const { text, ratio } of ratios)
        if (text !== "" && ratio < 4.5) low.push(`${path} "${text}": ${ratio.toFixed(2)}`);
    }
    expect(low).toEqual([]);
  }, 60000);

  it("stops tiles gliding and hints pulsing for a visitor who asks for reduced motion", async () => {
    await signInPage(page, api.origin, token, name);
    await page.goto(`${api.origin}/puzzles/${ids.three}`);
    await page.locator(".play .board .tile").first().waitFor();
    const style = (selector: string, property: string) =>
      page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`);
    expect(await style(".play .board .tile", "transitionDuration")).toBe("0.12s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await style(".play .board .tile", "transitionDuration")).toBe("0s");
    await page.getByRole("button", { name: "Hint" }).click();
    await page.locator(".play .board .hinted").waitFor();
    expect(await style(".play .board .hinted", "animationName")).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
  }, 60000);

  it("raised no error in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
