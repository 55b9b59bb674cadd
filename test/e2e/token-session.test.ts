// The token in the web page: sign in with a token made elsewhere, see and copy it, and sign out only
// after confirming (the token is the only way back into the account).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { chromiumMissing, ensureWebBuilt, launchBrowser, type Browser } from "./browser.ts";

const missing = chromiumMissing();

describe.skipIf(missing !== undefined)("the token in the web page", () => {
  const api = useTestServer();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureWebBuilt();
    browser = await launchBrowser();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: api.origin });
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("refuses an unknown token, then signs in with a real one", async () => {
    const { token, user } = await api.client().signUp(uniqueName("tok"));
    await page.goto(`${api.origin}/`);
    await page.locator("#header-token").fill("pzt_not-a-real-token");
    await page.getByRole("button", { name: "Sign in with your token" }).click();
    await page.locator("form.signin .message.error").waitFor();
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBeNull();

    await page.locator("#header-token").fill(token);
    await page.getByRole("button", { name: "Sign in with your token" }).click();
    await expect.poll(() => page.locator(".account .who").textContent()).toContain(user.name);
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBe(token);
  });

  it("shows the token and copies it", async () => {
    const token = (await page.evaluate("localStorage.getItem('puzzles.token')")) as string;
    await page.locator("details.token summary").click();
    expect(await page.locator("details.token .token-value").textContent()).toBe(token);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => page.locator("details.token .copied").textContent()).toMatch(/copied|Ctrl-C/);
    expect(await page.locator("details.token .copied").textContent()).toBe("copied");
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(token);
  });

  it("asks before signing out, and stays signed in when the answer is no", async () => {
    const questions: string[] = [];
    let answer = false;
    page.on("dialog", (dialog) => {
      questions.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    });
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toContain("only way back");
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).not.toBeNull();
    answer = true;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with your token" }).waitFor();
    expect(await page.evaluate("localStorage.getItem('puzzles.token')")).toBeNull();
  });
});
