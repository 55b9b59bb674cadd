// The signed-in user's token: shown on request, copied with a button, replaced with a new one (the old
// one may have leaked). It is the only way back into the account (there are no passwords), so signing
// out asks first and offers to copy it, and so does replacing it, which signs out everything that uses
// the old one.
import { rotateToken } from "../api/operations.ts";
import { replaceToken, type Session, signOut } from "../api/session.ts";
import { h } from "../ui/dom.ts";
import { createMessage } from "../ui/notice.ts";

const SIGN_OUT_QUESTION =
  "Signing out forgets your token in this browser, and the token is the only way back into your " +
  "account. Copy it first (Your token → Copy). Sign out?";

const REPLACE_QUESTION =
  "Replacing your token gives you a new one, shown here, and the old one stops working everywhere at " +
  "once: other browsers and scripts using it are signed out until they are given the new one. Replace it?";

/** The token this page has just received from rotateToken: its panel opens to show it. */
let replaced: string | undefined;

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
  const replace = h("button", { type: "button", class: "link" }, "Replace my token");
  const message = createMessage();
  replace.addEventListener("click", async () => {
    if (!confirm(REPLACE_QUESTION)) return;
    message.clear();
    replace.disabled = true;
    try {
      // Signs in with the new token: the header redraws, and the new panel shows it.
      await replaceToken(async () => {
        const fresh = await rotateToken();
        replaced = fresh.token;
        return fresh;
      });
    } catch (error) {
      message.error(error);
      replace.disabled = false;
    }
  });
  const isNew = replaced !== undefined && replaced === session.token;
  replaced = undefined;
  if (isNew) status.textContent = "your new token: the old one no longer works";
  const details = h(
    "details",
    { class: "token", open: isNew },
    h("summary", {}, "Your token"),
    code,
    copy,
    status,
    replace,
    message.element,
  );
  const out = h("button", { type: "button", class: "link" }, "Sign out");
  out.addEventListener("click", () => {
    if (confirm(SIGN_OUT_QUESTION)) signOut();
  });
  return [details, out];
}
