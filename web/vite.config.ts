// Vite builds the page into web/dist/, which the API server serves at `/`. In development
// (`npm run dev:web`) Vite serves the page and forwards /graphql (HTTP and WebSocket) to the API.
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { compilePath, PAGE_PATHS } from "./src/ui/routes.ts";

const api = process.env.API_URL ?? "http://127.0.0.1:4000";

/**
 * web/dist/routes.json: the page's addresses compiled ({ pattern, keys }[]), for the API server, which
 * answers 404 (with the page) for a path none of them matches (src/http/plugins/use-web-page.ts).
 */
function pageRoutes(): Plugin {
  return {
    name: "page-routes",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "routes.json",
        source: `${JSON.stringify(PAGE_PATHS.map(compilePath))}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [pageRoutes()],
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Small enough to read: one script, one stylesheet (plus the explorer's, loaded only by it).
    assetsInlineLimit: 0,
    // The explorer's Monaco editor is one 2.8 MB chunk, loaded only on /graphql.
    chunkSizeWarningLimit: 3000,
    // Two pages: the app, and GraphiQL, which the server sends for a browser's GET /graphql.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL("index.html", import.meta.url)),
        explorer: fileURLToPath(new URL("explorer.html", import.meta.url)),
      },
      // GraphiQL's React dependencies mark modules "use client", which means nothing outside React
      // Server Components: the bundler's warning that it drops the directive is noise here.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: {
    // The page imports the pure core from ../src/core.
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    proxy: { "/graphql": { target: api, ws: true, changeOrigin: true } },
  },
});
