// The page's entry point: header, routes, and the view outlet.
import "./styles.css";
import { h, link } from "./ui/dom.ts";
import { createLiveStatus } from "./ui/live-status.ts";
import { route, startRouter } from "./ui/router.ts";
import { createView } from "./views/create.ts";
import { dailyArchiveView } from "./views/daily-archive.ts";
import { dailyPageView } from "./views/daily-page.ts";
import { createHeader } from "./views/header.ts";
import { homeView } from "./views/home.ts";
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

route("/", homeView);
route("/new", createView);
route("/puzzles", puzzlesView);
route("/puzzles/:id", puzzleView);
route("/solvers", solversView);
route("/users/:name", userView);
route("/daily", dailyArchiveView);
route("/daily/:category", dailyArchiveView);
route("/daily/:category/:date", dailyPageView);
startRouter(outlet, (target) => {
  document.title = "Page not found · Puzzles";
  target.append(
    h(
      "section",
      { class: "card" },
      h("h1", {}, "Page not found"),
      h("p", {}, link("/", "Back to the recent puzzles.")),
    ),
  );
});
