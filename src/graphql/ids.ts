// GraphQL IDs are the database ids as decimal strings ("42").
import { BadInputError } from "../errors/index.ts";

/** The database id in `value`; BAD_USER_INPUT naming `field` when it is not one. */
export function parseId(value: string, field = "id"): number {
  const id = /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new BadInputError(`${field} must be an id like "42", got ${JSON.stringify(value)}`, field);
  }
  return id;
}
