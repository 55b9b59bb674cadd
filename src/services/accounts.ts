// Accounts: sign-up hands out a random API token exactly once; only its SHA-256 is stored, so a
// database leak exposes no usable token. Tokens are 32 random bytes: a fast hash is enough (there is
// nothing to brute-force), and the lookup by hash is one unique-index probe per request.
import { createHash, randomBytes } from "node:crypto";
import { BadUserInputError } from "../graphql/errors.ts";
import type { PublicUser, UserRepository } from "../repositories/users.ts";

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const NAME_MIN = 3;
export const NAME_MAX = 32;
const TOKEN_PREFIX = "pzt_";

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function validateUserName(name: string): void {
  if (name.length < NAME_MIN || name.length > NAME_MAX) {
    throw new BadUserInputError(`name must be ${NAME_MIN} to ${NAME_MAX} characters, got ${name.length}`, "name");
  }
  if (!NAME_PATTERN.test(name)) {
    throw new BadUserInputError("name may contain only letters, digits, _ and -", "name");
  }
}

export class AccountService {
  constructor(private readonly users: UserRepository) {}

  /** Creates the user and returns the token, which is never shown again. */
  async signUp(name: string): Promise<{ user: PublicUser; token: string }> {
    validateUserName(name);
    const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const user = await this.users.create(name, hashToken(token));
    if (user === null) throw new BadUserInputError(`name "${name}" is taken`, "name");
    return { user, token };
  }

  /** The token's user, or null when no user has it. */
  authenticate(token: string): Promise<PublicUser | null> {
    // Anything that is not shaped like one of our tokens cannot match: skip the query.
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return Promise.resolve(null);
    return this.users.findByTokenHash(hashToken(token));
  }

  findByName(name: string): Promise<PublicUser | null> {
    return this.users.findByName(name);
  }
}
