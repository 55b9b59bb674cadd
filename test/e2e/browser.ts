// Headless Chromium for the page's end-to-end tests: Debian's /usr/bin/chromium (no browser download)
// driven by playwright-core, with a fresh profile per run and nothing that talks to the internet.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { projectRoot } from "../../src/project-root.ts";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const why = `${CHROMIUM_PATH} not found: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH`;
  // In CI a missing browser is a missing install step, not a reason to skip: fail the file.
  if (process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false")
    throw new Error(why);
  return why;
}

/** The pages are served from web/dist/: build them if this run has not (npm test builds them first). */
export function ensureWebBuilt(): void {
  const dist = join(projectRoot, "web", "dist");
  if (existsSync(join(dist, "index.html")) && existsSync(join(dist, "explorer.html"))) return;
  const built = spawnSync(process.execPath, [join(projectRoot, "web", "build.mjs")], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("web/build.mjs failed");
}

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  readonly context: BrowserContext;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "puzzles-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1200, height: 900 },
  });
  return {
    context,
    async newPage(viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Signs the browser's profile in as `name` with `token` (the page keeps both in localStorage, as
 * after a sign-in), from `origin`'s front page: pages opened or reloaded afterwards are signed in.
 */
export async function signInPage(page: Page, origin: string, token: string, name: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.evaluate(
    `localStorage.setItem("puzzles.token", ${JSON.stringify(token)}); localStorage.setItem("puzzles.name", ${JSON.stringify(name)})`,
  );
}
