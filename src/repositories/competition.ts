// Competition queries beside the ratings repository: whether a player had the platform's help on a
// board (a Solve they requested, a hint) before their first submission on it (their game is then
// unrated), the help given, settling such a game without moving any rating, and the puzzles of a
// board that still have games to rate.
import { positionsAlong, specOfKey } from "../core/index.ts";
import type { PuzzleSpec } from "../core/types.ts";
import { nearKey } from "../core/neighbourhood.ts";
import { DEFAULT_RATING } from "../core/rating/index.ts";
import type { PrismaClient } from "../db/client.ts";
import { InsertBatcher } from "./insert-batcher.ts";
import type { PendingGame } from "./ratings.ts";

/** One help given: a player and a board's `nearKey`. */
interface Help {
  readonly userId: number;
  readonly helpKey: string;
}

const helpId = (help: Help) => `${help.userId}:${help.helpKey}`;

/**
 * The help keys of a route: the `nearKey` of the puzzle from each position of its first half (its
 * start included), where more than half of the way is still to go: hints walked from there spelled
 * most of the answer. The second half's positions do not count: near the goal few boards differ up to
 * disguise (every route to a goal passes one of the same one or two boards a move or two before it),
 * so a hint a player once took there, on any puzzle, would unrate every later game.
 */
function routeHelpKeys(spec: PuzzleSpec, moves: string): Set<string> {
  const boards = positionsAlong(spec, moves);
  const firstHalf = boards.slice(0, Math.ceil((boards.length - 1) / 2));
  return new Set(firstHalf.map((start) => nearKey({ ...spec, start })));
}

/** Helps this process remembers having written, at most (then it forgets them all and starts over). */
const MAX_REMEMBERED_HELPS = 10_000;

export class CompetitionRepository {
  /** Helps of concurrent requests written in one statement (requestSolve's hot path). */
  private readonly helps: InsertBatcher<Help, Help>;
  /** Helps this process has written: asking again for the same board writes nothing. */
  private readonly written = new Set<string>();

  constructor(private readonly prisma: PrismaClient) {
    this.helps = new InsertBatcher<Help, Help>({
      insertMany: async (helps) => {
        await this.insertHelps(helps);
        return helps;
      },
      keyOfInput: helpId,
      keyOfRow: helpId,
    });
  }

  /**
   * Of these pending games of the puzzle, those whose player had help on its board before the game's
   * submission: help recorded (board_helps, by `nearKey`, so up to disguise) for the puzzle's board
   * or for a position of the first half of the submitted route (a hint asked on another puzzle at one
   * of them tells the rest of the way as well: walking hints from the start, or from a move or two in),
   * or a Solve of the very board requested (canonical key; Solves from before board_helps have no
   * row there).
   */
  async selfSolved(puzzleId: number, games: readonly PendingGame[]): Promise<Set<number>> {
    if (games.length === 0) return new Set();
    const [puzzle] = await this.prisma.$queryRaw<{ canonicalKey: string }[]>`
      SELECT canonical_key AS "canonicalKey" FROM puzzles WHERE id = ${puzzleId}`;
    if (puzzle === undefined) return new Set();
    const spec = specOfKey(puzzle.canonicalKey);
    const routes = await this.prisma.$queryRaw<{ submissionId: number; moves: string }[]>`
      SELECT id AS "submissionId", moves FROM submissions
       WHERE id = ANY(${games.map((game) => game.submissionId)}::int[]) AND puzzle_id = ${puzzleId}`;
    const submissionIds: number[] = [];
    const helpKeys: string[] = [];
    for (const route of routes) {
      for (const key of routeHelpKeys(spec, route.moves)) {
        submissionIds.push(route.submissionId);
        helpKeys.push(key);
      }
    }
    const rows = await this.prisma.$queryRaw<{ submissionId: number }[]>`
      SELECT s.id AS "submissionId"
        FROM submissions s JOIN puzzles p ON p.id = s.puzzle_id
       WHERE s.id = ANY(${games.map((game) => game.submissionId)}::int[]) AND p.id = ${puzzleId}
         AND (EXISTS (SELECT 1 FROM solves v
                      WHERE v.canonical_key = p.canonical_key AND v.requested_by_id = s.user_id
                        AND v.queued_at < s.created_at)
             OR EXISTS (SELECT 1
                          FROM unnest(${submissionIds}::int[], ${helpKeys}::varchar[]) AS r(submission_id, help_key)
                          JOIN board_helps h ON h.user_id = s.user_id AND h.equivalence_key = r.help_key
                         WHERE r.submission_id = s.id AND h.first_at < s.created_at))`;
    return new Set(rows.map((row) => row.submissionId));
  }

  /**
   * Remembers that the user had help on the board `helpKey` (`nearKey`; the first time is kept). On
   * requestSolve's hot path: a help this process already wrote is not written again, concurrent ones
   * go in one statement, and its commit does not wait for the WAL flush (as the inline Solves' rows):
   * a Postgres crash could forget the last fraction of a second of them, which leaves a game rated,
   * never loses data.
   */
  async recordHelp(userId: number, helpKey: string): Promise<void> {
    const help = { userId, helpKey };
    if (this.written.has(helpId(help))) return;
    await this.helps.insert(help);
    if (this.written.size >= MAX_REMEMBERED_HELPS) this.written.clear();
    this.written.add(helpId(help));
  }

  private async insertHelps(helps: readonly Help[]): Promise<void> {
    await this.prisma.$executeRaw`
      WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
      INSERT INTO board_helps (user_id, equivalence_key)
      SELECT help.* FROM async_commit,
             unnest(${helps.map((h) => h.userId)}::int[], ${helps.map((h) => h.helpKey)}::varchar[]) AS help
      ON CONFLICT DO NOTHING`;
  }

  /**
   * Settles the game as unrated: a rated_games row with `unrated`, both ratings unchanged, so that it
   * is never pending again (counted in puzzle_stats.unrated_games, not rated_games: a puzzle whose only
   * games are unrated has no rating). False when already settled.
   */
  settleUnrated(puzzleId: number, game: PendingGame, optimum: number): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO puzzle_stats (puzzle_id) VALUES (${puzzleId}) ON CONFLICT DO NOTHING`;
      const [puzzle] = await tx.$queryRaw<{ rating: number }[]>`
        SELECT rating FROM puzzle_stats WHERE puzzle_id = ${puzzleId} FOR UPDATE`;
      const inserted = await tx.$executeRaw`
        INSERT INTO rated_games (puzzle_id, user_id, submission_id, length, optimum, score,
                                 player_before, player_after, puzzle_before, puzzle_after, unrated)
        SELECT ${puzzleId}, ${game.userId}, ${game.submissionId}, ${game.length}, ${optimum}, 0,
               coalesce(r.value, ${DEFAULT_RATING.value}), coalesce(r.value, ${DEFAULT_RATING.value}), ${puzzle.rating}, ${puzzle.rating}, true
          FROM (SELECT 1) one LEFT JOIN player_ratings r ON r.user_id = ${game.userId}
        ON CONFLICT DO NOTHING`;
      if (inserted === 0) return false;
      await tx.$executeRaw`UPDATE puzzle_stats SET unrated_games = unrated_games + 1 WHERE puzzle_id = ${puzzleId}`;
      return true;
    });
  }

  /** Puzzles of the board (canonical key) with players whose game is not settled yet. */
  async puzzlesWithPendingGames(canonicalKey: string): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM puzzles p JOIN puzzle_stats s ON s.puzzle_id = p.id
       WHERE p.canonical_key = ${canonicalKey} AND s.players > s.rated_games + s.unrated_games`;
    return rows.map((row) => row.id);
  }

  /** Puzzles of the board (canonical key) with at least one leaderboard entry. */
  async puzzlesWithEntries(canonicalKey: string): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM puzzles p JOIN puzzle_stats s ON s.puzzle_id = p.id
       WHERE p.canonical_key = ${canonicalKey} AND s.players > 0
       ORDER BY p.id`;
    return rows.map((row) => row.id);
  }
}
