// A value read from Postgres or Redis at scrape time, shared by the gauges that show it and kept for
// a moment, so frequent scrapes (or several gauges) cost one query, and a slow or unreachable
// store delays a scrape by at most `timeoutMs`.
export class Snapshot<T> {
  private value: { at: number; data: Promise<T | undefined> } | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly options: {
      readonly ttlMs: number;
      readonly timeoutMs: number;
      readonly onError?: (error: unknown) => void;
    },
  ) {}

  /** The latest value, or undefined when the store did not answer in time. */
  get(): Promise<T | undefined> {
    const now = Date.now();
    if (this.value === undefined || now - this.value.at >= this.options.ttlMs) {
      this.value = { at: now, data: this.fetch() };
    }
    return this.value.data;
  }

  private async fetch(): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
    });
    try {
      return await Promise.race([this.read(), timeout]);
    } catch (error) {
      this.options.onError?.(error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
