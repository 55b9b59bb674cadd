// API errors as people read them. The server's messages already name what is wrong ("start repeats
// tile 8"); the code decides how to introduce them. Raw JSON never reaches the page.

export interface GraphQLErrorShape {
  readonly message: string;
  readonly extensions?: Record<string, unknown>;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    /** `extensions.code`, or NETWORK when the server could not be reached. */
    readonly code: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }

  static from(error: GraphQLErrorShape): ApiError {
    const extensions = error.extensions ?? {};
    const code = typeof extensions.code === "string" ? extensions.code : "ERROR";
    return new ApiError(error.message, code, extensions);
  }

  get field(): string | undefined {
    return typeof this.extensions.field === "string" ? this.extensions.field : undefined;
  }
}

function capitalise(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** One sentence for any error thrown while talking to the API. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error ? `Something went wrong: ${error.message}` : "Something went wrong.";
  }
  const message = capitalise(error.message);
  switch (error.code) {
    case "NETWORK":
      return `Cannot reach the server (${error.message}). Check your connection and try again.`;
    case "UNAUTHENTICATED":
      return "Please sign up first: this needs an account.";
    case "FORBIDDEN":
      return `Not allowed: ${error.message}.`;
    case "NOT_FOUND":
      return `Not found: ${error.message}.`;
    case "RATE_LIMITED": {
      const wait = Number(error.extensions.retryAfter);
      return Number.isFinite(wait)
        ? `Too many requests: please wait ${wait} s and try again.`
        : "Too many requests: please wait a moment.";
    }
    case "ILLEGAL_MOVE": {
      const index = error.extensions.index;
      return typeof index === "number"
        ? `Illegal move at step ${index}: ${error.message}.`
        : `Illegal move: ${error.message}.`;
    }
    case "NOT_A_SOLUTION":
      return `Not a solution: ${error.message}.`;
    case "INTERNAL_SERVER_ERROR":
      return "The server ran into a problem. Please try again in a moment.";
    case "GRAPHQL_VALIDATION_FAILED":
    case "GRAPHQL_PARSE_FAILED":
      return `The page and the server disagree (${error.message}). Reload the page.`;
    default:
      return `${message}.`.replace(/\.\.$/, ".");
  }
}
