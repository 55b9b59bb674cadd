// The token cache and a rotation racing a lookup: a request that read the user from Postgres just
// before a rotation, and comes back after the rotation evicted the user's tokens, must not put the
// old token back in the cache (it would work on in that process for the cache's TTL, a minute).
// AccountService with a repository whose lookup waits for the test to let it answer.
import { describe, expect, it } from "vitest";
import type { PublicUser, UserRepository } from "../../src/repositories/users.ts";
import { AccountService, hashToken } from "../../src/services/accounts.ts";
import type { EventBus } from "../../src/services/events.ts";

const user: PublicUser = { id: 7, name: "alice", createdAt: new Date() };
const oldToken = `pzt_${"a".repeat(43)}`;

/** A one-user repository; `hold()` makes the next lookup wait until the returned release is called. */
function fakeUsers() {
  let current = hashToken(oldToken);
  let held: Promise<void> | undefined;
  const users = {
    async findByTokenHash(hash: string) {
      const answer = hash === current ? user : null; // what Postgres said when the query ran
      await held;
      return answer;
    },
    async replaceTokenHash(id: number, expected: string, next: string | null) {
      if (id !== user.id || expected !== current) return false;
      current = next ?? "revoked";
      return true;
    },
  };
  return {
    users: users as unknown as UserRepository,
    hold(): () => void {
      let release!: () => void;
      held = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
  };
}

const quietEvents = {
  publish: async () => true,
  subscribe: () => ({
    next: () => new Promise(() => {}),
    [Symbol.asyncIterator]() {
      return this;
    },
  }),
} as unknown as EventBus;

describe("AccountService's token cache", () => {
  for (const change of ["rotateToken", "revokeToken"] as const) {
    it(`a lookup read before ${change} and answered after it does not cache the old token`, async () => {
      const { users, hold } = fakeUsers();
      const accounts = new AccountService(users, quietEvents);
      const release = hold();
      const inFlight = accounts.authenticate(oldToken); // read before the change
      await (change === "rotateToken"
        ? accounts.rotateToken(user, hashToken(oldToken))
        : accounts.revokeToken(user, hashToken(oldToken)));
      release();
      expect(await inFlight).toEqual(user); // it was valid when the request came
      // Before: that answer went into the cache after the change's eviction, and the dead token
      // authenticated here for the next minute.
      expect(accounts.cachedUser(oldToken)).toBeUndefined();
      expect(await accounts.authenticate(oldToken)).toBeNull();
    });
  }

  it("caches a valid token's user when nothing was evicted meanwhile", async () => {
    const { users } = fakeUsers();
    const accounts = new AccountService(users, quietEvents);
    expect(await accounts.authenticate(oldToken)).toEqual(user);
    expect(accounts.cachedUser(oldToken)).toEqual(user);
  });
});
