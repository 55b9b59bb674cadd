// Concurrent callers of a read share one query, yet each gets a result read after it asked: a read
// already under way when a caller comes may have missed a row written just before, so that caller
// waits for it to end and joins the next read, which every caller arriving meanwhile shares. Under
// load this is about one query per query latency instead of one per caller, and a guard built on it
// is exactly as fresh as one that queried for itself (the daily guard: docs/competition.md).

/** A read that concurrent callers share without ever getting an answer older than their call. */
export class FreshRead<T> {
  private current: Promise<T> | undefined;
  private next: Promise<T> | undefined;

  constructor(private readonly query: () => Promise<T>) {}

  /** The result of a query that started at or after this call. */
  read(): Promise<T> {
    if (this.current === undefined) return this.start();
    // A read is under way: it began before this call. The next one begins after it, for everyone
    // who comes until then.
    this.next ??= this.current.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private startNext(): Promise<T> {
    this.next = undefined;
    return this.start();
  }

  private start(): Promise<T> {
    const read = this.query();
    this.current = read;
    const done = () => {
      if (this.current === read) this.current = undefined;
    };
    read.then(done, done);
    return read;
  }
}
