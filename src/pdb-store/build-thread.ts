// A table-building thread of `parallel-build.ts`: builds the one table it is given (the pure core's
// breadth-first search) and posts its progress, then the table itself (a SharedArrayBuffer: shared
// with the main thread, not copied).

import { parentPort, workerData } from "node:worker_threads";
import { buildTable } from "../core/pdb/index.ts";
import type { TableSpec } from "../core/pdb/layout.ts";

/** Messages a build thread posts. */
export type BuildThreadMessage =
  | { readonly kind: "progress"; readonly fraction: number }
  | { readonly kind: "built"; readonly data: Uint8Array };

const table = workerData as TableSpec;
let last = 0;
const data = buildTable(table, {
  onProgress: (fraction) => {
    // The core reports often; a message per percent is plenty for a bar and the lock's refresh.
    if (fraction - last < 0.01) return;
    last = fraction;
    parentPort?.postMessage({ kind: "progress", fraction } satisfies BuildThreadMessage);
  },
});
parentPort?.postMessage({ kind: "built", data } satisfies BuildThreadMessage);
