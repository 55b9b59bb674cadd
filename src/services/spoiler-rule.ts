// Who may read a solution's moves (docs/competition.md, "No copying"). Lengths and ranks are
// always public; moves are shown to their author, and to anyone who has already submitted an
// optimal solution of that puzzle themselves (they have nothing left to copy). Owning a puzzle
// gives no right: anyone can create a copy of any board. One function, so that stricter rules
// (the daily puzzle) can grow here.

export interface MovesRequest {
  /** Who asks; null when anonymous. */
  readonly viewerId: number | null;
  /** Who made the solution; null for the platform's own solves. */
  readonly authorId: number | null;
  /** The viewer's best length on the puzzle; undefined when they have not submitted. */
  readonly viewerBest: number | undefined;
  /** The puzzle's proven optimum; null while unknown. */
  readonly optimum: number | null;
}

export function canSeeMoves(request: MovesRequest): boolean {
  if (request.viewerId === null) return false;
  if (request.authorId === request.viewerId) return true;
  return (
    request.optimum !== null && request.viewerBest !== undefined && request.viewerBest <= request.optimum
  );
}
