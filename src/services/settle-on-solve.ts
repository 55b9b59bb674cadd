// Reacts when a search proves an optimum: each API process listens on the finished-Solve topic
// (src/solves/), and for a Solve SOLVED optimally announces it on leaderboardChanged to the puzzles of
// that board (canonical key) with entries (their `optimal` flags changed), and rates the puzzles of that
// board with games still pending. One API process does both per Solve (a Redis SET NX claim).
// RatingService.settle is idempotent anyway, and a game missed here (Redis lost the event) is rated by
// the next submission on the puzzle; a lost announcement is not repeated (pub/sub is at-most-once).
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { CompetitionRepository } from "../repositories/competition.ts";
import { SOLVE_FINISHED_TOPIC, type SolvesFinishedMessage } from "../solves/index.ts";
import type { EventBus } from "./events.ts";
import { LEADERBOARD_CHANGED, type OptimumProvenEvent } from "./leaderboard.ts";
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
          const claimed = await this.claim(solve.id).catch((error: unknown) => {
            this.log.warn({ err: error, solveId: solve.id }, "could not claim a proven optimum");
            return false;
          });
          if (!claimed) continue;
          await this.announce(solve.id, solve.canonicalKey).catch((error: unknown) =>
            this.log.warn({ err: error, solveId: solve.id }, "could not announce a proven optimum"),
          );
          await this.settle(solve.canonicalKey).catch((error: unknown) =>
            this.log.warn({ err: error, solveId: solve.id }, "could not settle the games of a proven board"),
          );
        }
      }
    })();
  }

  /** Whether this API process is the one to act on the proof `solveId` (one claim across processes). */
  private async claim(solveId: number): Promise<boolean> {
    const claimed = await this.redis.set(
      `${this.prefix}:settled-solve:${solveId}`,
      "1",
      "EX",
      CLAIM_SECONDS,
      "NX",
    );
    return claimed === "OK";
  }

  /**
   * Tells the subscribers of every puzzle of the board with entries that the optimum is known (their
   * entries' `optimal` changed). Returns the puzzles announced.
   */
  private async announce(solveId: number, canonicalKey: string): Promise<number> {
    const puzzleIds = await this.competition.puzzlesWithEntries(canonicalKey);
    for (const puzzleId of puzzleIds) {
      const event: OptimumProvenEvent = { puzzleId, optimumProven: true, solveId };
      await this.events.publish(LEADERBOARD_CHANGED, event);
    }
    return puzzleIds.length;
  }

  /** Settles the board's pending games. Returns the games settled. */
  private async settle(canonicalKey: string): Promise<number> {
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
