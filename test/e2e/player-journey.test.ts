// What a new player met on the page, each kind of puzzle in turn, in headless Chromium against a real
// API server and worker: a board typed for another size survives picking that size; the Rotation
// Game is not offered A* (which the server refuses for it); a 4x4 submitted before its optimum is
// known learns it when the platform's own search ends (verdict, leaderboard, facts), and then whether
// its game was rated, without a reload, from leaderboardChanged (OPTIMUM_PROVEN), not by following the search; a daily puzzle's player count follows other players' submissions live.
import type { Page, WebSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlidingSpec, defaultSlidingGoal, solve } from "../../src/core/index.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, startWorker } from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

// A blank move → the arrow key that makes it (an arrow slides a tile into the gap).
const KEY: Record<string, string> = { U: "ArrowDown", D: "ArrowUp", L: "ArrowRight", R: "ArrowLeft" };
const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { rank } }`;
const today = () => new Date().toISOString().slice(0, 10);

describe.skipIf(missing !== undefined)("a new player's journey through every kind of puzzle", () => {
  const api = useTestServer({ env: FAST_PIPELINE });
  let worker: WorkerProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let name: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [worker, browser] = await Promise.all([startWorker(api), launchBrowser()]);
    const { token: issued, user } = await api.client().signUp();
    token = issued;
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    name = user.name;
    await signInPage(page, api.origin, token, name);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  async function createThroughApi(input: Record<string, unknown>): Promise<string> {
    const data = await api.client(token).data<{ createPuzzle: { id: string } }>(CREATE, { i: input });
    return data.createPuzzle.id;
  }

  it("says that a mistyped token is unknown, not that an account is needed, and keeps it", async () => {
    await page.evaluate("localStorage.clear()");
    await page.goto(`${api.origin}/`);
    try {
      const field = page.locator("#header-token");
      await field.fill(`${token}x`);
      await page.getByRole("button", { name: "Sign in with your token" }).click();
      const error = page.locator("form.signin .message.error");
      await expect
        .poll(() => error.textContent())
        .toBe("The server does not know this token. Check that you pasted all of it (it starts with pzt_).");
      expect(await field.inputValue()).toBe(`${token}x`);
      await field.fill(token);
      await page.getByRole("button", { name: "Sign in with your token" }).click();
      await expect.poll(() => page.locator("header .who").textContent()).toBe(`Signed in as ${name}`);
    } finally {
      // The next tests play signed in, whatever happened here.
      await signInPage(page, api.origin, token, name);
    }
  });

  it("keeps a typed board when the size is picked after it, and checks it for that size", async () => {
    await page.goto(`${api.origin}/new`);
    const tiles = page.getByLabel("tiles");
    const status = page.locator(".create .status");
    await expect.poll(() => status.textContent()).toContain("Solvable");
    // The 3x3 preset's random board is replaced by a new one when nothing was typed.
    const shuffled3 = await tiles.inputValue();
    await page.locator(".segmented label", { hasText: "5×5" }).click();
    await expect.poll(() => tiles.inputValue()).not.toBe(shuffled3);
    expect((await tiles.inputValue()).split(/\s+/)).toHaveLength(25);

    await page.locator(".segmented label", { hasText: "3×3" }).click();
    const typed = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15";
    await tiles.fill(typed);
    await expect.poll(() => status.textContent()).toBe("Start has 16 tiles, expected 9");
    await page.locator(".segmented label", { hasText: "4×4" }).click();
    await expect.poll(() => status.textContent()).toContain("Solvable");
    expect(await tiles.inputValue()).toBe(typed);
    // The label names every blank the parser takes: an x is one.
    expect(await page.getByText(/^Tiles, row by row/).textContent()).toBe(
      "Tiles, row by row (0, x, . or _ is the blank)",
    );
    await tiles.fill(typed.replace(" 0 ", " x "));
    await expect.poll(() => status.textContent()).toContain("Solvable");
    await tiles.fill(typed);
    await page.locator(".segmented label", { hasText: "5×5" }).click();
    await expect.poll(() => status.textContent()).toBe("Start has 16 tiles, expected 25");
    expect(await tiles.inputValue()).toBe(typed);
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(true);
    // Shuffle still replaces it on request.
    await page.getByRole("button", { name: "Shuffle" }).click();
    await expect.poll(() => status.textContent()).toContain("Solvable");
    expect((await tiles.inputValue()).split(/\s+/)).toHaveLength(25);

    // A custom goal for 3x3, then 4x4 picked: no board fits, and the 3x3 verdict does not stay.
    await page.goto(`${api.origin}/new`);
    await page.locator("details.goal summary").click();
    await page.getByLabel("goal").fill("0 1 2 3 4 5 6 7 8");
    await page.getByRole("button", { name: "Shuffle" }).click();
    await expect.poll(() => status.textContent()).toContain("Solvable");
    await page.locator(".segmented label", { hasText: "4×4" }).click();
    await expect
      .poll(() => page.locator("form.create .message.error").textContent())
      .toBe("Goal has 9 tiles, expected 16");
    expect(await status.textContent()).toBe("Start has 9 tiles, expected 16");
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(true);
  });

  it("offers the Rotation Game only the algorithms the server runs for it", async () => {
    const id = await createThroughApi({
      kind: "ROTATION",
      start: [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3],
    });
    await page.goto(`${api.origin}/puzzles/${id}`);
    const algorithm = page.locator("select[name=algorithm]");
    await algorithm.waitFor();
    const offered = await algorithm
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
    expect(offered).toEqual(["AUTO", "IDA_STAR"]);
    await algorithm.selectOption("IDA_STAR");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent())
      .toMatch(/^Optimal solution: \d+ moves \(proven minimal\)/);
    expect(await page.locator(".solve .message.error").isVisible()).toBe(false);

    // A sliding puzzle still has A*.
    const sliding = await createThroughApi({
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
    });
    await page.goto(`${api.origin}/puzzles/${sliding}`);
    await algorithm.waitFor();
    expect(await algorithm.locator("option[value=ASTAR]").count()).toBe(1);
  });

  it("lists Rotation Game boards when the kind changes to it after a size was picked", async () => {
    await createThroughApi({
      kind: "ROTATION",
      start: [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
    });
    await createThroughApi({ kind: "SLIDING", rows: 4, cols: 4, start: [...BOARDS.quick] });
    await page.goto(`${api.origin}/puzzles`);
    const items = page.locator(".puzzle-results li");
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("Rotation Game");
    const rotations = await items.filter({ hasText: "Rotation Game" }).count();
    await page.locator("select[name=kind]").selectOption("sliding");
    await page.waitForURL(/kind=sliding/);
    await page.locator("select[name=size]").selectOption("4x4");
    await page.waitForURL(/size=4x4/);
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("4×4 sliding");
    await page.locator("select[name=kind]").selectOption("rotation");
    await page.waitForURL((url) => url.search === "?kind=rotation");
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("Rotation Game");
    expect(await items.count()).toBe(rotations);
    expect(await page.locator(".puzzle-results").textContent()).not.toContain("sliding");
    expect(await page.locator("select[name=size]").isDisabled()).toBe(true);
    // An address with both (made by hand) lists the kind it names.
    await page.goto(`${api.origin}/puzzles?kind=rotation&size=4x4`);
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("Rotation Game");
    expect(await items.count()).toBe(rotations);
  });

  it("does not invite anyone to solve an unsolvable puzzle, nor promise its optimum", async () => {
    const id = await createThroughApi({
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 8, 7, 0],
    });
    await page.goto(`${api.origin}/puzzles/${id}`);
    await expect
      .poll(() => page.locator(".puzzle-facts .badge.optimum").textContent())
      .toBe("unsolvable: no optimum");
    await expect
      .poll(() => page.locator(".board-list").textContent())
      .toContain("No submissions: nobody can solve this puzzle.");
    expect(await page.locator(".board-list .muted.small").textContent()).toBe(
      "0 players · optimum: none (unsolvable)",
    );
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent())
      .toBe("This puzzle cannot be solved: no sequence of moves reaches the goal.");
  });

  it("tells a 4x4 player the optimum once the platform's search proves it, without a reload", async () => {
    // 58 moves; the platform's own search (asked for by the submission) takes about a second.
    const start = [...BOARDS.second];
    const spec = createSlidingSpec(4, 4, start, defaultSlidingGoal(4, 4));
    const moves = solve(spec, { algorithm: "idastar", heuristic: "linear-conflict" }).moves as string;
    expect(moves).toHaveLength(58);
    const id = await createThroughApi({ kind: "SLIDING", rows: 4, cols: 4, start });
    // The page learns it from leaderboardChanged (change: OPTIMUM_PROVEN), not by following the open
    // search's solveProgress: the frames of its WebSocket say which.
    const sent: string[] = [];
    const received: string[] = [];
    const onSocket = (socket: WebSocket) => {
      socket.on("framesent", (frame) => sent.push(String(frame.payload)));
      socket.on("framereceived", (frame) => received.push(String(frame.payload)));
    };
    page.on("websocket", onSocket);
    await page.goto(`${api.origin}/puzzles/${id}`);
    await page.locator(".play .board").waitFor();
    await expect.poll(() => page.locator(".board-list").textContent()).toContain("optimum: not known yet");
    for (const move of moves) await page.keyboard.press(KEY[move]);
    await expect.poll(() => page.getByTestId("moves").textContent()).toBe(moves);
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    const verdict = page.locator(".play .message.info");
    await expect.poll(() => verdict.textContent()).toMatch(/^Accepted: 58 moves · rank 1/);
    // The proof settles the first submission's game too: the verdict says so (before, it never did,
    // as the server announces the optimum before it rates the games waiting for it).
    await expect
      .poll(() => verdict.textContent(), { timeout: 20_000 })
      .toBe("Accepted: 58 moves · rank 1 · optimal ✓ · rated");
    await expect
      .poll(() => page.locator(".board-list .muted.small").textContent())
      .toBe("1 player · optimum: 58");
    expect(await page.locator(".leaderboard tbody td").nth(3).textContent()).toBe("✓");
    await expect.poll(() => page.locator(".puzzle-head").textContent()).toContain("optimum 58 moves");
    page.off("websocket", onSocket);
    expect(received.some((frame) => frame.includes('"change":"OPTIMUM_PROVEN"'))).toBe(true);
    expect(sent.some((frame) => frame.includes("solveProgress"))).toBe(false);
  }, 40_000);

  it("counts a daily puzzle's players live as others submit", async () => {
    const daily = await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
    expect(daily).toBeTruthy();
    // The front page's tile counts them too, in a second tab.
    const front = await browser.newPage();
    front.on("pageerror", (error) => pageErrors.push(error.message));
    await front.goto(`${api.origin}/`);
    const tilePlayers = front.locator('.daily-tile[data-category="SLIDING_3X3"] .players');
    await expect.poll(() => tilePlayers.textContent()).toBe("0 players");
    await page.goto(`${api.origin}/daily/3x3/${today()}`);
    await page.locator(".play .board").waitFor();
    const players = page.locator(".puzzle-head .daily-facts .players");
    await expect.poll(() => players.textContent()).toBe("0 players");
    const start = (await page.locator(".play .board").getAttribute("data-board"))!.split(",").map(Number);
    const dailyId = (
      await api.client().data<{
        dailyPuzzle: { puzzle: { id: string } };
      }>(`query ($d: String) { dailyPuzzle(category: SLIDING_3X3, date: $d) { puzzle { id } } }`, {
        d: today(),
      })
    ).dailyPuzzle.puzzle.id;
    const optimal = tableSolution(3, 3, start, [1, 2, 3, 4, 5, 6, 7, 8, 0]) as string;
    for (let n = 1; n <= 2; n++) {
      const other = await api.client().signUp();
      await api.client(other.token).data(SUBMIT, { p: dailyId, m: optimal });
      const count = `${n} ${n === 1 ? "player" : "players"}`;
      await expect.poll(() => players.textContent()).toBe(count);
      await expect.poll(() => tilePlayers.textContent()).toBe(count);
    }
    expect(await page.locator(".board-list .muted.small").textContent()).toMatch(/^2 players/);
    await front.close();
  }, 40_000);

  it("keeps a daily's locked hint counting down, and opens it when the day ends", async () => {
    const timed = await browser.newPage();
    timed.on("pageerror", (error) => pageErrors.push(error.message));
    await timed.clock.install();
    await timed.goto(`${api.origin}/daily/3x3/${today()}`);
    await timed.locator(".play .board").waitFor();
    const hintText = timed.getByTestId("hint-text");
    const minutesLeft = async () => {
      const match = /\((?:(\d+) h )?(\d+) min left\)/.exec((await hintText.textContent()) ?? "");
      expect(match).not.toBeNull();
      return Number(match![1] ?? 0) * 60 + Number(match![2]);
    };
    const before = await minutesLeft();
    // An hour on, or less when the day ends sooner (a run in the last hour of the UTC day): the
    // countdown moves and the hint stays locked while the day lasts.
    const step = Math.max(1, Math.min(60, before - 2));
    await timed.clock.fastForward(step * 60_000);
    if (before > step + 1) await expect.poll(minutesLeft).toBeLessThanOrEqual(before - step + 1);
    const hint = timed.getByRole("button", { name: "Hint" });
    expect(await hint.isDisabled()).toBe(true);
    // Past midnight UTC (by the page's clock) the server answers hints again: the button opens.
    await timed.clock.fastForward((before - step + 2) * 60_000);
    await expect.poll(() => hint.isDisabled()).toBe(false);
    expect(await hintText.textContent()).toBe("");
    expect(await timed.locator(".puzzle-head .time-left").textContent()).toBe("the day has ended");
    await timed.close();
  });

  it("turns a daily's page into the ended day's when the day ends while it is open", async () => {
    expect(await api.server.app.services.daily.ensure(today(), "SLIDING_3X3")).toBeTruthy();
    const timed = await browser.newPage();
    timed.on("pageerror", (error) => pageErrors.push(error.message));
    await timed.clock.install();
    await timed.goto(`${api.origin}/daily/3x3/${today()}`);
    await timed.locator(".play .board").waitFor();
    const notice = timed.getByRole("heading", { name: "While the day runs" });
    const search = timed.getByRole("button", { name: "Find the optimal solution" });
    await notice.waitFor();
    expect(await search.count()).toBe(0);
    // A move made before midnight stays on the board after it: the page is not rebuilt.
    const board = timed.locator(".play .board");
    const before = await board.getAttribute("data-board");
    for (const key of ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"]) {
      await timed.keyboard.press(key);
      if ((await board.getAttribute("data-board")) !== before) break;
    }
    const moved = await board.getAttribute("data-board");
    // One minute before midnight UTC (by the page's clock) nothing changes yet.
    const untilMidnight = (await timed.evaluate(
      "new Date().setUTCHours(24, 0, 0, 0) - Date.now()",
    )) as number;
    await timed.clock.fastForward(untilMidnight - 60_000);
    expect(await notice.count()).toBe(1);
    await timed.clock.fastForward(61_000);
    await search.waitFor();
    expect(await notice.count()).toBe(0);
    expect(await timed.locator(".puzzle-head .time-left").textContent()).toBe("the day has ended");
    expect(await board.getAttribute("data-board")).toBe(moved);
    expect(moved).not.toBe(before);
    await timed.close();
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
