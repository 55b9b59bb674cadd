// The top bar: the site name, navigation, and who is signed in with their token (or the sign-up and
// sign-in forms).
import { me } from "../api/operations.ts";
import { currentSession, onSessionChange, signOut } from "../api/session.ts";
import { h, link, replace } from "../ui/dom.ts";
import { focusFirst, focusLost } from "../ui/focus.ts";
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
      { "aria-label": "Main" },
      link("/", h("strong", {}, "Puzzles")),
      // The full list (filters, orderings), newest first: not the front page the brand leads to.
      link("/puzzles", "Recent"),
      link("/solvers", "Solvers"),
      link("/new", "New puzzle"),
    ),
    account,
  );
  // Whether the visitor was last working in the account area (a form's button is disabled while it
  // waits, so focus may have fallen to the document since): a redraw gives them the new forms' focus.
  let working = false;
  document.addEventListener("focusin", (event) => {
    working = account.contains(event.target as Node);
  });
  const draw = () => {
    const session = currentSession();
    const refocusAfter = working && (account.contains(document.activeElement) || focusLost());
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
    // Signed in: the token (to copy) comes first. Signed out: the name field of the sign-up form.
    if (refocusAfter) focusFirst(account.querySelector<HTMLElement>("summary, input"));
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
