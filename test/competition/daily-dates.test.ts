// Days given by users are checked before they reach Postgres: `dailyPuzzle(date:)` and the
// `dailyPuzzles` cursor take a real day of years 2000..9999 (docs/competition.md), anything else is
// BAD_USER_INPUT on `date` / `after`, never a masked INTERNAL_SERVER_ERROR (Postgres has no year 0).
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";

const api = useTestServer();

const DAILY = `query ($c: DailyCategory!, $d: String) { dailyPuzzle(category: $c, date: $d) { date } }`;
const ARCHIVE = `query ($a: String) { dailyPuzzles(category: SLIDING_3X3, first: 1, after: $a) {
  edges { node { date } } pageInfo { endCursor } } }`;
const cursor = (date: string) => Buffer.from(JSON.stringify(["DAILY", date])).toString("base64url");

const OUT_OF_RANGE = ["0000-01-01", "0001-01-01", "1969-12-31", "1999-12-31"];

describe("days out of range", () => {
  it("are BAD_USER_INPUT on dailyPuzzle's date", async () => {
    const client = api.client();
    for (const category of ["SLIDING_3X3", "SLIDING_4X4", "ROTATION"]) {
      for (const d of OUT_OF_RANGE) {
        const error = await client.error(DAILY, { c: category, d });
        expect(error.extensions, d).toMatchObject({ code: "BAD_USER_INPUT", field: "date" });
      }
    }
    for (const d of ["2000-01-01", "9999-12-31"]) {
      expect((await client.data(DAILY, { c: "SLIDING_4X4", d })).dailyPuzzle).toBeNull();
    }
  });

  it("are BAD_USER_INPUT on a dailyPuzzles cursor", async () => {
    const client = api.client();
    for (const date of OUT_OF_RANGE) {
      const error = await client.error(ARCHIVE, { a: cursor(date) });
      expect(error.extensions, date).toMatchObject({ code: "BAD_USER_INPUT", field: "after" });
    }
    for (const date of ["2000-01-01", "9999-12-31"]) {
      expect((await client.data(ARCHIVE, { a: cursor(date) })).dailyPuzzles.edges).toEqual([]);
    }
    // The server's own cursors still page.
    await api.server.app.services.daily.ensure("2025-03-05", "SLIDING_3X3");
    await api.server.app.services.daily.ensure("2025-03-04", "SLIDING_3X3");
    const first = (await client.data(ARCHIVE, {})).dailyPuzzles;
    expect(first.edges[0].node.date).toBe("2025-03-05");
    const second = (await client.data(ARCHIVE, { a: first.pageInfo.endCursor })).dailyPuzzles;
    expect(second.edges[0].node.date).toBe("2025-03-04");
  });
});
