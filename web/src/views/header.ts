// The top bar: the site name, navigation, and who is signed in with their token (or the sign-up and
// sign-in forms; on a phone the sign-in form opens from a "Sign in" button).
import { me } from "../api/operations.ts";
import { currentSession, onSessionChange, signOut } from "../api/session.ts";
import { h, link, replace } from "../ui/dom.ts";
import { focusFirst, focusLost } from "../ui/focus.ts";
import { signInForm } from "./signin.ts";
import { signUpForm } from "./signup.ts";
import { tokenPanel } from "./token-panel.ts";

/**
 * The sign-in form and, for phones, the button that shows it: below 560 px the form is shown only
 * once "Sign in" is pressed (class `signin-open` on the account area; styles.css), so the header
 * is the navigation and one row of sign-up. Wider, the button is not shown and the form always is.
 */
function signInBehindToggle(account: HTMLElement): HTMLElement[] {
  account.classList.remove("signin-open");
  const form = signInForm("header");
  form.id = "header-signin";
  const toggle = h(
    "button",
    { type: "button", class: "signin-toggle", "aria-expanded": "false", "aria-controls": form.id },
    "Sign in",
  );
  toggle.addEventListener("click", () => {
    const open = account.classList.toggle("signin-open");
    toggle.setAttribute("aria-expanded", String(open));
    if (open) form.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  });
  return [toggle, form];
}

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
      replace(account, signUpForm("header"), ...signInBehindToggle(account));
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
