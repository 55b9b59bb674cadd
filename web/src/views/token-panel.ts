// The signed-in user's token: shown on request, copied with a button. It is the only way back into
// the account (there are no passwords), so signing out asks first and offers to copy it.
import { type Session, signOut } from "../api/session.ts";
import { h } from "../ui/dom.ts";

const SIGN_OUT_QUESTION =
  "Signing out forgets your token in this browser, and the token is the only way back into your " +
  "account. Copy it first (Your token → Copy). Sign out?";

export function tokenPanel(session: Session): HTMLElement[] {
  const code = h("code", { class: "token-value" }, session.token);
  const status = h("span", { class: "copied", role: "status" });
  const copy = h("button", { type: "button", class: "link" }, "Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(session.token);
      status.textContent = "copied";
    } catch {
      // No clipboard (plain HTTP, or refused): select the text so Ctrl-C copies it.
      getSelection()?.selectAllChildren(code);
      status.textContent = "press Ctrl-C to copy";
    }
  });
  const details = h("details", { class: "token" }, h("summary", {}, "Your token"), code, copy, status);
  const out = h("button", { type: "button", class: "link" }, "Sign out");
  out.addEventListener("click", () => {
    if (confirm(SIGN_OUT_QUESTION)) signOut();
  });
  return [details, out];
}
