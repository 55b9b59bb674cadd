// A Solve row's stored proven bound (`provenLowerBound`: its running search's cancel poll writes it,
// SolveJobRepository.pollActive), awaited by polling the row.
import type { TestServer } from "./server.ts";

/** The bound stored on Solve `solveId` once there is one of at least `atLeast`; throws after 20 s. */
export async function storedBound(api: TestServer, solveId: string, atLeast = 0): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solveId) } });
    const bound = row.provenLowerBound;
    if (bound !== null && bound >= atLeast) return bound;
    if (Date.now() > deadline)
      throw new Error(`provenLowerBound ${bound}, not ${atLeast} or more, after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
