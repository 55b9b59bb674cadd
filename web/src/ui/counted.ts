// "1 move", "2 moves": a count with its noun, in the singular for one ("? moves" when not known).

export function counted(count: number | null, noun: string, plural = `${noun}s`): string {
  return `${count ?? "?"} ${count === 1 ? noun : plural}`;
}
