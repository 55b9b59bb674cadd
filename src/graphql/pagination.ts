// Relay cursor connections over keyset pagination, shared by every list of the API.
// A cursor is an opaque base64url string holding the sort key of the last row seen (e.g. [id], or
// [length, createdAt, id] for a leaderboard); the next page is "rows after that key" in SQL, so
// pages never skip or repeat rows when others are inserted meanwhile, and deep pages cost the same.
import { BadInputError } from "../errors/index.ts";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  readonly first?: number | null;
  readonly after?: string | null;
}

export interface Edge<T> {
  readonly cursor: string;
  readonly node: T;
}

export interface PageInfo {
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

/** `first` validated: 1..100, default 20. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new BadInputError(`first must be from 1 to ${MAX_PAGE_SIZE}, got ${first}`, "first");
  }
  return first;
}

export function encodeCursor(key: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/**
 * The sort key in `after`, checked against the expected shape ("int" or "string" per position).
 * Returns undefined when `after` is absent; throws BAD_USER_INPUT (field "after") when malformed.
 */
export function decodeCursor(
  after: string | null | undefined,
  shape: readonly ("int" | "string")[],
): CursorValue[] | undefined {
  if (after === null || after === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    key = undefined;
  }
  const valid =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((value, i) => (shape[i] === "int" ? Number.isSafeInteger(value) : typeof value === "string"));
  if (!valid) throw new BadInputError("after is not a cursor from this list", "after");
  return key as CursorValue[];
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
  const key = decodeCursor(args.after, ["int"]);
  return {
    size,
    take: size + 1,
    beforeId: key === undefined ? undefined : (key[0] as number),
    after: args.after,
  };
}

export function idConnection<T extends { readonly id: number }>(
  rows: readonly T[],
  page: IdPage,
): Connection<T> {
  return toConnection(rows, page.size, (row) => [row.id], page.after);
}
