// Stepping through (or animating) a solution on its own board: first, back, play/pause, forward,
// last, and a slider. The board after each step comes from the core's replay of the moves.
import type { PuzzleSpec } from "../../../src/core/index.ts";
import { boardAt } from "../puzzle/game.ts";
import { createBoardView } from "../ui/board.ts";
import { h } from "../ui/dom.ts";

const SPEEDS: [string, string][] = [
  ["700", "Slow"],
  ["350", "Normal"],
  ["80", "Fast"],
];

export function solutionPlayer(spec: PuzzleSpec, moves: string): { element: HTMLElement; stop(): void } {
  const board = createBoardView(spec, {}, "solution board");
  const total = moves.length;
  let step = 0;
  let timer: number | undefined;

  const position = h("span", { class: "step", "data-testid": "solution-step" });
  const slider = h("input", { type: "range", min: 0, max: total, value: 0, "aria-label": "step" });
  const letters = h(
    "code",
    { class: "moves solution-moves" },
    [...moves].map((letter, i) => h("span", { "data-index": i }, letter)),
  );
  const playButton = h("button", { type: "button", class: "primary" }, "▶ Animate");
  const speed = h(
    "select",
    { "aria-label": "speed" },
    SPEEDS.map(([ms, label]) => h("option", { value: ms, selected: label === "Normal" }, label)),
  );

  function show(next: number): void {
    step = Math.max(0, Math.min(total, next));
    const cells = boardAt(spec, moves, step);
    board.render(cells, step === total);
    position.textContent = `${step} / ${total}`;
    slider.value = String(step);
    for (const [i, span] of letters.querySelectorAll("span").entries())
      span.classList.toggle("done", i < step);
  }

  function pause(): void {
    if (timer !== undefined) window.clearTimeout(timer);
    timer = undefined;
    playButton.textContent = "▶ Animate";
  }

  function animate(): void {
    if (timer !== undefined) {
      pause();
      return;
    }
    if (step >= total) show(0);
    playButton.textContent = "❚❚ Pause";
    // One timeout per step, so a change of speed applies at the next step.
    const tick = () => {
      show(step + 1);
      if (step >= total) pause();
      else timer = window.setTimeout(tick, Number(speed.value));
    };
    timer = window.setTimeout(tick, Number(speed.value));
  }

  const button = (label: string, title: string, action: () => void) =>
    h(
      "button",
      {
        type: "button",
        title,
        "aria-label": title,
        onclick: () => {
          pause();
          action();
        },
      },
      label,
    );

  slider.addEventListener("input", () => {
    pause();
    show(Number(slider.value));
  });

  const element = h(
    "div",
    { class: "solution" },
    board.element,
    h(
      "div",
      { class: "row controls" },
      button("|◀", "first", () => show(0)),
      button("◀", "back one move", () => show(step - 1)),
      playButton,
      button("▶", "forward one move", () => show(step + 1)),
      button("▶|", "last", () => show(total)),
      position,
    ),
    h("label", { class: "row small" }, "Speed ", speed),
    slider,
    letters,
  );
  playButton.addEventListener("click", animate);
  show(0);
  return { element, stop: pause };
}
