// An Apollo Server plugin recording every GraphQL request over HTTP in ApiMetrics: its root field,
// operation type, outcome and latency. The label is the root field (bounded by the schema), never the
// client's operationName, which anyone could vary to blow up the number of series.
import type { ApolloServerPlugin } from "@apollo/server";
import { Kind, type OperationDefinitionNode } from "graphql";
import type { ApiMetrics } from "./api-metrics.ts";

/** The operation's root field, `multiple` when it selects several, `unknown` before it is resolved. */
function operationLabel(operation: OperationDefinitionNode | undefined | null): string {
  if (!operation) return "unknown";
  const names = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return "multiple";
    names.add(selection.name.value);
  }
  return names.size === 1 ? [...names][0] : "multiple";
}

export function graphqlMetricsPlugin<TContext extends object>(
  metrics: ApiMetrics,
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const began = process.hrtime.bigint();
      let operation: OperationDefinitionNode | undefined;
      return {
        async didResolveOperation(request) {
          operation = request.operation ?? undefined;
        },
        async willSendResponse({ response }) {
          const labels = { operation: operationLabel(operation), type: operation?.operation ?? "unknown" };
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          const code = errors?.length ? String(errors[0].extensions?.code ?? "UNKNOWN") : "OK";
          metrics.graphqlRequests.inc({ ...labels, code });
          metrics.graphqlDuration.observe(labels, Number(process.hrtime.bigint() - began) / 1e9);
        },
      };
    },
  };
}
