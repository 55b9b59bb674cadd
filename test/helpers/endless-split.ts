// A split search no worker finishes in a test's time (BOARDS.endless, a 5x5), so that what ends it is
// the test's doing: its time limit, a cancel, a worker's death.
import { BOARDS, IDA_LC, createPuzzle, requestSolve, type SolveView } from "../pipeline/pipeline.ts";
import type { GraphQLClient } from "./graphql.ts";

/** `client` creates BOARDS.endless and asks for a split IDA* search (linear conflict) limited to `limitSeconds`. */
export async function requestEndlessSplit(client: GraphQLClient, limitSeconds: number): Promise<SolveView> {
  const puzzleId = await createPuzzle(client, [...BOARDS.endless], 5);
  return requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: limitSeconds });
}
