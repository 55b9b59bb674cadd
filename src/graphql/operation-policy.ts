// "Reads are public (except the query `hint`, whose resolver asks for a token); every mutation
// except signUp needs a token", enforced here once for every operation (HTTP and WebSocket), so a
// new mutation is protected without remembering to.
import { Kind, type GraphQLError, type OperationDefinitionNode } from "graphql";
import { UnauthenticatedError } from "../errors/index.ts";
import { toGraphQLError } from "./errors.ts";

/** Root mutation fields callable without a token. */
const PUBLIC_MUTATIONS: ReadonlySet<string> = new Set(["signUp", "__typename"]);

/** UNAUTHENTICATED when an anonymous client calls a mutation other than the public ones. */
export function checkOperationAccess(
  operation: OperationDefinitionNode,
  authenticated: boolean,
): GraphQLError | undefined {
  if (authenticated || operation.operation !== "mutation") return undefined;
  const publicOnly = operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && PUBLIC_MUTATIONS.has(selection.name.value),
  );
  return publicOnly ? undefined : toGraphQLError(new UnauthenticatedError());
}
