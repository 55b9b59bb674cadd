// Apollo plugin: the mutation policy (src/graphql/operation-policy.ts) for GraphQL over HTTP, checked
// once the operation is known; WebSocket operations are checked in src/http/websocket.ts.
import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLContext } from "../../graphql/context.ts";
import { checkOperationAccess } from "../../graphql/operation-policy.ts";

export function useOperationPolicy(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const denied = operation && checkOperationAccess(operation, contextValue.user !== null);
          if (denied !== undefined) throw denied;
        },
      };
    },
  };
}
