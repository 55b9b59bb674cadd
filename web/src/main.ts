// The page's entry point: header, routes, and the view outlet.
import "./styles.css";
import { h } from "./ui/dom.ts";
import { createLiveStatus } from "./ui/live-status.ts";
import { route, startRouter, type View } from "./ui/router.ts";
import { PAGE_PATHS, type PagePath } from "./ui/routes.ts";
import { createView } from "./views/create.ts";
import { dailyArchiveView } from "./views/daily-archive.ts";
import { dailyPageView } from "./views/daily-page.ts";
import { createHeader } from "./views/header.ts";
import { homeView } from "./views/home.ts";
import { notFoundCard } from "./views/not-found.ts";
import { puzzleView } from "./views/puzzle.ts";
import { puzzlesView } from "./views/puzzles.ts";
import { solversView } from "./views/solvers.ts";
import { userView } from "./views/user.ts";

const app = document.getElementById("app") as HTMLElement;
const outlet = h("main", { id: "view" });
app.append(createHeader());
// One status line for the live connection, outside the view so that a navigation keeps it.
app.append(createLiveStatus());
app.append(outlet);

// Every address of ui/routes.ts gets its view (a missing one is a type error).
const views: Record<PagePath, View> = {
  "/": homeView,
  "/new": createView,
  "/puzzles": puzzlesView,
  "/puzzles/:id": puzzleView,
  "/solvers": solversView,
  "/users/:name": userView,
  "/daily": dailyArchiveView,
  "/daily/:category": dailyArchiveView,
  "/daily/:category/:date": dailyPageView,
};
for (const path of PAGE_PATHS) route(path, views[path]);
startRouter(outlet, (target) => {
  target.append(notFoundCard("Page not found", "There is no page at this address."));
});
