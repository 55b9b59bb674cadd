// The web page built into web/dist/ (`npm run build`): its files, and index.html for the page's own
// routes (GET paths without a file extension, outside /graphql), so /puzzles/42 can be reloaded.
// Nothing is served when the page was not built.
import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Router } from "express";
import { projectRoot } from "../../project-root.ts";

export function useWebPage(): Router {
  const root = join(projectRoot, "web", "dist");
  const router = express.Router();
  if (!existsSync(join(root, "index.html"))) return router;
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
  router.get(/^\/(?!graphql(?:\/|$))[^.]*$/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(join(root, "index.html"));
  });
  return router;
}
