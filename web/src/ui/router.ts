// History-API routing over the page's addresses (ui/routes.ts: `/`, `/new`, `/puzzles`,
// `/puzzles/:id`, `/solvers`, `/users/:name`, `/daily/:category(/:date)`; views read their own query
// string, e.g. the puzzle list's filters). The server answers every such path with index.html, and
// any other with index.html and the status 404, so this router's fallback ("Page not found") is what
// a visitor sees there. Views return a clean-up (closing subscriptions, timers, key handlers) that
// runs when the visitor navigates away.
import { type CompiledPath, compilePath, matchPath, type PagePath } from "./routes.ts";

export type Cleanup = () => void;
// biome-ignore lint/suspicious/noConfusingVoidType: a view without clean-up simply returns nothing
export type View = (outlet: HTMLElement, params: Record<string, string>) => Cleanup | void;

interface Route {
  readonly path: CompiledPath;
  readonly view: View;
}

const routes: Route[] = [];
let cleanup: Cleanup | undefined;
let outlet: HTMLElement;
let notFound: View;

export function route(path: PagePath, view: View): void {
  routes.push({ path: compilePath(path), view });
}

function render(): void {
  cleanup?.();
  cleanup = undefined;
  outlet.replaceChildren();
  // Each view names itself in the tab's title (a screen reader's first word on a new page).
  document.title = "Puzzles";
  const path = window.location.pathname;
  for (const { path: compiled, view } of routes) {
    const params = matchPath(compiled, path);
    if (params === undefined) continue;
    cleanup = view(outlet, params) ?? undefined;
    return;
  }
  cleanup = notFound(outlet, {}) ?? undefined;
}

export function navigate(path: string): void {
  if (path !== window.location.pathname + window.location.search) window.history.pushState(null, "", path);
  render();
  window.scrollTo(0, 0);
  // The link just followed may be gone with the old view: without this, focus would fall back to the
  // document and neither a keyboard nor a screen reader would land in the new content.
  outlet.focus({ preventScroll: true });
}

export function startRouter(target: HTMLElement, fallback: View): void {
  outlet = target;
  outlet.tabIndex = -1; // focusable by script (see navigate), never by Tab
  notFound = fallback;
  window.addEventListener("popstate", render);
  // Links marked data-link navigate without reloading the page.
  document.addEventListener("click", (event) => {
    const anchor = (event.target as Element | null)?.closest?.("a[data-link]");
    if (
      !anchor ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(anchor.getAttribute("href") ?? "/");
  });
  render();
}
