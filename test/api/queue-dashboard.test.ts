// The queue dashboard (bull-board at /admin/queues): off without ADMIN_TOKEN, 401 without the token,
// every queue with it, and read-only: no retry, clean, promote, pause or remove goes through.
import { Queue, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_QUEUES } from "../../src/http/plugins/use-queue-dashboard.ts";
import { SOLVE_QUEUE } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";

const ADMIN_TOKEN = "admin-token-for-tests-0123456789";
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe("without ADMIN_TOKEN", () => {
  const api = useTestServer();

  it("there is no dashboard: 404, even with a token", async () => {
    for (const path of ["/admin/queues", "/admin/queues/api/queues", `/admin/queues/queue/${SOLVE_QUEUE}`]) {
      const response = await fetch(`${api.origin}${path}`, { headers: auth });
      expect(response.status, path).toBe(404);
    }
  });
});

describe("with ADMIN_TOKEN", () => {
  const api = useTestServer({ env: { ADMIN_TOKEN } });
  let queue: Queue;
  let failedJobId: string;

  beforeAll(async () => {
    // A failed search job to look at (and to try to retry or clean): a worker that fails it once.
    const connection = { url: api.config.redisUrl };
    queue = new Queue(SOLVE_QUEUE, { connection, prefix: api.config.redisPrefix });
    const job = await queue.add("search", { puzzleId: 1 }, { jobId: "solve-dashboard-test", attempts: 1 });
    failedJobId = job.id as string;
    const worker = new Worker(
      SOLVE_QUEUE,
      async () => {
        throw new Error("failed on purpose");
      },
      { connection, prefix: api.config.redisPrefix },
    );
    await new Promise((resolve) => worker.once("failed", resolve));
    await worker.close();
  });

  afterAll(async () => {
    await queue?.close();
  });

  it("without the token, or with another, is 401", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer not-the-admin-token-0000000" },
    ]) {
      for (const path of [
        "/admin/queues",
        "/admin/queues/api/queues",
        `/admin/queues/queue/${SOLVE_QUEUE}`,
      ]) {
        const response = await fetch(`${api.origin}${path}`, { headers });
        expect(response.status, path).toBe(401);
        expect(await response.text()).not.toMatch(/solve-dashboard-test|bull/i);
      }
    }
  });

  it("with the token, shows the page and every queue of the platform, read-only", async () => {
    const page = await fetch(`${api.origin}/admin/queues`, { headers: auth });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const response = await fetch(
      `${api.origin}/admin/queues/api/queues?activeQueue=${SOLVE_QUEUE}&status=failed`,
      {
        headers: auth,
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      queues: {
        name: string;
        readOnlyMode: boolean;
        counts: Record<string, number>;
        jobs: { id: string }[];
      }[];
    };
    expect(body.queues.map((q) => q.name).sort()).toEqual([...DASHBOARD_QUEUES].sort());
    // Every queue a process of the platform creates: searches, their units, the 4x4 analyses' proofs
    // (hints, analyzeSolution) and the daily puzzles' scheduler.
    expect(body.queues.map((q) => q.name).sort()).toEqual(["analysis", "daily-puzzles", "solve", "unit"]);
    const solve = body.queues.find((q) => q.name === SOLVE_QUEUE);
    expect(solve?.readOnlyMode).toBe(true);
    expect(solve?.counts.failed).toBe(1);
    expect(solve?.jobs.map((job) => job.id)).toContain(failedJobId);
  });

  it("refuses every action, and the failed job stays as it was", async () => {
    const base = `${api.origin}/admin/queues/api/queues`;
    const actions: [string, string][] = [
      ["PUT", `${base}/${SOLVE_QUEUE}/retry/failed`],
      ["PUT", `${base}/${SOLVE_QUEUE}/clean/failed`],
      ["PUT", `${base}/${SOLVE_QUEUE}/promote`],
      ["PUT", `${base}/${SOLVE_QUEUE}/pause`],
      ["PUT", `${base}/${SOLVE_QUEUE}/empty`],
      ["PUT", `${base}/pause`],
      ["PUT", `${base}/${SOLVE_QUEUE}/${failedJobId}/retry/failed`],
      ["PUT", `${base}/${SOLVE_QUEUE}/${failedJobId}/clean`],
      ["POST", `${base}/${SOLVE_QUEUE}/add`],
      ["DELETE", `${base}/${SOLVE_QUEUE}/${failedJobId}`],
    ];
    for (const [method, url] of actions) {
      const response = await fetch(url, {
        method,
        headers: { ...auth, "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status, `${method} ${url}`).toBe(405);
    }
    expect(await queue.getJobState(failedJobId)).toBe("failed");
    expect(await queue.isPaused()).toBe(false);
    expect(await queue.getJobCounts("failed", "waiting")).toEqual({ failed: 1, waiting: 0 });
  });
});
