// Prisma CLI configuration. The URL falls back to the platform's default so `prisma generate`
// (run by `npm install`) works without DATABASE_URL set.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/puzzles",
  },
});
