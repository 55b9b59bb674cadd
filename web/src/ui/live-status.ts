// The page's one line about the live connection (search progress, leaderboards, the new-puzzle feed):
// said once when it drops and once when it is back, however many subscriptions were open. A polite
// live region that stays in the page (empty, it takes no room), so each change is read out; it never
// takes the focus.
import { type LiveStatus, onLiveStatus } from "../api/subscriptions.ts";
import { h } from "./dom.ts";

const BACK_SHOWN_MS = 5000;

const TEXT: Record<LiveStatus, string> = {
  lost: "Live updates paused: reconnecting…",
  back: "Live updates are back.",
  stopped: "Live updates stopped: the server cannot be reached. Reload the page to try again.",
  idle: "",
};

export function createLiveStatus(): HTMLElement {
  const element = h("p", { class: "live-status", role: "status", "data-testid": "live-status" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  onLiveStatus((status) => {
    clearTimeout(timer);
    element.textContent = TEXT[status];
    element.dataset.status = status;
    if (status === "back")
      timer = setTimeout(() => {
        element.textContent = "";
      }, BACK_SHOWN_MS);
  });
  return element;
}
