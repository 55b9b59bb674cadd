// Apollo plugin: errors that formatError masks as INTERNAL_SERVER_ERROR are logged with their cause,
// and the masked error carries the request id, so a client's report can be matched with the log.
// (The WebSocket side does the same in src/http/websocket.ts.) An answer with SERVICE_UNAVAILABLE
// (Postgres away) is HTTP 503 with Retry-After, as RATE_LIMITED is 429.
import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLContext } from "../../graphql/context.ts";
import { formatApiError, serviceUnavailableRetryAfter } from "../../graphql/errors.ts";

export function useMaskedErrors(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (formatApiError(error.toJSON(), error).unexpected) {
              contextValue.logger.error({ err: error.originalError ?? error }, "unexpected error");
            }
          }
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== "single") return;
          for (const error of response.body.singleResult.errors ?? []) {
            if (error.extensions?.code === "INTERNAL_SERVER_ERROR") {
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
            const retryAfter = serviceUnavailableRetryAfter(error);
            if (retryAfter !== undefined) {
              response.http.status = 503;
              response.http.headers.set("retry-after", String(retryAfter));
            }
          }
        },
      };
    },
  };
}
