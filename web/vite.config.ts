// Vite builds the page into web/dist/, which the API server serves at `/`. In development
// (`npm run dev:web`) Vite serves the page and forwards /graphql (HTTP and WebSocket) to the API.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const api = process.env.API_URL ?? "http://127.0.0.1:4000";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Small enough to read: one script, one stylesheet.
    assetsInlineLimit: 0,
  },
  server: {
    // The page imports the pure core from ../src/core.
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    proxy: { "/graphql": { target: api, ws: true, changeOrigin: true } },
  },
});
