// Keeping keyboard focus somewhere useful. A button disabled while its request runs, or a control
// replaced or hidden by a redraw, drops focus to the document: the next Tab then starts over from the
// top of the page and a screen reader says nothing. These helpers put it back.

type Focusable = HTMLElement | null | undefined;

function usable(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    element.getClientRects().length > 0 && // not hidden, nor inside something hidden
    !(element instanceof HTMLButtonElement && element.disabled)
  );
}

/**
 * True when nothing useful has the focus: it fell back to the document, or it is still on a control
 * just hidden or disabled (the browser moves it to the document only when it next renders).
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLElement && !usable(active));
}

/** If focus fell to the document, moves it to the first usable candidate. */
export function refocus(...candidates: Focusable[]): void {
  if (!focusLost()) return;
  // No scrolling: focus may have been lost by a mouse click on plain text, and the page must not jump.
  focusFirst(...candidates, { preventScroll: true });
}

/** Moves focus to the first usable candidate (an element that is not a control gets tabindex -1). */
export function focusFirst(...candidates: (Focusable | FocusOptions)[]): void {
  const last = candidates.at(-1);
  const options = last !== undefined && last !== null && !(last instanceof HTMLElement) ? last : undefined;
  for (const candidate of candidates) {
    if (!(candidate instanceof HTMLElement) || !usable(candidate)) continue;
    if (!candidate.hasAttribute("tabindex") && candidate.tabIndex < 0) candidate.tabIndex = -1;
    candidate.focus(options);
    return;
  }
}
