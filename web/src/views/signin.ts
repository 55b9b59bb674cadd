// "Sign in with your token": the token is the only credential (there are no passwords), so a user
// who signed up elsewhere, or signed out, gets back in by pasting it. Checked with `me` first.
import { ApiError } from "../api/errors.ts";
import { nameOfToken } from "../api/operations.ts";
import { signIn } from "../api/session.ts";
import { h } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";

const UNKNOWN_TOKEN =
  "The server does not know this token. Check that you pasted all of it (it starts with pzt_).";

export function signInForm(idPrefix: string): HTMLFormElement {
  const input = h("input", {
    id: `${idPrefix}-token`,
    name: "token",
    type: "password",
    placeholder: "your token (pzt_…)",
    autocomplete: "current-password",
    required: true,
    "aria-label": "token",
  });
  // A password form wants a username field before the password (Chromium warns without one, and
  // password managers file the token under it): the token names its player, so it is hidden, empty,
  // out of the Tab order and of the accessibility tree, and never read.
  const username = h("input", {
    type: "text",
    name: "username",
    autocomplete: "username",
    hidden: true,
    tabindex: -1,
    "aria-hidden": "true",
  });
  const button = h("button", { type: "submit" }, "Sign in with your token");
  const message = createMessage();
  const form = h("form", { class: "signin" }, username, input, button, message.element);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.clear();
    button.disabled = true;
    const token = input.value.trim();
    try {
      const name = await nameOfToken(token);
      if (name === null) throw new ApiError("the server does not know this token", "UNAUTHENTICATED");
      signIn({ token, name });
    } catch (error) {
      // UNAUTHENTICATED here is the token itself refused, not a missing account ("sign up first").
      if (error instanceof ApiError && error.code === "UNAUTHENTICATED") message.show(UNKNOWN_TOKEN);
      else message.error(error);
      input.focus();
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
