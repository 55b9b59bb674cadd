// The page's addresses, in one table for both sides: the page's router (ui/router.ts, main.ts gives
// each a view) and the API server, which answers 404 for a path none of them matches. The build
// writes the table, compiled, to web/dist/routes.json (web/vite.config.ts); the server reads it there
// (src/http/plugins/use-web-page.ts). No DOM here: Vite's config imports this file in Node.

export const PAGE_PATHS = [
  "/",
  "/new",
  "/puzzles",
  "/puzzles/:id",
  "/solvers",
  "/users/:name",
  "/daily",
  "/daily/:category",
  "/daily/:category/:date",
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/** A path compiled: `pattern` (a RegExp's source) captures the parameters named in `keys`, in order. */
export interface CompiledPath {
  readonly pattern: string;
  readonly keys: string[];
}

/**
 * `/puzzles/:id` → `^/puzzles/([1-9][0-9]*)/?$`. A parameter is one path segment, still
 * percent-encoded (the matcher decodes it; one that does not decode matches nothing); `:id` is the
 * API's id, a decimal number without leading zeros, so `/puzzles/abc` is no page at all.
 */
export function compilePath(path: string): CompiledPath {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return key === "id" ? "([1-9][0-9]*)" : "([^/]+)";
  });
  return { pattern: `^${source === "/" ? "" : source}/?$`, keys };
}

/** The decoded parameters of `path` if `route` matches it, else undefined. */
export function matchPath(route: CompiledPath, path: string): Record<string, string> | undefined {
  const match = new RegExp(route.pattern).exec(path);
  if (!match) return undefined;
  try {
    return Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
  } catch {
    return undefined; // a malformed escape such as /users/%E0%A4: no page of ours has that name
  }
}
