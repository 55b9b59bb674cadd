// GET /metrics on the API: GraphQL requests by root field and outcome, latency, HTTP statuses,
// Solves by status (Postgres), queue depth by state (Redis), store health, Node.js process metrics.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, IDA_LC, createPuzzle, requestSolve } from "../pipeline/pipeline.ts";
import { sample } from "./exposition.ts";

// /metrics is not public: on the API port it needs METRICS_TOKEN (test/api/metrics-access.test.ts).
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
const api = useTestServer({ env: { METRICS_TOKEN } });

async function scrape(): Promise<string> {
  const response = await fetch(`${api.origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  return response.text();
}

describe("GET /metrics", () => {
  it("counts GraphQL requests by root field and outcome, with latency", async () => {
    const { client } = await api.client().signUp();
    await client.data(`{ me { id } }`);
    await api.client().request(`{ puzzle(id: "nope") { id } }`);
    await api
      .client()
      .request(
        `mutation { createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [1, 2, 3, 0] }) { id } }`,
      );
    const text = await scrape();
    expect(
      sample(text, "puzzle_graphql_requests_total", {
        operation: "signUp",
        type: "mutation",
        code: "OK",
        role: "api",
      }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_graphql_requests_total", { operation: "me", type: "query", code: "OK" }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_graphql_requests_total", {
        operation: "puzzle",
        type: "query",
        code: "BAD_USER_INPUT",
      }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_graphql_requests_total", {
        operation: "createPuzzle",
        type: "mutation",
        code: "UNAUTHENTICATED",
      }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_graphql_request_duration_seconds_count", { operation: "me", type: "query" }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_http_responses_total", { route: "/graphql", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    // Node.js process metrics come along.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("labels invalid documents `unknown` and several root fields `multiple`", async () => {
    await api.client().request(`{ nope }`);
    await api.client().request(`{ me { id } puzzles(first: 1) { edges { cursor } } }`);
    const text = await scrape();
    expect(
      sample(text, "puzzle_graphql_requests_total", {
        operation: "unknown",
        type: "unknown",
        code: "GRAPHQL_VALIDATION_FAILED",
      }),
    ).toBe(1);
    expect(
      sample(text, "puzzle_graphql_requests_total", { operation: "multiple", type: "query", code: "OK" }),
    ).toBe(1);
  });

  it("shows Solves by status and the queue's jobs by state", async () => {
    const { client } = await api.client().signUp();
    // No worker runs: the 4x4 search waits in the queue; the 3x3 is answered within the request.
    await requestSolve(client, await createPuzzle(client, BOARDS.quick), IDA_LC);
    await requestSolve(client, await createPuzzle(client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3));
    // Store-backed values are cached for a second between scrapes.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const text = await scrape();
    expect(sample(text, "puzzle_solves", { status: "QUEUED" })).toBe(1);
    expect(sample(text, "puzzle_solves", { status: "SOLVED" })).toBe(1);
    expect(sample(text, "puzzle_solves", { status: "FAILED" })).toBe(0);
    expect(sample(text, "puzzle_solve_oldest_queued_seconds")).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, "puzzle_solve_queue_jobs", { state: "prioritized" })! +
        sample(text, "puzzle_solve_queue_jobs", { state: "waiting" })!,
    ).toBe(1);
    expect(sample(text, "puzzle_store_up", { store: "postgres" })).toBe(1);
    expect(sample(text, "puzzle_store_up", { store: "redis" })).toBe(1);
  });
});
