// GraphQL documents several competition tests send as they are.

export const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;

/** analyzeSolution with every field a test compares. */
export const ANALYZE = `mutation ($p: ID!, $m: String!) {
  analyzeSolution(puzzleId: $p, moves: $m) {
    status progress length optimalLength movesLost mistakes { index }
    moves { index move distanceBefore distanceAfter optimal }
  }
}`;
