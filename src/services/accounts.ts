// Accounts: sign-up hands out a random API token exactly once; only its SHA-256 is stored, so a
// database leak exposes no usable token. Tokens are 32 random bytes: a fast hash is enough (there is
// nothing to brute-force), and the lookup by hash is one unique-index probe per request.
// A token can be rotated (a new one replaces it at once) or revoked (it stops working and no new one
// is issued); either way every API process forgets it within one event-bus round trip. Both act on
// the token the request authenticated with, and only while it is still the account's: of concurrent
// rotations and revokes with one token exactly one wins (a compare-and-swap in Postgres); the others
// change nothing, publish nothing and are refused as a request with a dead token is.
import { createHash, randomBytes } from "node:crypto";
import { BadInputError } from "../errors/index.ts";
import type { PublicUser, UserRepository } from "../repositories/users.ts";
import type { EventBus } from "./events.ts";
import { TokenCache } from "./token-cache.ts";
import {
  foldUserName,
  normalizeUserName,
  refusePlatformName,
  userNameSkeleton,
  validateUserName,
} from "./user-names.ts";

const TOKEN_PREFIX = "pzt_";
const LISTENER_DELAY_MS = 50;
/** Topic of "this user's tokens changed": API processes evict caches and close the user's sockets. */
const TOKENS_REVOKED = "tokens-revoked";

/** Published on TOKENS_REVOKED. */
interface TokensRevokedEvent {
  readonly userId: number;
  /** The hash of the user's token from now on (a rotation's new one); null when none (revoked). */
  readonly tokenHash: string | null;
}

/** Why a token that authenticated a request no longer works (HTTP 401, WebSocket close 4401). */
export const TOKEN_REPLACED = "the API token was revoked or rotated";

/** Called when a user's token changes: what was authenticated with another token must go. */
export type RevocationListener = (userId: number, currentTokenHash: string | null) => void;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export class AccountService {
  private readonly tokens = new TokenCache();
  private readonly revocationListeners = new Set<RevocationListener>();
  /** Set once this process follows TOKENS_REVOKED: from its first authentication (workers never do). */
  private following = false;

  constructor(
    private readonly users: UserRepository,
    private readonly events: EventBus,
  ) {}

  /** Creates the user and returns the token, which is never shown again. */
  async signUp(requested: string): Promise<{ user: PublicUser; token: string }> {
    const name = normalizeUserName(requested);
    validateUserName(name);
    refusePlatformName(name);
    const keys = { folded: foldUserName(name), skeleton: userNameSkeleton(name) };
    const token = newToken();
    const user = await this.users.create(name, keys, hashToken(token));
    if (user === null) {
      // The unique indexes decided (races included); say whom the name collides with.
      const holder = await this.users.findByNameKeys(keys);
      if (holder === null || holder.name === name) throw new BadInputError(`name "${name}" is taken`, "name");
      const how = foldUserName(holder.name) === keys.folded ? "differs only in case from" : "looks like";
      throw new BadInputError(`name "${name}" ${how} the existing name "${holder.name}"`, "name");
    }
    return { user, token };
  }

  /** The token's user, or null when no user has it. */
  async authenticate(token: string): Promise<PublicUser | null> {
    if (!isTokenShaped(token)) return null;
    this.followRevocations();
    const hash = hashToken(token);
    const cached = this.tokens.get(hash);
    if (cached !== undefined) return cached;
    const stamp = this.tokens.stamp();
    const user = await this.users.findByTokenHash(hash);
    if (user !== null) this.tokens.set(hash, user, stamp);
    return user;
  }

  /** The token's user if this process knows it without asking Postgres; undefined otherwise. */
  cachedUser(token: string): PublicUser | undefined {
    return isTokenShaped(token) ? this.tokens.get(hashToken(token)) : undefined;
  }

  /**
   * A new token in place of `currentHash` (the hash of the token the request authenticated with),
   * which is dead from now on; null when that token is no longer the user's (rotated or revoked
   * meanwhile, by a concurrent call too): nothing changed then.
   */
  async rotateToken(user: PublicUser, currentHash: string): Promise<string | null> {
    const next = newToken();
    const nextHash = hashToken(next);
    if (!(await this.users.replaceTokenHash(user.id, currentHash, nextHash))) return null;
    await this.revoked(user.id, nextHash);
    return next;
  }

  /**
   * Kills the token of hash `currentHash` with no successor: the account stays (name, puzzles,
   * results), unusable. False when that token is no longer the user's: nothing changed.
   */
  async revokeToken(user: PublicUser, currentHash: string): Promise<boolean> {
    if (!(await this.users.replaceTokenHash(user.id, currentHash, null))) return false;
    await this.revoked(user.id, null);
    return true;
  }

  /**
   * Calls `listener` with the user id and the hash of their token from now on whenever a user's token
   * is rotated or revoked, in any API process.
   */
  onRevoked(listener: RevocationListener): () => void {
    this.followRevocations();
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  findByName(name: string): Promise<PublicUser | null> {
    return this.users.findByName(name, foldUserName(name));
  }

  /** Evicts here at once and tells every process (this one too, again: harmless). */
  private async revoked(userId: number, tokenHash: string | null): Promise<void> {
    this.forget(userId, tokenHash);
    await this.events.publish(TOKENS_REVOKED, { userId, tokenHash } satisfies TokensRevokedEvent);
  }

  /**
   * Forgets the user's tokens at once; the listeners (sockets to close) run a moment later: a socket
   * that asked for the rotation itself must first receive its answer, the new token.
   */
  private forget(userId: number, tokenHash: string | null): void {
    this.tokens.evictUser(userId);
    setTimeout(() => {
      for (const listener of this.revocationListeners) listener(userId, tokenHash);
    }, LISTENER_DELAY_MS).unref();
  }

  private followRevocations(): void {
    if (this.following) return;
    this.following = true;
    const events = this.events.subscribe<TokensRevokedEvent>(TOKENS_REVOKED);
    void (async () => {
      for await (const event of events) {
        // An event without a hash (from a process of an earlier version) closes every socket.
        if (typeof event?.userId === "number") this.forget(event.userId, event.tokenHash ?? null);
      }
    })();
  }
}

/** Anything that is not shaped like one of our tokens cannot match: no query for it. */
function isTokenShaped(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX) && token.length <= 100;
}
