// Reading live changes out to a screen reader without flooding it. A search reports progress several
// times a second; each change of a polite live region is queued and read in full, so a raw feed would
// keep the reader talking long after the numbers moved on. Routine progress is read at most once per
// interval; a change that matters (a new status, the outcome) is read at once.
import { AnnounceThrottle } from "./announce-throttle.ts";
import { h } from "./dom.ts";

export interface Announcer {
  /** A visually hidden polite live region: put it in the panel it speaks for. */
  readonly element: HTMLElement;
  /** Reads `text` now (unless it is what was read last). */
  say(text: string): void;
  /** Reads `text` if the last announcement is at least the interval old; otherwise drops it. */
  progress(text: string): void;
}

export function createAnnouncer(intervalMs: number, now: () => number = () => performance.now()): Announcer {
  const element = h("p", { class: "sr-only", role: "status", "data-testid": "announcer" });
  const throttle = new AnnounceThrottle(intervalMs);
  return {
    element,
    say(text) {
      throttle.forced(now());
      if (element.textContent !== text) element.textContent = text;
    },
    progress(text) {
      if (throttle.allow(now())) element.textContent = text;
    },
  };
}
