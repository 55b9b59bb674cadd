// Rates pending games as soon as a search proves an optimum: each API process listens on the
// finished-Solve topic (src/solves/), and for a Solve SOLVED optimally settles the puzzles of that
// board (canonical key) with games still pending. One API process does it per Solve (a Redis
// SET NX claim); RatingService.settle is idempotent anyway, and a game missed here (Redis lost the
// event) is rated by the next submission on the puzzle.
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { CompetitionRepository } from "../repositories/competition.ts";
import { SOLVE_FINISHED_TOPIC, type SolvesFinishedMessage } from "../solves/index.ts";
import type { EventBus } from "./events.ts";
import type { RatingService } from "./ratings.ts";

const CLAIM_SECONDS = 3600;

export class SettleOnSolve {
  private topic: AsyncIterableIterator<SolvesFinishedMessage> | undefined;

  constructor(
    private readonly events: EventBus,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly competition: CompetitionRepository,
    private readonly ratings: RatingService,
    private readonly log: Logger,
  ) {}

  start(): void {
    if (this.topic !== undefined) return;
    const topic = this.events.subscribe<SolvesFinishedMessage>(SOLVE_FINISHED_TOPIC);
    this.topic = topic;
    void (async () => {
      for await (const message of topic) {
        for (const solve of message.solves ?? []) {
          if (solve.status !== "SOLVED" || solve.optimal !== true) continue;
          await this.settle(solve.id, solve.canonicalKey).catch((error: unknown) =>
            this.log.warn({ err: error, solveId: solve.id }, "could not settle the games of a proven board"),
          );
        }
      }
    })();
  }

  /** Settles the board's pending games, once across API processes. Returns the games settled. */
  async settle(solveId: number, canonicalKey: string): Promise<number> {
    const claimed = await this.redis.set(
      `${this.prefix}:settled-solve:${solveId}`,
      "1",
      "EX",
      CLAIM_SECONDS,
      "NX",
    );
    if (claimed !== "OK") return 0;
    let settled = 0;
    for (const puzzleId of await this.competition.puzzlesWithPendingGames(canonicalKey)) {
      // settle() rates a batch at a time: drain the board's backlog here, off any request.
      for (
        let batch = await this.ratings.settle(puzzleId);
        batch > 0;
        batch = await this.ratings.settle(puzzleId)
      )
        settled += batch;
    }
    return settled;
  }

  async close(): Promise<void> {
    await this.topic?.return?.();
  }
}
