// The web page built into web/dist/ (`npm run build`): its files, and index.html for the page's own
// addresses, so /puzzles/42 can be reloaded. The page's build lists its addresses in
// web/dist/routes.json (web/src/ui/routes.ts, compiled): a GET path none of them matches is answered
// with the page too, so a visitor sees the site with its header and "Page not found", but with the
// status 404. That holds for paths without a file extension, and for any other path (/foo.txt, outside
// /graphql) when the client prefers HTML to JSON (a browser's navigation); a script's or an image's
// request for a missing file gets the API's JSON 404 (useJsonNotFound, use-json-errors.ts). Whether a well-formed address names something (puzzle
// 42, player ann) is the page's to say (200, then "No such puzzle"): this serves files, it reads no
// database. Nothing is served when the page was not built.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express, { type Request, type Router } from "express";
import { projectRoot } from "../../project-root.ts";

interface PageRoute {
  readonly pattern: RegExp;
  readonly keys: number;
}

/** The page's addresses from its build; undefined when the build has none (every path is a page). */
function readRoutes(root: string): PageRoute[] | undefined {
  const file = join(root, "routes.json");
  if (!existsSync(file)) return undefined;
  const routes = JSON.parse(readFileSync(file, "utf8")) as { pattern: string; keys: string[] }[];
  return routes.map(({ pattern, keys }) => ({ pattern: new RegExp(pattern), keys: keys.length }));
}

/** Whether `path` is one of the page's addresses: a route matches and its parameters decode. */
function isPagePath(routes: readonly PageRoute[], path: string): boolean {
  return routes.some(({ pattern, keys }) => {
    const match = pattern.exec(path);
    if (!match) return false;
    try {
      for (let i = 1; i <= keys; i++) decodeURIComponent(match[i]);
      return true;
    } catch {
      return false; // /users/%E0%A4: the page says "Page not found" too
    }
  });
}

const prefersHtml = (req: Request) => req.accepts(["application/json", "text/html"]) === "text/html";

export function useWebPage(): Router {
  const root = join(projectRoot, "web", "dist");
  const router = express.Router();
  if (!existsSync(join(root, "index.html"))) return router;
  const routes = readRoutes(root);
  router.use(
    express.static(root, {
      index: "index.html",
      setHeaders: (res, path) =>
        res.setHeader(
          "Cache-Control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        ),
    }),
  );
  router.get(/^\/(?!graphql(?:\/|$))/, (req, res, next) => {
    if (req.path.includes(".") && !prefersHtml(req)) {
      next();
      return;
    }
    res.status(routes === undefined || isPagePath(routes, req.path) ? 200 : 404);
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(join(root, "index.html"));
  });
  return router;
}
