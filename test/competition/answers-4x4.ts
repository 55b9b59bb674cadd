// 4x4 analyses and hints as a client polls them (PENDING until the workers' proof is in), the workers
// that prove them (in the test's process), and the optimal lengths they are checked against (the core's
// IDA* with 6-6-3, in the test's process: load the table first, loadPdb("663")).
import { expect } from "vitest";
import type { Config } from "../../src/config.ts";
import { createPuzzle, solve } from "../../src/core/index.ts";
import type { SlidingSpec } from "../../src/core/types.ts";
import { startCompetitionWorkers } from "../../workers/competition-workers.ts";
import { createWorkerContainer } from "../../workers/container.ts";
import { SolveWorker, workerSettings } from "../../workers/solve-worker.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { GOAL4 } from "./boards.ts";

/** A worker's pipeline on `config`'s Redis: the solve worker (its tables) and the analysis worker. */
export async function startAnalysisWorkers(config: Config): Promise<{ close(): Promise<void> }> {
  const container = createWorkerContainer(config);
  const solveWorker = await SolveWorker.start(workerSettings(config), container);
  const competition = await startCompetitionWorkers(config, container);
  return {
    async close() {
      await competition.close();
      await solveWorker.close();
      await container.close();
    },
  };
}

/** The core's optimal length and moves from `start` to GOAL4. */
export function optimal4x4(start: readonly number[]): { length: number; moves: string } {
  const spec = createPuzzle({ kind: "sliding", rows: 4, cols: 4, start, goal: GOAL4 }) as SlidingSpec;
  const result = solve(spec, { heuristic: "pdb:663" });
  if (result.status !== "solved") throw new Error(result.status);
  return result;
}

/** The answer of a query or mutation of one field (analyzeSolution, hint). */
export async function askOnce(
  client: GraphQLClient,
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, any>> {
  return Object.values(await client.data(query, variables))[0] as Record<string, any>;
}

/** Asks until READY (every answer before it PENDING), for at most `ms`. */
export async function askUntilReady(
  client: GraphQLClient,
  query: string,
  variables: Record<string, unknown>,
  ms = 90_000,
): Promise<Record<string, any>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await askOnce(client, query, variables);
    if (answer.status === "READY") return answer;
    expect(answer.status).toBe("PENDING");
    if (Date.now() > deadline) throw new Error("still PENDING");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
