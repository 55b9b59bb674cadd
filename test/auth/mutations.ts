// Every root mutation of the schema with arguments that pass validation (placeholders of the right
// types), so authorization tests cover mutations added later without being told about them.
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from "graphql";
import { buildSchema } from "../../src/graphql/schema.ts";

function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return "[]";
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter(
      (field) => isNonNullType(field.type) && field.defaultValue === undefined,
    );
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(", ")} }`;
  }
  const name = isScalarType(type) ? type.name : "";
  if (name === "Int" || name === "Float") return "1";
  if (name === "Boolean") return "true";
  return `"1"`;
}

export interface MutationCase {
  readonly name: string;
  /** A document calling only this mutation, selecting `__typename`. */
  readonly document: string;
}

/** Every mutation field, `signUp` (public) included; callers filter. */
export function everyMutation(): MutationCase[] {
  const fields = buildSchema().getMutationType()?.getFields() ?? {};
  return Object.values(fields).map((field) => {
    const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
    const args =
      required.length === 0
        ? ""
        : `(${required.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(", ")})`;
    return { name: field.name, document: `mutation { ${field.name}${args} { __typename } }` };
  });
}
