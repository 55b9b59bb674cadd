// Accounts: sign-up hands out a random API token exactly once; only its SHA-256 is stored, so a
// database leak exposes no usable token. Tokens are 32 random bytes: a fast hash is enough (there is
// nothing to brute-force), and the lookup by hash is one unique-index probe per request.
import { createHash, randomBytes } from "node:crypto";
import { BadInputError } from "../errors/index.ts";
import type { PublicUser, UserRepository } from "../repositories/users.ts";

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const NAME_MIN = 3;
const NAME_MAX = 32;
const TOKEN_PREFIX = "pzt_";

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function validateUserName(name: string): void {
  if (name.length < NAME_MIN || name.length > NAME_MAX) {
    throw new BadInputError(`name must be ${NAME_MIN} to ${NAME_MAX} characters, got ${name.length}`, "name");
  }
  if (!NAME_PATTERN.test(name)) {
    throw new BadInputError("name may contain only letters, digits, _ and -", "name");
  }
}

/**
 * Recently seen tokens, so a busy client costs no query per request. Safe while a token and its user
 * never change once created (anything that comes to revoke tokens or rename users must evict here).
 */
class TokenCache {
  private readonly entries = new Map<string, { user: PublicUser; expires: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly capacity = 10_000,
  ) {}

  get(hash: string): PublicUser | undefined {
    const entry = this.entries.get(hash);
    if (entry === undefined) return undefined;
    if (entry.expires > Date.now()) return entry.user;
    this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, user: PublicUser): void {
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { user, expires: Date.now() + this.ttlMs });
  }
}

export class AccountService {
  private readonly tokens = new TokenCache();

  constructor(private readonly users: UserRepository) {}

  /** Creates the user and returns the token, which is never shown again. */
  async signUp(name: string): Promise<{ user: PublicUser; token: string }> {
    validateUserName(name);
    const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const user = await this.users.create(name, hashToken(token));
    if (user === null) throw new BadInputError(`name "${name}" is taken`, "name");
    return { user, token };
  }

  /** The token's user, or null when no user has it. */
  async authenticate(token: string): Promise<PublicUser | null> {
    // Anything that is not shaped like one of our tokens cannot match: skip the query.
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
    const hash = hashToken(token);
    const cached = this.tokens.get(hash);
    if (cached !== undefined) return cached;
    const user = await this.users.findByTokenHash(hash);
    if (user !== null) this.tokens.set(hash, user);
    return user;
  }

  findByName(name: string): Promise<PublicUser | null> {
    return this.users.findByName(name);
  }
}
