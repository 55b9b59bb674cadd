// What the page does with input it cannot use: a custom size out of range, a time limit that is not
// whole seconds, a malformed address, a long unbroken title on a phone, a hint on a 5x5. Each says
// why in a sentence (or lays out), instead of doing nothing or showing GraphQL's wording.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser, signInPage } from "./browser.ts";

const missing = chromiumMissing();

describe.skipIf(missing !== undefined)("the page with input it cannot use", () => {
  const api = useTestServer();
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const name = uniqueName("input");
  let token: string;

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function signIn(target: Page): Promise<void> {
    token ??= (await api.client().signUp(name)).token;
    await signInPage(target, api.origin, token, name);
  }

  async function createThroughApi(input: Record<string, unknown>): Promise<string> {
    const data = await api
      .client(token)
      .data<{ createPuzzle: { id: string } }>(
        `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
        { input },
      );
    return data.createPuzzle.id;
  }

  /** A 3x3 puzzle from `start`, created through the API, open on its page. */
  async function openPuzzle3x3(start: number[]): Promise<void> {
    const id = await createThroughApi({ kind: "SLIDING", rows: 3, cols: 3, start });
    await page.goto(`${api.origin}/puzzles/${id}`);
  }

  it("refuses a custom size out of range instead of keeping the last board's verdict", async () => {
    await signIn(page);
    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "rows × cols" }).click();
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    await page.locator("input[name=rows]").fill("7");
    await page.locator("input[name=rows]").press("Tab");
    await expect
      .poll(() => page.locator(".create .status").textContent())
      .toBe("Rows and columns must be whole numbers from 2 to 5.");
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(true);
    await page.locator("input[name=rows]").fill("2");
    await page.locator("input[name=rows]").press("Tab");
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(false);
  });

  it("names the tiles field by its visible label, which says how to type them", async () => {
    await signIn(page);
    await page.goto(`${api.origin}/new`);
    // Before: the field's name was "tiles", whatever the label said (the blank's characters, or the
    // Rotation Game's symbols), so a screen reader never read them and a voice command naming the
    // label found nothing.
    const sliding = page.getByRole("textbox", {
      name: "Tiles, row by row (0, x, . or _ is the blank)",
      exact: true,
    });
    await expect.poll(() => sliding.count()).toBe(1);
    await page.locator(".segmented label", { hasText: "Rotation Game" }).click();
    const rotation = page.getByRole("textbox", {
      name: "Symbols 1, 2 and 3 (eight of each), row by row",
      exact: true,
    });
    await expect.poll(() => rotation.count()).toBe(1);
  });

  it("saves a preset size though the hidden custom size was left out of range (before: Save did nothing)", async () => {
    await signIn(page);
    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "rows × cols" }).click();
    await page.locator("input[name=rows]").fill("7");
    await page.locator("input[name=rows]").press("Tab");
    await page.locator(".segmented label", { hasText: "3×3" }).click();
    await page.getByLabel("tiles").fill("1 2 3 4 5 6 0 7 8");
    await expect.poll(() => page.locator(".create .status").textContent()).toContain("Solvable");
    await page.getByRole("button", { name: "Save puzzle" }).click();
    await page.waitForURL(/\/puzzles\/\d+$/);
  });

  it("leaves no 'Save anyway' on the button once the board does not read", async () => {
    await signIn(page);
    await page.goto(`${api.origin}/new`);
    await page.locator(".segmented label", { hasText: "3×3" }).click();
    await page.getByLabel("tiles").fill("1 2 3 4 5 6 8 7 0");
    await expect
      .poll(() => page.getByRole("button", { name: /^Save/ }).textContent())
      .toBe("Save anyway (unsolvable)");
    await page.getByLabel("tiles").fill("a b c");
    await expect.poll(() => page.locator(".create .status").textContent()).toContain('"a" is not a tile');
    expect(await page.getByRole("button", { name: /^Save/ }).textContent()).toBe("Save puzzle");
    expect(await page.getByRole("button", { name: /^Save/ }).isDisabled()).toBe(true);
  });

  it("says what a time limit must be before asking the server", async () => {
    await openPuzzle3x3([1, 2, 3, 4, 5, 6, 0, 7, 8]);
    for (const value of ["1.5", "", "0", "4000"]) {
      await page.locator("input[name=timeLimitSeconds]").fill(value);
      await page.getByRole("button", { name: "Find the optimal solution" }).click();
      await expect
        .poll(() => page.locator(".solve .message.error").textContent())
        .toBe("The time limit must be a whole number of seconds from 1 to 3600.");
    }
    await page.locator("input[name=timeLimitSeconds]").fill("5");
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent())
      .toBe("Optimal solution: 2 moves (proven minimal).");
    expect(await page.locator(".solve .message.error").isVisible()).toBe(false);
  });

  it("says 1 move, not 1 moves, one move from the goal", async () => {
    await openPuzzle3x3([1, 2, 3, 4, 5, 6, 7, 0, 8]);
    await page.getByRole("button", { name: "Hint" }).click();
    await expect
      .poll(() => page.getByTestId("hint-text").textContent())
      .toBe("1 move from the goal: slide tile 8 ←.");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.locator(".play .status").textContent()).toBe("Solved in 1 move!");
    await page.getByRole("button", { name: "Submit to leaderboard" }).click();
    await expect
      .poll(() => page.locator(".play .message.info").textContent())
      .toMatch(/^Accepted: 1 move · rank 1\b/);
    await page.getByRole("button", { name: "Find the optimal solution" }).click();
    await expect
      .poll(() => page.getByTestId("solve-outcome").textContent())
      .toBe("Optimal solution: 1 move (proven minimal).");
  });

  it("offers no hint on a 5x5, and says why", async () => {
    const start = Array.from({ length: 25 }, (_, i) => (i + 1) % 25);
    [start[23], start[24]] = [start[24], start[23]]; // one move from the goal
    const id = await createThroughApi({ kind: "SLIDING", rows: 5, cols: 5, start });
    await page.goto(`${api.origin}/puzzles/${id}`);
    const hint = page.getByRole("button", { name: "Hint" });
    await hint.waitFor();
    expect(await hint.isDisabled()).toBe(true);
    expect(await page.getByTestId("hint-text").textContent()).toMatch(/larger than 4×4/);
  });

  it("lists every size a puzzle can be made in, 2x5 and 5x3 included, in the size filter", async () => {
    await signIn(page);
    const twoByFive = await createThroughApi({
      kind: "SLIDING",
      rows: 2,
      cols: 5,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 0, 9],
    });
    await page.goto(`${api.origin}/puzzles?size=2x5`);
    await expect
      .poll(() => page.locator(".puzzle-results .puzzle-item").first().getAttribute("data-puzzle-id"))
      .toBe(twoByFive);
    // Before: no 2x5 option, so the list of 2x5 puzzles showed an empty size field.
    expect(await page.getByLabel("size").inputValue()).toBe("2x5");
    const offered = await page
      .getByLabel("size")
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
    const everySize = [2, 3, 4, 5].flatMap((rows) => [2, 3, 4, 5].map((cols) => `${rows}x${cols}`));
    expect([...offered].sort()).toEqual(["", ...everySize].sort());
    await page.getByLabel("size").selectOption("5x3");
    await page.waitForURL(/size=5x3/);
    await expect.poll(() => page.locator(".puzzle-results").textContent()).toContain("No puzzle matches");
  });

  it("shows the not-found page for a malformed address", async () => {
    await page.goto(`${api.origin}/users/%E0%A4%A`);
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Page not found");
    await page.goto(`${api.origin}/puzzles/%zz`);
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Page not found");
  });

  it("wraps a long unbroken title at phone width", async () => {
    const phone = await browser.newPage({ width: 390, height: 844 });
    phone.on("pageerror", (error) => pageErrors.push(error.message));
    const id = await createThroughApi({
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 7, 0, 8],
      title: "W".repeat(200),
    });
    await signIn(phone);
    for (const path of ["/", "/puzzles", `/puzzles/${id}`, `/users/${name}`]) {
      await phone.goto(`${api.origin}${path}`);
      await phone.locator(`a[href="/puzzles/${id}"], h1:has-text("WWWW")`).first().waitFor();
      const overflow = await phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await phone.close();
    expect(pageErrors).toEqual([]);
  });
});
