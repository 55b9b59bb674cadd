// Groups inserts that arrive together (concurrent requests in the same event-loop turn) into one
// multi-row INSERT ... RETURNING: one round trip, one commit (one WAL flush) and one Prisma call for
// the lot. Each caller still gets its own row back.

export interface InsertBatcherOptions<Input, Row> {
  /** Inserts the rows and returns them (in any order). */
  readonly insertMany: (inputs: Input[]) => Promise<Row[]>;
  /** Rows and inputs with the same key are interchangeable (e.g. the same user asking the same thing). */
  readonly keyOfInput: (input: Input) => string;
  readonly keyOfRow: (row: Row) => string;
  readonly maxBatch?: number;
}

interface Pending<Input, Row> {
  readonly input: Input;
  readonly resolve: (row: Row) => void;
  readonly reject: (error: unknown) => void;
}

export class InsertBatcher<Input, Row> {
  private pending: Pending<Input, Row>[] = [];
  private scheduled = false;

  constructor(private readonly options: InsertBatcherOptions<Input, Row>) {}

  insert(input: Input): Promise<Row> {
    return new Promise<Row>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const max = this.options.maxBatch ?? 200;
    while (this.pending.length > 0) void this.write(this.pending.splice(0, max));
  }

  private async write(batch: Pending<Input, Row>[]): Promise<void> {
    try {
      const rows = await this.options.insertMany(batch.map((p) => p.input));
      const byKey = new Map<string, Row[]>();
      for (const row of rows) {
        const key = this.options.keyOfRow(row);
        const same = byKey.get(key);
        if (same) same.push(row);
        else byKey.set(key, [row]);
      }
      for (const pending of batch) {
        const row = byKey.get(this.options.keyOfInput(pending.input))?.shift();
        if (row === undefined) pending.reject(new Error("inserted row not returned"));
        else pending.resolve(row);
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
