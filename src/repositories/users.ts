// Users in Postgres. The token hash and the name keys never leave this module: every read omits them.
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { User } from "../generated/prisma/client.ts";

/** A user as the rest of the platform sees it (no token hash, no name keys). */
export type PublicUser = Omit<User, "tokenHash" | "nameFolded" | "nameSkeleton">;

/** The unique keys of a name (src/services/user-names.ts). */
export interface NameKeys {
  readonly folded: string;
  readonly skeleton: string;
}

const omitSecret = { tokenHash: true, nameFolded: true, nameSkeleton: true } as const;

export class UserRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Creates the user, or returns null when the name or one of its keys is taken. */
  async create(name: string, keys: NameKeys, tokenHash: string): Promise<PublicUser | null> {
    try {
      return await this.prisma.user.create({
        data: { name, nameFolded: keys.folded, nameSkeleton: keys.skeleton, tokenHash },
        omit: omitSecret,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The user holding either key, with their name: whom a new name would be confused with. */
  findByNameKeys(keys: NameKeys): Promise<PublicUser | null> {
    return this.prisma.user.findFirst({
      where: { OR: [{ nameFolded: keys.folded }, { nameSkeleton: keys.skeleton }] },
      omit: omitSecret,
    });
  }

  findByTokenHash(tokenHash: string): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { tokenHash }, omit: omitSecret });
  }

  /**
   * Replaces the user's token hash (a user has one token) if it is still `current`; `next` null
   * revokes: it stores the hash of a token nobody is given. A compare-and-swap, in one statement:
   * false when the hash is no longer `current` (another rotation or a revoke came first) or the user
   * is gone, and then nothing changed. Before, it replaced whatever was there, and of two concurrent
   * rotations both answered a token while only the last written worked.
   */
  async replaceTokenHash(id: number, current: string, next: string | null): Promise<boolean> {
    const tokenHash = next ?? randomBytes(32).toString("hex");
    const { count } = await this.prisma.user.updateMany({
      where: { id, tokenHash: current },
      data: { tokenHash },
    });
    return count === 1;
  }

  /** By exact name, or else (when given) by the name's folded key (`ALICE` finds `alice`). */
  async findByName(name: string, folded?: string): Promise<PublicUser | null> {
    // Postgres text cannot hold U+0000 (the query would fail); no name has one (signUp's rule).
    if (name.includes("\u0000")) return null;
    const exact = await this.prisma.user.findUnique({ where: { name }, omit: omitSecret });
    if (exact !== null || folded === undefined || folded.includes("\u0000")) return exact;
    return this.prisma.user.findUnique({ where: { nameFolded: folded }, omit: omitSecret });
  }

  findById(id: number): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { id }, omit: omitSecret });
  }

  /** For DataLoader: any order, missing ids absent. */
  findByIds(ids: readonly number[]): Promise<PublicUser[]> {
    return this.prisma.user.findMany({ where: { id: { in: [...ids] } }, omit: omitSecret });
  }
}
