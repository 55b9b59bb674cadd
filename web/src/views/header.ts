// The top bar: the site name, navigation, and who is signed in with their token (or the sign-up and
// sign-in forms).
import { me } from "../api/operations.ts";
import { currentSession, onSessionChange, signOut } from "../api/session.ts";
import { h, link, replace } from "../ui/dom.ts";
import { signInForm } from "./signin.ts";
import { signUpForm } from "./signup.ts";
import { tokenPanel } from "./token-panel.ts";

export function createHeader(): HTMLElement {
  const account = h("div", { class: "account" });
  const header = h(
    "header",
    { class: "top" },
    h(
      "nav",
      {},
      link("/", h("strong", {}, "Puzzles")),
      // The full list (filters, orderings), newest first: not the front page the brand leads to.
      link("/puzzles", "Recent"),
      link("/solvers", "Solvers"),
      link("/new", "New puzzle"),
    ),
    account,
  );
  const draw = () => {
    const session = currentSession();
    if (session) {
      replace(
        account,
        h(
          "span",
          { class: "who" },
          "Signed in as ",
          link(`/users/${encodeURIComponent(session.name)}`, session.name),
        ),
        ...tokenPanel(session),
      );
    } else {
      replace(account, signUpForm("header"), signInForm("header"));
    }
  };
  onSessionChange(draw);
  draw();
  // A stored token may belong to a database that has since been reset: forget it if the server does.
  if (currentSession()) {
    me().then(
      (user) => user === null && signOut(),
      () => undefined,
    );
  }
  return header;
}
