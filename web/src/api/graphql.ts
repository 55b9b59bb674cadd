// Queries and mutations over plain fetch (POST /graphql, JSON). The token, when there is one, goes in
// `Authorization: Bearer`. Any GraphQL error becomes an ApiError (the first one: it names the cause).
// Documents come from graphql-codegen (../gql/): their result and variable types travel with them.
import type { TypedDocumentString } from "../gql/graphql.ts";
import { ApiError, type GraphQLErrorShape } from "./errors.ts";
import { authorization, tokenRefused, tokenSettled } from "./session.ts";

export const GRAPHQL_PATH = "/graphql";

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorShape[];
}

/** Variables are optional only for documents that take none. */
export type VariablesOf<V> = [V] extends [Record<string, never>] ? [variables?: V] : [variables: V];

export async function request<T, V>(
  document: TypedDocumentString<T, V>,
  ...[variables]: VariablesOf<V>
): Promise<T> {
  return post<T>(document.toString(), variables ?? {});
}

/**
 * `document` with `token` instead of the session's (to check a token before signing in with it): a
 * token the server refuses answers `{ me: null }`-like data through UNAUTHENTICATED, thrown.
 */
export async function requestWithToken<T, V>(
  token: string,
  document: TypedDocumentString<T, V>,
  ...[variables]: VariablesOf<V>
): Promise<T> {
  return post<T>(document.toString(), variables ?? {}, `Bearer ${token}`);
}

/**
 * Whether the server refuses `token` (rotated or revoked): asked when it closes a socket for that
 * reason, as it closes every socket of the user, one just opened with the new token included.
 */
export async function isTokenRefused(token: string): Promise<boolean> {
  try {
    await post("{ __typename }", {}, `Bearer ${token}`);
    return false;
  } catch (error) {
    return error instanceof ApiError && error.code === "UNAUTHENTICATED";
  }
}

async function post<T>(query: string, variables: unknown, explicit?: string): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  const auth = explicit ?? authorization();
  if (auth) headers.authorization = auth;
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: "POST",
      headers,
      body: JSON.stringify({ query, variables }),
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : "network error", "NETWORK");
  }
  // A token the server no longer knows (rotated or revoked elsewhere, its database reset): sign out,
  // saying why (session.refusedName), and ask again anonymously; reads then work, and what needs an
  // account says that the token is no longer valid (not "sign up first"). A request sent while this
  // page was replacing its own token is sent again with the new one.
  if (response.status === 401 && auth && explicit === undefined) {
    await tokenSettled();
    if (authorization() !== auth) return post<T>(query, variables);
    tokenRefused(auth.replace(/^Bearer /, ""));
    try {
      return await post<T>(query, variables);
    } catch (error) {
      if (error instanceof ApiError && error.code === "UNAUTHENTICATED")
        throw new ApiError(error.message, "TOKEN_REFUSED", error.extensions);
      throw error;
    }
  }
  let body: GraphQLResponse<T>;
  try {
    body = (await response.json()) as GraphQLResponse<T>;
  } catch {
    throw new ApiError(
      `the server answered ${response.status} ${response.statusText}`,
      response.status === 429 ? "RATE_LIMITED" : "NETWORK",
    );
  }
  if (body.errors && body.errors.length > 0) throw ApiError.from(body.errors[0]);
  if (body.data === undefined || body.data === null)
    throw new ApiError(`the server answered ${response.status} with no data`, "NETWORK");
  return body.data;
}
