// Apollo plugin: what may run over HTTP, checked once the operation is known. The mutation policy
// (src/graphql/operation-policy.ts), as over WebSocket (src/http/websocket.ts); subscriptions, which
// only WebSocket serves (over HTTP graphql-js would run their fields once, without an event, and fail
// on the null); and an empty document, refused by parsing as WebSocket refuses it.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type GraphQLFormattedError, parse } from "graphql";
import type { GraphQLContext } from "../../graphql/context.ts";
import { checkOperationAccess } from "../../graphql/operation-policy.ts";

/** A subscription sent over HTTP: a client error (400), pointing to where subscriptions are served. */
function subscriptionOverHttp(): GraphQLError {
  return new GraphQLError(
    "subscriptions are served over WebSocket only: open ws://<this host>/graphql (wss:// behind TLS) with the graphql-ws protocol",
    { extensions: { code: "BAD_REQUEST", http: { status: 400 } } },
  );
}

/**
 * What parsing an empty document says (graphql-js' syntax error, GRAPHQL_PARSE_FAILED): what Apollo
 * answers for a document of only whitespace, and WebSocket for an empty one.
 */
function emptyDocumentError(): GraphQLFormattedError {
  try {
    parse("");
  } catch (error) {
    const { message, locations } = error as GraphQLError;
    return { message, locations, extensions: { code: "GRAPHQL_PARSE_FAILED" } };
  }
  throw new Error("graphql-js parsed an empty document");
}

export function useOperationPolicy(): ApolloServerPlugin<GraphQLContext> {
  const emptyDocument = emptyDocumentError();
  return {
    async requestDidStart({ request }) {
      // Apollo refuses `"query": ""` before parsing, with BAD_REQUEST ("must contain a non-empty
      // query"), where "   " or "#" (and "" over WebSocket) are parse errors: answered as those.
      const empty = request.query === "" && request.extensions?.persistedQuery === undefined;
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (operation?.operation === "subscription") throw subscriptionOverHttp();
          const denied = operation && checkOperationAccess(operation, contextValue.user !== null);
          if (denied !== undefined) throw denied;
        },
        async willSendResponse({ response }) {
          if (!empty || response.body.kind !== "single") return;
          response.body.singleResult = { errors: [{ ...emptyDocument }] };
          response.http.status = 400;
        },
      };
    },
  };
}
