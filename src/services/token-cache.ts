// Recently seen tokens, so a busy client costs no query per request. A token stops being valid when
// it is rotated or revoked: AccountService evicts its user here, in this process at once and in every
// other API process through the event bus (TOKENS_REVOKED). The TTL bounds how long a token lives on
// in a process that missed the event (Redis away).
// A lookup that read Postgres before a rotation and comes back after the eviction must not cache
// what it read: each lookup takes a stamp (the eviction count) before asking Postgres and caches its
// answer only if no eviction happened since (set with the stamp). Before, such an answer went in
// after the eviction, and the rotated or revoked token worked on in that process for the TTL.
import type { PublicUser } from "../repositories/users.ts";

export class TokenCache {
  private readonly entries = new Map<string, { user: PublicUser; expires: number }>();
  /** Evictions so far: a lookup's stamp. */
  private evictions = 0;

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

  /** Taken before a lookup in Postgres; its answer is cached with it (set). */
  stamp(): number {
    return this.evictions;
  }

  /** Caches a lookup's answer, unless some user's tokens were evicted since `stamp` was taken. */
  set(hash: string, user: PublicUser, stamp: number): void {
    if (stamp !== this.evictions) return;
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { user, expires: Date.now() + this.ttlMs });
  }

  /** Forgets every token of the user (a scan: bounded by the capacity, and revocations are rare). */
  evictUser(userId: number): void {
    this.evictions++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }
}
