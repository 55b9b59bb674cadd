// The platform's own solve under concurrency: submissions check "has the platform asked yet?" before
// any lock, so many at once all pass that check. However many arrive together (from one user or from
// many), the puzzle gets at most one platform Solve, whether it needs a search (4x4) or a table
// answers it (3x3).
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const api = useTestServer({ env: { RATE_LIMIT_WORK: "1000", RATE_LIMIT_SIGNUPS: "1000" } });
const CONCURRENT = 25;

/** A board one move (`solution`) from its goal; every case needs a canonical key of its own. */
function oneMove(size: 3 | 4, blank: number, solution: string): PuzzleFixture {
  const cells = size * size;
  const start = Array.from({ length: cells }, (_, i) => (i === cells - 1 ? 0 : i + 1));
  [start[blank], start[cells - 1]] = [start[cells - 1], start[blank]];
  return {
    input: { kind: "SLIDING", rows: size, cols: size, start },
    optimum: 1,
    solutions: { 1: solution },
  };
}

async function platformSolves(puzzleId: string) {
  return api.server.app.prisma.solve.findMany({ where: { puzzleId: Number(puzzleId), requestedById: null } });
}

describe("the platform's own solve, under concurrent submissions", () => {
  it.each([
    ["a search (4x4), one user", oneMove(4, 14, "R"), 1, "QUEUED"],
    ["a search (4x4), many users", oneMove(4, 11, "D"), CONCURRENT, "QUEUED"],
    ["a table answer (3x3), one user", oneMove(3, 7, "R"), 1, "SOLVED"],
    ["a table answer (3x3), many users", oneMove(3, 5, "D"), CONCURRENT, "SOLVED"],
  ] as const)(
    `${CONCURRENT} concurrent submissions leave exactly one platform Solve: %s`,
    async (_, fixture, userCount, status) => {
      const users = await Promise.all(Array.from({ length: userCount }, () => api.client().signUp()));
      const puzzleId = await createPuzzle(users[0].client, fixture);
      const submitted = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          submit(users[i % userCount].client, puzzleId, fixture.solutions[1]),
        ),
      );
      expect(submitted).toHaveLength(CONCURRENT);
      expect((await platformSolves(puzzleId)).map((s) => s.status)).toEqual([status]);
      // Later submissions do not add one either.
      await submit(users[0].client, puzzleId, fixture.solutions[1]);
      expect(await platformSolves(puzzleId)).toHaveLength(1);
    },
  );
});
