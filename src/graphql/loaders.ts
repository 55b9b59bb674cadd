// Per-request DataLoaders: every `owner` (or `puzzle`) of a page is fetched in one query.
// To add one: a line in createLoaders.
import DataLoader from "dataloader";
import type { App } from "../app.ts";

/** A loader by id over a repository's `findByIds`, answering null for missing ids. */
function byIdLoader<T extends { id: number }>(
  findByIds: (ids: readonly number[]) => Promise<T[]>,
): DataLoader<number, T | null> {
  return new DataLoader(async (ids) => {
    const rows = new Map((await findByIds(ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id) ?? null);
  });
}

export function createLoaders(app: App) {
  const { repositories } = app;
  return {
    userById: byIdLoader((ids) => repositories.users.findByIds(ids)),
    puzzleById: byIdLoader((ids) => repositories.puzzles.findByIds(ids)),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
