// GraphiQL on GET /graphql for browsers: a client that prefers text/html to JSON gets the explorer
// page built into web/dist/ (web/explorer.html, bundled by Vite with its editor workers, so it
// works with no internet); every other request goes on to Apollo. Apollo's own landing page loads
// from a CDN and is switched off (ApolloServerPluginLandingPageDisabled in server.ts). Mount before
// the GraphQL middleware, which answers every GET itself. Nothing is served when the page was not built.
import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Router } from "express";
import { projectRoot } from "../../project-root.ts";

export function useGraphQLExplorer(path: string): Router {
  const page = join(projectRoot, "web", "dist", "explorer.html");
  const router = express.Router();
  router.get(path, (req, res, next) => {
    if (req.accepts(["application/json", "text/html"]) !== "text/html" || !existsSync(page)) {
      next();
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(page);
  });
  return router;
}
