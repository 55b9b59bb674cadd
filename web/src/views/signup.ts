// The sign-up form: a name (3-32 letters, digits, _ or -). The token the server returns is kept in
// localStorage (see api/session.ts) and the rest of the page reacts to the session change.
import { signUp } from "../api/operations.ts";
import { signIn } from "../api/session.ts";
import { h } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";

export function signUpForm(idPrefix: string): HTMLFormElement {
  const input = h("input", {
    id: `${idPrefix}-name`,
    name: "name",
    placeholder: "your name",
    autocomplete: "username",
    required: true,
    "aria-label": "name",
  });
  const button = h("button", { type: "submit", class: "primary" }, "Sign up");
  const message = createMessage();
  const form = h("form", { class: "signup" }, input, button, message.element);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.clear();
    button.disabled = true;
    try {
      signIn(await signUp(input.value.trim()));
    } catch (error) {
      message.error(error);
      input.focus();
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
