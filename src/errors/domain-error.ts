// The base of the errors services throw for outcomes a client can act on. `code` is stable and
// belongs to the domain, not to a transport: the GraphQL layer maps each code to its
// `extensions.code` (src/graphql/errors.ts); anything that is not a DomainError (or one of the
// core's PuzzleInputErrors) is a bug and is masked.

export type DomainErrorCode =
  | "BAD_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "RATE_LIMITED"
  | "LIMIT_EXCEEDED"
  | "DAILY_IN_PROGRESS"
  | "ANALYSIS_UNAVAILABLE"
  | "HEURISTIC_UNAVAILABLE";

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}
