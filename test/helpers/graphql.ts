// GraphQL over real HTTP for tests: requests with or without a token, and shortcuts that fail the
// test with the server's errors when an operation that should succeed does not.
import { randomBytes } from "node:crypto";
import type { GraphQLFormattedError } from "graphql";

export interface GraphQLResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { data?: T | null; errors?: GraphQLFormattedError[] };
}

/** A user name no other test (or run) has taken: `<prefix>_<hex>`, 3..32 characters. */
export function uniqueName(prefix = "user"): string {
  return `${prefix.slice(0, 20)}_${randomBytes(5).toString("hex")}`;
}

export class GraphQLClient {
  constructor(
    readonly url: string,
    readonly token?: string,
  ) {}

  withToken(token: string | undefined): GraphQLClient {
    return new GraphQLClient(this.url, token);
  }

  async request<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse<T>> {
    const response = await fetch(this.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(this.token === undefined ? {} : { authorization: `Bearer ${this.token}` }),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: GraphQLResponse<T>["body"];
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`non-JSON response ${response.status}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body };
  }

  /** The data of an operation that must succeed. */
  async data<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const { status, body } = await this.request<T>(query, variables);
    if (body.errors !== undefined || body.data === undefined || body.data === null) {
      throw new Error(`expected data, got ${status}: ${JSON.stringify(body.errors ?? body)}`);
    }
    return body.data;
  }

  /** The first error of an operation that must fail. */
  async error(query: string, variables?: Record<string, unknown>): Promise<GraphQLFormattedError> {
    const { body } = await this.request(query, variables);
    const error = body.errors?.[0];
    if (error === undefined) throw new Error(`expected an error, got ${JSON.stringify(body.data)}`);
    return error;
  }

  /** Signs a new user up; returns the token and a client that sends it. */
  async signUp(
    name: string = uniqueName(),
  ): Promise<{ token: string; user: { id: string; name: string }; client: GraphQLClient }> {
    const data = await this.data<{ signUp: { token: string; user: { id: string; name: string } } }>(
      `mutation ($name: String!) { signUp(name: $name) { token user { id name } } }`,
      { name },
    );
    return { ...data.signUp, client: this.withToken(data.signUp.token) };
  }
}
