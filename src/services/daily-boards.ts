// The boards of the daily puzzles, drawn from DAILY_SECRET: HMAC-SHA256(secret, "date:category:n")
// in counter mode is the random stream, so a day's boards are fixed once the secret is, yet cannot be
// predicted from the date without it. Sliding boards are random-state scrambles: a uniform random
// permutation, with two non-blank tiles swapped when its parity is wrong (a bijection between the
// unsolvable and the solvable halves, so the result is uniform over the solvable states). A Rotation
// Game board is a uniform random arrangement of eight 1s, 2s and 3s.
import { createHmac } from "node:crypto";
import { defaultSlidingGoal } from "../core/index.ts";
import { randomSolvableBoard } from "../core/sliding/random-board.ts";

export const DAILY_CATEGORIES = ["SLIDING_3X3", "SLIDING_4X4", "ROTATION"] as const;
export type DailyCategory = (typeof DAILY_CATEGORIES)[number];

export type DailyBoard =
  | { readonly kind: "SLIDING"; readonly rows: number; readonly cols: number; readonly start: number[] }
  | { readonly kind: "ROTATION"; readonly start: number[] };

/** Uniform integers from an HMAC counter stream (rejection sampling, so no modulo bias). */
class SecretStream {
  private block = Buffer.alloc(0);
  private offset = 0;
  private counter = 0;

  constructor(
    private readonly secret: string,
    private readonly label: string,
  ) {}

  private nextUint32(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = createHmac("sha256", this.secret)
        .update(`${this.label}:${this.counter++}`)
        .digest();
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** Uniform in 0..bound-1. */
  below(bound: number): number {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % bound;
    }
  }
}

function shuffle<T>(items: T[], stream: SecretStream): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = stream.below(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function slidingBoard(side: number, stream: SecretStream): DailyBoard {
  const start = randomSolvableBoard(side, defaultSlidingGoal(side, side), (bound) => stream.below(bound));
  return { kind: "SLIDING", rows: side, cols: side, start };
}

/**
 * The board of `category` on `date` (YYYY-MM-DD), attempt `attempt` (0 first; the daily service
 * draws again only when a board is already solved).
 */
export function dailyBoard(secret: string, date: string, category: DailyCategory, attempt = 0): DailyBoard {
  const stream = new SecretStream(secret, `${date}:${category}:${attempt}`);
  if (category === "SLIDING_3X3") return slidingBoard(3, stream);
  if (category === "SLIDING_4X4") return slidingBoard(4, stream);
  const cells = [1, 2, 3].flatMap((symbol) => Array<number>(8).fill(symbol));
  return { kind: "ROTATION", start: shuffle(cells, stream) };
}
