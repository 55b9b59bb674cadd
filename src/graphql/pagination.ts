// Relay cursor connections over keyset pagination, shared by every list of the API.
// A cursor is an opaque base64url string holding the sort key of the last row seen (e.g. [id], or
// [length, createdAt, id] for a leaderboard); the next page is "rows after that key" in SQL, so
// pages never skip or repeat rows when others are inserted meanwhile, and deep pages cost the same.
import { z } from "zod";
import { BadInputError } from "../errors/index.ts";
import { isDailyDate } from "../services/daily.ts";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  readonly first?: number | null;
  readonly after?: string | null;
}

interface Edge<T> {
  readonly cursor: string;
  readonly node: T;
}

interface PageInfo {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
  readonly endCursor: string | null;
}

export interface Connection<T> {
  readonly edges: Edge<T>[];
  readonly pageInfo: PageInfo;
}

export type CursorValue = string | number;

// What the server puts in cursors, and nothing else: Postgres `int` ids and counts, and timestamps
// (ms) that Postgres and JavaScript can both hold. A cursor decodes only if its sort key fits the
// connection's schema and it is the exact text the server would write for that key; anything else
// (a huge or negative number, an impossible date, another list's cursor, padding) is BAD_USER_INPUT
// on `after` before a query is built.
const INT4_MAX = 2_147_483_647;
/** 9999-12-31T23:59:59.999Z: beyond it Postgres and JavaScript disagree on how to write a date. */
const LAST_TIMESTAMP_MS = 253_402_300_799_999;
const rowId = z.number().int().min(1).max(INT4_MAX);
const count = z.number().int().min(0).max(INT4_MAX);
const timestampMs = z.number().int().min(0).max(LAST_TIMESTAMP_MS);

/** A connection's cursor: the JSON array the server encodes, and the sort key it stands for. */
export type CursorSchema<K> = z.ZodType<K, readonly CursorValue[]>;

/** Lists newest first by id (puzzles, solves, submissions): rows with a smaller id come next. */
const idCursor = z.tuple([rowId]).transform(([id]) => ({ beforeId: id }));

/** A puzzle's leaderboard: (length, submitted at, user id) ascending. */
export const leaderboardCursor = z
  .tuple([count, timestampMs, rowId])
  .transform(([length, createdAt, userId]) => ({ length, createdAt: new Date(createdAt), userId }));

/** topSolvers: (optimal solutions descending, excess moves, user id). */
export const topSolversCursor = z
  .tuple([count, count, rowId])
  .transform(([optimalSolutions, excessMoves, userId]) => ({ optimalSolutions, excessMoves, userId }));

/** topSolvers(orderBy: RATING): (rating descending, user id); tagged so no other cursor passes. */
export const ratedSolversCursor = z
  .tuple([z.literal("RATING"), z.number().finite(), rowId])
  .transform(([, rating, userId]) => ({ rating, userId }));

/** puzzles(orderBy: MOST_PLAYED): (players descending, id descending), tagged. */
export const mostPlayedCursor = z
  .tuple([z.literal("MOST_PLAYED"), count, rowId])
  .transform(([, players, id]) => ({ players, id }));

/** puzzles(orderBy: HARDEST): (puzzle rating descending, id descending), tagged. */
export const hardestCursor = z
  .tuple([z.literal("HARDEST"), z.number().finite(), rowId])
  .transform(([, rating, id]) => ({ rating, id }));

/** puzzles(orderBy: NEWEST): the plain id cursor of every id-ordered list. */
export const newestCursor = z.tuple([rowId]).transform(([id]) => ({ id }));

/**
 * dailyPuzzles: (date descending), tagged; the date must be a real day written YYYY-MM-DD of the
 * years `dailyPuzzle(date:)` takes (2000..9999: Postgres has no year 0).
 */
export const dailyCursor = z
  .tuple([z.literal("DAILY"), z.string().refine(isDailyDate)])
  .transform(([, date]) => ({ date }));

/** `first` validated: 1..100, default 20. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new BadInputError(`first must be from 1 to ${MAX_PAGE_SIZE}, got ${first}`, "first");
  }
  return first;
}

function encodeCursor(key: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/**
 * The sort key in `after`, per the connection's schema. Returns undefined when `after` is absent;
 * throws BAD_USER_INPUT (field "after") for anything the server could not have issued.
 */
export function decodeCursor<K>(after: string | null | undefined, schema: CursorSchema<K>): K | undefined {
  if (after === null || after === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  // Base64 decoding skips characters it does not know and JSON has many spellings of one array:
  // only the server's own spelling of a valid key is a cursor.
  if (!parsed.success || encodeCursor(json as CursorValue[]) !== after) {
    throw new BadInputError("after is not a cursor from this list", "after");
  }
  return parsed.data;
}

/**
 * Builds a connection from rows fetched with `take: size + 1`: the extra row, if present, only
 * says that a next page exists.
 */
export function toConnection<T>(
  rows: readonly T[],
  size: number,
  keyOf: (row: T) => readonly CursorValue[],
  after?: string | null,
): Connection<T> {
  const edges = rows.slice(0, size).map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > size,
      hasPreviousPage: after !== null && after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** The common case, newest first by id: what to ask the repository for. */
export interface IdPage {
  readonly size: number;
  /** Fetch this many (one more than the page) to learn whether a next page exists. */
  readonly take: number;
  /** Rows with a smaller id than this come next; undefined on the first page. */
  readonly beforeId: number | undefined;
  readonly after: string | null | undefined;
}

export function idPage(args: ConnectionArgs): IdPage {
  const size = pageSize(args.first);
  return {
    size,
    take: size + 1,
    beforeId: decodeCursor(args.after, idCursor)?.beforeId,
    after: args.after,
  };
}

export function idConnection<T extends { readonly id: number }>(
  rows: readonly T[],
  page: IdPage,
): Connection<T> {
  return toConnection(rows, page.size, (row) => [row.id], page.after);
}
