// "Sign in with your token": the token is the only credential (there are no passwords), so a user
// who signed up elsewhere, or signed out, gets back in by pasting it. Checked with `me` first.
import { nameOfToken } from "../api/operations.ts";
import { signIn } from "../api/session.ts";
import { h } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";

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
  const button = h("button", { type: "submit" }, "Sign in with your token");
  const message = createMessage();
  const form = h("form", { class: "signin" }, input, button, message.element);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.clear();
    button.disabled = true;
    const token = input.value.trim();
    try {
      const name = await nameOfToken(token);
      if (name === null) throw new Error("the server does not know this token");
      signIn({ token, name });
    } catch (error) {
      message.error(error);
      input.focus();
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
