// Who may read a solution's moves (docs/competition.md, "No copying"). Lengths and ranks are always
// public; moves are shown to their author (one's own submissions, the Solves one requested), and,
// except on a daily puzzle whose day runs, to anyone who has already submitted an optimal solution of
// that puzzle themselves (they have nothing left to copy). While a daily puzzle's day runs (or on any
// copy of its board), nobody sees anyone else's moves, optimal solver or not; all is revealed when
// the day ends. Owning a puzzle gives no right: anyone can create a copy of any board.

export interface MovesRequest {
  /** Who asks; null when anonymous. */
  readonly viewerId: number | null;
  /** Who made the solution (a submission's user, a Solve's requester); null for the platform's own solves. */
  readonly authorId: number | null;
  /** The viewer's best length on the puzzle; undefined when they have not submitted. */
  readonly viewerBest: number | undefined;
  /** The puzzle's proven optimum; null while unknown. */
  readonly optimum: number | null;
  /** The puzzle's board is a daily puzzle whose day is not over. */
  readonly dailyRunning: boolean;
}

export function canSeeMoves(request: MovesRequest): boolean {
  if (request.viewerId === null) return false;
  if (request.authorId === request.viewerId) return true;
  if (request.dailyRunning) return false;
  return (
    request.optimum !== null && request.viewerBest !== undefined && request.viewerBest <= request.optimum
  );
}
