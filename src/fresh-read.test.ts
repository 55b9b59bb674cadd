import { describe, expect, it } from "vitest";
import { FreshRead } from "./fresh-read.ts";

/** A query whose reads the test finishes by hand; each read returns the value written when it began. */
function controlledQuery() {
  let value = 0;
  const reads: { began: number; finish: () => void; fail: () => void }[] = [];
  const query = () =>
    new Promise<number>((resolve, reject) => {
      const began = value;
      reads.push({ began, finish: () => resolve(began), fail: () => reject(new Error("read failed")) });
    });
  return {
    reads,
    query,
    write: (next: number) => {
      value = next;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("FreshRead", () => {
  it("gives a caller that comes during a read the next read, which began after it came", async () => {
    const source = controlledQuery();
    const reader = new FreshRead(source.query);
    const first = reader.read();
    source.write(1); // a row written after the first read began
    const second = reader.read();
    expect(source.reads).toHaveLength(1); // the second caller waits for the first read to end
    source.reads[0].finish();
    expect(await first).toBe(0);
    await settle();
    expect(source.reads).toHaveLength(2);
    source.reads[1].finish();
    expect(await second).toBe(1); // it sees the row written before it asked
  });

  it("shares one read among every caller that comes while another is under way", async () => {
    const source = controlledQuery();
    const reader = new FreshRead(source.query);
    const first = reader.read();
    const waiting = [reader.read(), reader.read(), reader.read()];
    source.reads[0].finish();
    await first;
    await settle();
    const late = reader.read(); // the shared read has begun: this caller needs one after it
    source.reads[1].finish();
    await Promise.all(waiting);
    await settle();
    source.reads[2]?.finish();
    await late;
    expect(source.reads).toHaveLength(3);
  });

  it("reads again after a failed read, and the callers that waited for it get the new read", async () => {
    const source = controlledQuery();
    const reader = new FreshRead(source.query);
    const first = reader.read();
    const second = reader.read();
    source.reads[0].fail();
    await expect(first).rejects.toThrow("read failed");
    await settle();
    source.write(2);
    source.reads[1].finish();
    expect(await second).toBe(0); // the value when the second read began (written after it)
    const third = reader.read();
    source.reads[2].finish();
    expect(await third).toBe(2);
  });

  it("reads at once when nothing is under way", async () => {
    const source = controlledQuery();
    const reader = new FreshRead(source.query);
    const first = reader.read();
    source.reads[0].finish();
    await first;
    source.write(5);
    const again = reader.read();
    expect(source.reads).toHaveLength(2);
    source.reads[1].finish();
    expect(await again).toBe(5);
  });
});
