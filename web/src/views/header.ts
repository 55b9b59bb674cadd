// The top bar: the site name, navigation, and who is signed in with their token (or the sign-up and
// sign-in forms; on a phone the sign-in form opens from a "Sign in" button).
import { TOKEN_REFUSED } from "../api/errors.ts";
import { me } from "../api/operations.ts";
import { currentSession, onSessionChange, refusedName, tokenRefused } from "../api/session.ts";
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
      // Signed out because the server refused the token (replaced or revoked elsewhere): say so, with
      // the sign-in form open (on a phone too), rather than sign out silently.
      const refused = refusedName();
      replace(
        account,
        refused !== undefined &&
          h("p", { class: "token-refused", role: "alert", "data-testid": "token-refused" }, TOKEN_REFUSED),
        signUpForm("header"),
        ...signInBehindToggle(account),
      );
      if (refused !== undefined) {
        account.classList.add("signin-open");
        account.querySelector(".signin-toggle")?.setAttribute("aria-expanded", "true");
      }
    }
    // Signed in: the token (to copy) comes first. Signed out: the name field of the sign-up form.
    if (refocusAfter) focusFirst(account.querySelector<HTMLElement>("summary, input"));
  };
  onSessionChange(draw);
  draw();
  // A stored token may have been replaced or revoked elsewhere, or belong to a database that has since
  // been reset: forget it if the server does, saying so.
  const stored = currentSession();
  if (stored) {
    me().then(
      (user) => user === null && tokenRefused(stored.token),
      () => undefined,
    );
  }
  return header;
}
