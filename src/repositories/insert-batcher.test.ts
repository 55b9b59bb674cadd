import { describe, expect, it } from "vitest";
import { InsertBatcher } from "./insert-batcher.ts";

interface Row {
  id: number;
  value: string;
}

describe("InsertBatcher", () => {
  it("sends inserts made in one turn as one batch and answers each caller with its own row", async () => {
    const batches: string[][] = [];
    let nextId = 1;
    const batcher = new InsertBatcher<string, Row>({
      // Returned in reverse order: the batcher must not rely on the order.
      insertMany: async (values) => {
        batches.push(values);
        return values.map((value) => ({ id: nextId++, value })).reverse();
      },
      keyOfInput: (value) => value,
      keyOfRow: (row) => row.value,
    });
    const rows = await Promise.all(["a", "b", "a", "c"].map((value) => batcher.insert(value)));
    expect(batches).toEqual([["a", "b", "a", "c"]]);
    expect(rows.map((row) => row.value)).toEqual(["a", "b", "a", "c"]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
    await batcher.insert("d");
    expect(batches).toHaveLength(2);
  });

  it("fails every caller of a batch that fails, and keeps working", async () => {
    let fail = true;
    const batcher = new InsertBatcher<string, Row>({
      insertMany: async (values) => {
        if (fail) throw new Error("database away");
        return values.map((value, id) => ({ id, value }));
      },
      keyOfInput: (value) => value,
      keyOfRow: (row) => row.value,
    });
    const failed = await Promise.allSettled([batcher.insert("a"), batcher.insert("b")]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect((await batcher.insert("c")).value).toBe("c");
  });

  it("splits large bursts into batches of at most maxBatch", async () => {
    const sizes: number[] = [];
    const batcher = new InsertBatcher<number, { id: number }>({
      insertMany: async (values) => {
        sizes.push(values.length);
        return values.map((id) => ({ id }));
      },
      keyOfInput: String,
      keyOfRow: (row) => String(row.id),
      maxBatch: 10,
    });
    await Promise.all(Array.from({ length: 25 }, (_, i) => batcher.insert(i)));
    expect(sizes).toEqual([10, 10, 5]);
  });
});
