// Shared scalars. Each is a plain config object, not a GraphQLScalarType: graphql-tools copies every
// property of a scalar resolver onto the schema's type, and a GraphQLScalarType's own (undefined)
// description would replace the one written in the SDL, hiding it from introspection.
import { type GraphQLScalarTypeConfig, Kind } from "graphql";
import { BadInputError } from "../../errors/index.ts";
import { toGraphQLError } from "../errors.ts";

function parseDateTime(value: unknown): Date {
  const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    // graphql-js keeps a scalar's GraphQLError as it is (anything else gets its own message prefix).
    throw toGraphQLError(new BadInputError("DateTime must be an ISO-8601 string", "DateTime"));
  return date;
}

const DateTime: Omit<GraphQLScalarTypeConfig<Date, string>, "name"> = {
  serialize(value) {
    const date = value instanceof Date ? value : new Date(value as string | number);
    if (Number.isNaN(date.getTime())) throw new TypeError("DateTime cannot represent an invalid date");
    return date.toISOString();
  },
  parseValue: parseDateTime,
  parseLiteral(ast) {
    return parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined);
  },
};

export const baseResolvers = { DateTime };
