// Addresses that name nothing, against a real API server (no worker) and in headless Chromium: the
// server answers 404 for a path none of the page's routes matches (web/dist/routes.json, written from
// web/src/ui/routes.ts), with the page itself for a browser, and the page shows the site (its
// header) with a "not found" heading and a link to the front page, there and where only the database
// knows (a puzzle, a player, a daily category; 200). Before, /puzzles/does-not-exist showed the API's
// "Id must be an id like "42"..." and nothing else, /users/xyz and /daily/NOPE/... a heading without a
// way on, every extensionless path was a 200, and /foo.txt was Express' bare "Cannot GET /foo.txt".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { type Browser, chromiumMissing, ensureWebBuilt, launchBrowser } from "./browser.ts";

const missing = chromiumMissing();

/** Path → the status the server answers and the heading the page shows. */
const BAD: Record<string, { status: number; heading: string }> = {
  // No route matches: the server knows.
  "/puzzles/does-not-exist": { status: 404, heading: "Page not found" },
  "/nope/what": { status: 404, heading: "Page not found" },
  "/users/%E0%A4%A": { status: 404, heading: "Page not found" },
  "/foo.txt": { status: 404, heading: "Page not found" },
  "/puzzles/42/leaderboard": { status: 404, heading: "Page not found" },
  // Well-formed: only the API knows, and the page says so.
  "/puzzles/99999": { status: 200, heading: "No such puzzle" },
  "/puzzles/99999999999": { status: 200, heading: "No such puzzle" },
  "/users/xyz": { status: 200, heading: "No such player" },
  "/daily/NOPE/2020-01-01": { status: 200, heading: "No such daily puzzle" },
};

describe.skipIf(missing !== undefined)("addresses that name nothing", () => {
  const api = useTestServer();
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("answers 404 where no page route matches, and the page itself to a browser", async () => {
    const html = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
    for (const [path, { status }] of Object.entries(BAD)) {
      const response = await fetch(`${api.origin}${path}`, { headers: html });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toContain('<div id="app">');
    }
    // The page's own addresses, with or without a trailing slash.
    for (const path of [
      "/",
      "/new",
      "/puzzles",
      "/puzzles/",
      "/puzzles/42",
      "/solvers",
      "/users/ann",
      "/daily",
      "/daily/3x3",
      "/daily/3x3/2026-12-01",
    ]) {
      expect((await fetch(`${api.origin}${path}`)).status, path).toBe(200);
    }
    // A missing file asked for by a script or an image is a 404 (the API's JSON error), not the page.
    for (const [path, accept] of [
      ["/assets/missing.js", "*/*"],
      ["/favicon.ico", "image/avif,image/webp,*/*;q=0.8"],
    ]) {
      const response = await fetch(`${api.origin}${path}`, { headers: { accept } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="app">');
    }
    // The rest of the server is untouched.
    expect((await fetch(`${api.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${api.origin}/graphql`, { headers: html })).headers.get("content-type")).toMatch(
      /^text\/html/,
    );
  });

  it("shows the site's page, a not-found heading and a link home at every bad address", async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    for (const [path, { status, heading }] of Object.entries(BAD)) {
      const response = await page.goto(`${api.origin}${path}`);
      expect(response?.status(), path).toBe(status);
      const card = page.getByTestId("not-found");
      await expect.poll(() => card.locator("h1").textContent(), { message: path }).toBe(heading);
      expect(await page.title(), path).toBe(`${heading} · Puzzles`);
      // The header, as on every page, and nothing of the API's wording.
      expect(await page.locator("header.top nav").getByRole("link", { name: "Recent" }).isVisible()).toBe(
        true,
      );
      expect(await page.locator("main").textContent(), path).not.toContain("must be an id");
      expect(await page.locator("main [role=alert]:visible").count(), path).toBe(0);
    }
    // The link leads home, without a reload.
    await page.getByTestId("not-found").getByRole("link", { name: "Go to the front page" }).click();
    await page.waitForURL(`${api.origin}/`);
    await page.locator("main h1").first().waitFor();
    expect(await page.getByTestId("not-found").count()).toBe(0);

    // A bad address reached within the page (no request to the server) says the same.
    await page.evaluate(
      `history.pushState(null, "", "/nope/what"); dispatchEvent(new PopStateEvent("popstate"))`,
    );
    await expect.poll(() => page.getByTestId("not-found").locator("h1").textContent()).toBe("Page not found");
    await page.close();
  }, 60_000);

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
