// Users in Postgres. The token hash never leaves this module: every read omits it.
import type { PrismaClient } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { User } from "../generated/prisma/client.ts";

/** A user as the rest of the platform sees it (no token hash). */
export type PublicUser = Omit<User, "tokenHash">;

const omitSecret = { tokenHash: true } as const;

export class UserRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Creates the user, or returns null when the name is taken. */
  async create(name: string, tokenHash: string): Promise<PublicUser | null> {
    try {
      return await this.prisma.user.create({ data: { name, tokenHash }, omit: omitSecret });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  findByTokenHash(tokenHash: string): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { tokenHash }, omit: omitSecret });
  }

  findByName(name: string): Promise<PublicUser | null> {
    // Postgres text cannot hold U+0000 (the query would fail); no name has one (signUp's rule).
    if (name.includes("\u0000")) return Promise.resolve(null);
    return this.prisma.user.findUnique({ where: { name }, omit: omitSecret });
  }

  findById(id: number): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { id }, omit: omitSecret });
  }

  /** For DataLoader: any order, missing ids absent. */
  findByIds(ids: readonly number[]): Promise<PublicUser[]> {
    return this.prisma.user.findMany({ where: { id: { in: [...ids] } }, omit: omitSecret });
  }
}
