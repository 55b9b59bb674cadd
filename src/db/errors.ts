// Recognising Postgres constraint failures in Prisma's errors without depending on its classes.

/** True for a unique-constraint violation (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
