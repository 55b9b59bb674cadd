// graphql-armor's depth, cost and alias limits (and hidden field suggestions when introspection is
// off), shared by HTTP (Apollo plugins and validation rules) and WebSocket (the validation rules).
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { Config } from "../../config.ts";

export function useQueryLimits(config: Pick<Config, "graphql">) {
  return new ApolloArmor({
    maxDepth: { n: config.graphql.maxDepth },
    costLimit: { maxCost: config.graphql.maxCost },
    maxAliases: { n: config.graphql.maxAliases },
    // Tokens are limited by graphql-js' own parser option (parseOptions.maxTokens; armor's Apollo
    // plugin for it answers HTTP 500); WebSocket operations use the same option.
    maxTokens: { enabled: false },
    // Field suggestions would let anonymous callers map a schema with introspection off.
    blockFieldSuggestion: { enabled: !config.graphql.introspection },
  }).protect();
}
