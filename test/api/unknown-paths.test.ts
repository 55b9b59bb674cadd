// A request for a path the server has no route for, other than a browser's page (test/e2e/not-found),
// is answered 404 with a JSON body shaped like the API's other errors (code NOT_FOUND), not Express'
// bare HTML "Cannot POST /nope". Before, every one of these was text/html.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";

describe("paths the server does not serve", () => {
  const api = useTestServer();

  it.each([
    ["POST", "/nope"],
    ["POST", "/graphqlx"],
    ["POST", "/"],
    ["PUT", "/graphqlx"],
    ["DELETE", "/puzzles/1"],
    ["PATCH", "/healthz/x"],
    ["GET", "/assets/missing.js"],
  ])("%s %s is a JSON 404 with the code NOT_FOUND", async (method, path) => {
    const response = await fetch(`${api.origin}${path}`, {
      method,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: method === "GET" ? undefined : JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: `no such path: ${method} ${path} (the API is POST /graphql)`,
          extensions: { code: "NOT_FOUND" },
        },
      ],
    });
  });

  it("names a long path short, and leaves the API and the page as they were", async () => {
    const long = `/${"x".repeat(500)}`;
    const response = await fetch(`${api.origin}${long}`, { method: "POST" });
    expect(response.status).toBe(404);
    const { errors } = (await response.json()) as { errors: { message: string }[] };
    expect(errors[0].message.length).toBeLessThan(260);
    expect((await api.client().data<{ __typename: string }>("{ __typename }")).__typename).toBe("Query");
    expect((await fetch(`${api.origin}/healthz`)).status).toBe(200);
  });
});
