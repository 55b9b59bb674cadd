// "5 h 12 min left": the time until a daily puzzle's day ends, refreshed every 30 s while shown, and
// a call at the day's end (by the page's clock).
import type { Cleanup } from "./router.ts";

/** How often a time left is redrawn. */
export const TIME_LEFT_REDRAW_MS = 30_000;

export function timeLeft(endsAt: string, now = Date.now()): string {
  const ms = new Date(endsAt).getTime() - now;
  if (!(ms > 0)) return "the day has ended";
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

/** Keeps `element`'s text the time left until `endsAt`; the clean-up stops the timer. */
export function tickTimeLeft(element: HTMLElement, endsAt: string): Cleanup {
  const draw = () => {
    element.textContent = timeLeft(endsAt);
  };
  draw();
  const timer = window.setInterval(draw, TIME_LEFT_REDRAW_MS);
  return () => window.clearInterval(timer);
}

/** setTimeout's longest delay (about 24.8 days); longer waits are taken in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Calls `then` once the clock reaches `at` (an ISO time; at once if it has). Returns the cancellation. */
export function atTime(at: string, then: () => void): Cleanup {
  const end = new Date(at).getTime();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    const remaining = end - Date.now();
    if (!(remaining > 0)) {
      timer = undefined;
      then();
      return;
    }
    timer = setTimeout(wait, Math.min(remaining, MAX_DELAY_MS));
  };
  wait();
  return () => clearTimeout(timer);
}
