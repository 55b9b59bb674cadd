// GET /metrics is never public by default: on the API port only with METRICS_TOKEN, or on a port of
// its own (API_METRICS_PORT) and then not on the API port.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

describe("no METRICS_TOKEN, no API_METRICS_PORT", () => {
  const api = useTestServer();

  it("/metrics is not served on the API port", async () => {
    expect((await fetch(`${api.origin}/metrics`)).status).toBe(404);
    expect(api.server.metricsUrl).toBeUndefined();
  });
});

describe("METRICS_TOKEN", () => {
  const api = useTestServer({ env: { METRICS_TOKEN: TOKEN } });

  it("without the token, or with another, is 401 UNAUTHENTICATED and shows nothing", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer not-the-metrics-token-000" },
      { authorization: TOKEN },
    ]) {
      const response = await fetch(`${api.origin}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const text = await response.text();
      expect(text).not.toMatch(/puzzle_|process_/);
      expect(JSON.parse(text).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    }
  });

  it("with the token is 200 and the exposition", async () => {
    const response = await fetch(`${api.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^puzzle_http_responses_total/m);
  });
});

describe("API_METRICS_PORT", () => {
  const api = useTestServer({ env: { API_METRICS_PORT: "0", METRICS_TOKEN: TOKEN } });

  it("serves /metrics on its own port, and no longer on the API port", async () => {
    const url = api.server.metricsUrl;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(url as string).port).not.toBe(String(api.server.port));
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^# TYPE puzzle_graphql_requests_total counter/m);
    const onApiPort = await fetch(`${api.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onApiPort.status).toBe(404);
  });
});
