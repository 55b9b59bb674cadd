// GraphiQL on /graphql, in headless Chromium with every request outside localhost blocked: the
// explorer and its editor workers come from this server, so it loads and runs a query offline.
// Non-browser clients still get Apollo on GET /graphql, never the page.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { chromiumMissing, ensureWebBuilt, launchBrowser, type Browser } from "./browser.ts";

const missing = chromiumMissing();
if (missing) console.warn(`[e2e] skipping the explorer's browser test: ${missing}`);

ensureWebBuilt();

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

describe("GET /graphql", () => {
  const api = useTestServer();

  it("answers a browser with the explorer page", async () => {
    const response = await fetch(api.url, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>GraphQL explorer");
    // Everything it loads is local: no CDN (Apollo's landing page loaded from one).
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("answers other clients as GraphQL, not with a page", async () => {
    const response = await fetch(`${api.url}?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(response.headers.get("content-type")).toMatch(/application\/(graphql-response\+)?json/);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  describe.skipIf(missing !== undefined)("in headless Chromium, offline", () => {
    let browser: Browser;
    let page: Page;
    const blocked: string[] = [];
    const pageErrors: string[] = [];

    beforeAll(async () => {
      browser = await launchBrowser();
      // Only this machine is reachable: any other request is refused and recorded.
      await browser.context.route("**/*", (route) => {
        const url = new URL(route.request().url());
        if (url.protocol === "data:" || LOCAL_HOSTS.has(url.hostname)) return route.continue();
        blocked.push(url.href);
        return route.abort("internetdisconnected");
      });
      page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      page.on("pageerror", (error) => pageErrors.push(error.message));
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it("runs { __typename } in GraphiQL and shows the answer", async () => {
      await page.goto(api.url);
      const editor = page.locator(".graphiql-query-editor .monaco-editor").first();
      await editor.waitFor();
      await editor.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.insertText("{ __typename }");
      // The editor closes a brace as it is typed: drop whatever it added after the cursor.
      await page.keyboard.press("ControlOrMeta+Shift+End");
      await page.keyboard.press("Delete");
      await page.locator(".graphiql-execute-button").click();
      await expect
        .poll(async () => (await page.locator(".graphiql-response").textContent())?.replace(/\s+/g, " "))
        .toMatch(/"__typename": "Query"/);
      expect(blocked).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 60_000);
  });
});
