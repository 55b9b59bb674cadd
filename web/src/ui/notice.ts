// Messages for the visitor, shown beside the form or panel they concern.
import { describeError } from "../api/errors.ts";
import { h, replace } from "./dom.ts";

/** A message area; `show` replaces its text, `clear` empties it. */
export function createMessage(kind: "error" | "info" = "error"): {
  element: HTMLElement;
  show(text: string): void;
  error(e: unknown): void;
  clear(): void;
} {
  const element = h("p", {
    class: `message ${kind}`,
    role: kind === "error" ? "alert" : "status",
    hidden: true,
  });
  return {
    element,
    show(text) {
      element.textContent = text;
      element.hidden = false;
    },
    error(e) {
      element.textContent = describeError(e);
      element.hidden = false;
    },
    clear() {
      replace(element);
      element.hidden = true;
    },
  };
}
