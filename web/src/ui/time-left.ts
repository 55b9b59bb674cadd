// "5 h 12 min left": the time until a daily puzzle's day ends, refreshed every minute while shown.
import type { Cleanup } from "./router.ts";

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
  const timer = window.setInterval(draw, 30_000);
  return () => window.clearInterval(timer);
}
