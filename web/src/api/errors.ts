// API errors as people read them. The server's messages already name what is wrong ("start repeats
// tile 8"); the code decides how to introduce them. Raw JSON never reaches the page.
import { timeLeft } from "../ui/time-left.ts";
import { refusedName } from "./session.ts";

/** What the page says once the server refused the session's token (rotated or revoked elsewhere). */
export const TOKEN_REFUSED =
  "Your token is no longer valid (it was replaced or revoked): sign in with your new token.";

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

/**
 * A refusal while a daily puzzle's day runs. The server's sentence ends with the day's end as an ISO
 * time ("… before its day ends (2026-12-01T00:00:00.000Z)"): the page says the time left instead, or,
 * when its own clock has already passed that end (it runs ahead of the server's), to try again soon.
 */
function dailyRefusal(error: ApiError): string {
  const what = capitalise(error.message.replace(/\s*\(\d{4}-\d\d-\d\dT[^)]*\)\s*$/, ""));
  const endsAt = error.extensions.endsAt;
  if (typeof endsAt === "string" && new Date(endsAt).getTime() > Date.now())
    return `${what} (${timeLeft(endsAt)}).`;
  return `${what}: try again in a moment.`;
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
    case "TOKEN_REFUSED":
      return TOKEN_REFUSED;
    case "UNAUTHENTICATED":
      // Signed out because the token was refused: signing up again is not what the player needs.
      return refusedName() === undefined ? "Please sign up first: this needs an account." : TOKEN_REFUSED;
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
    case "DAILY_IN_PROGRESS":
      return dailyRefusal(error);
    case "INTERNAL_SERVER_ERROR":
      return "The server ran into a problem. Please try again in a moment.";
    case "GRAPHQL_VALIDATION_FAILED":
    case "GRAPHQL_PARSE_FAILED":
      return `The page and the server disagree (${error.message}). Reload the page.`;
    default:
      return `${message}.`.replace(/\.\.$/, ".");
  }
}
