// Leaderboard benchmark: seeds 100,000 submissions over 1,000 puzzles (2,000 users) into a database
// of its own with a few INSERT ... SELECT statements, then measures the median time of a leaderboard
// page through the service (SQL only) and through GraphQL over HTTP against a real server, for a
// typical puzzle (about 50 submissions), the most popular one (about 10,000), a deep page, the
// most popular one as a daily puzzle's day ranking, and the other ranking reads (topSolvers,
// User.stats, User.submissions).
//
//   npm run bench:leaderboard            (BENCH_RUNS=200 requests per figure by default)
//
// Target: a leaderboard page answers in <= 20 ms median. The machine's cores are shared, so wall
// times are noisy; the CPU time per request of this process (client and server) is printed beside.
// The database (`puzzles_bench_leaderboard` on DATABASE_URL's server) is re-created on every run and
// dropped at the end unless BENCH_KEEP_DB=1.
import { loadConfig } from "../src/config.ts";
import { createPrismaClient } from "../src/db/client.ts";
import { dropDatabase, ensureDatabase, withDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { startServer } from "../src/server.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_URL = withDatabase(SERVER_URL, "puzzles_bench_leaderboard");
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PUZZLES = 1_000;
const USERS = 2_000;
const SUBMISSIONS = 100_000;
/** The most popular puzzle: half the submissions are spread with a strong skew towards low ids. */
const HOT_PUZZLE = 1;
/** The day of the hot puzzle as a daily puzzle (SQL): 45 days ago, the middle of the submissions' 90. */
const DAILY_DATE = "(now() AT TIME ZONE 'UTC')::date - 45";

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 10; i += 1) await run(i); // warm-up: plans cached, connections open
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const began = performance.now();
    await run(i);
    times.push(performance.now() - began);
  }
  // CPU time of this process (bench client + API server, not Postgres) per request: less sensitive
  // to other processes competing for the cores than wall time.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
  const mid = median(times);
  console.log(
    `${label.padEnd(58)} median ${mid.toFixed(2).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(2).padStart(6)} ms` +
      `   cpu/req ${cpuMs.toFixed(2).padStart(5)} ms`,
  );
  return mid;
}

/** Users, puzzles, optimal Solves for two puzzles in three, the submissions and their entries, in SQL. */
const SEED = [
  `INSERT INTO users (name, token_hash)
     SELECT 'bench_' || i, encode(sha256(('bench-token-' || i)::bytea), 'hex') FROM generate_series(1, ${USERS}) i`,
  `INSERT INTO puzzles (owner_id, kind, rows, cols, start, goal, canonical_key, solvable)
     SELECT 1 + (i * 7919) % ${USERS}, 'SLIDING', 4, 4, ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15],
            ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0], 'bench:' || i, true
       FROM generate_series(1, ${PUZZLES}) i`,
  `INSERT INTO solves (puzzle_id, canonical_key, status, moves, length, optimal, lower_bound, finished_at)
     SELECT id, canonical_key, 'SOLVED', repeat('R', 30 + id % 20), 30 + id % 20, true, 30 + id % 20, now()
       FROM puzzles WHERE id % 3 <> 0`,
  // Lengths: the optimum (30 + id % 20) plus a skewed excess, so ties are common at the top.
  `INSERT INTO submissions (puzzle_id, user_id, moves, length, created_at)
     SELECT p, u, repeat('R', len), len, now() - (random() * interval '90 days')
       FROM (SELECT CASE WHEN i % 2 = 0 THEN 1 + floor(${PUZZLES} * random())::int
                         ELSE 1 + floor(${PUZZLES} * power(random(), 6))::int END AS p,
                    1 + floor(${USERS} * random())::int AS u
               FROM generate_series(1, ${SUBMISSIONS}) i) s,
            LATERAL (SELECT 30 + p % 20 + floor(power(random(), 2) * 12)::int * 2 AS len) l`,
  // What submitSolution keeps with every insert: each user's best submission per puzzle.
  `INSERT INTO leaderboard_entries (puzzle_id, user_id, submission_id, length, created_at, first_submission_id)
     SELECT DISTINCT ON (puzzle_id, user_id) puzzle_id, user_id, id, length, created_at,
            min(id) OVER (PARTITION BY puzzle_id, user_id)
       FROM submissions ORDER BY puzzle_id, user_id, length, created_at, id`,
  // What createPuzzle and submitSolution keep: a stats row per puzzle with its players.
  `INSERT INTO puzzle_stats (puzzle_id, players)
     SELECT p.id, (SELECT count(*) FROM leaderboard_entries e WHERE e.puzzle_id = p.id)::int FROM puzzles p`,
  // The hot puzzle is also a daily puzzle whose day ended 44 days ago: about a quarter of its entries
  // (best submissions) were made after the day, so its day ranking looks up each of those players'
  // submissions made before the day's end (LeaderboardRepository, entriesBefore).
  `INSERT INTO daily_puzzles (date, category, puzzle_id, canonical_key, optimal_length, published_at)
     SELECT ${DAILY_DATE}, 'SLIDING_4X4', id, canonical_key, 30 + id % 20, now() FROM puzzles WHERE id = ${HOT_PUZZLE}`,
  `VACUUM ANALYZE users`,
  `VACUUM ANALYZE puzzles`,
  `VACUUM ANALYZE solves`,
  `VACUUM ANALYZE submissions`,
  `VACUUM ANALYZE leaderboard_entries`,
];

const PAGE = `query ($p: ID!, $after: String) {
  leaderboard(puzzleId: $p, first: 20, after: $after) {
    optimalLength totalEntries
    edges { cursor node { rank length submittedAt optimal user { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const DAY_PAGE = `query ($d: String!) {
  dailyPuzzle(category: SLIDING_4X4, date: $d) {
    players
    leaderboard(first: 20) {
      optimalLength totalEntries
      edges { cursor node { rank length submittedAt optimal user { name } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
const TOP = `query ($rows: Int) { topSolvers(rows: $rows, cols: $rows, first: 20) {
  edges { node { rank optimalSolutions excessMoves user { name } } } } }`;
const USER = `query ($n: String!) { user(name: $n) {
  stats { submissions optimalSolutions puzzlesCreated }
  submissions(first: 20) { edges { node { length optimal rank puzzle { id } } } } } }`;

async function graphql(url: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (body.errors !== undefined) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function main(): Promise<void> {
  await dropDatabase(DB_URL);
  await ensureDatabase(DB_URL);
  await migrate(DB_URL);
  const prisma = createPrismaClient(DB_URL);
  const began = performance.now();
  for (const statement of SEED) await prisma.$executeRawUnsafe(statement);
  const [counts] = await prisma.$queryRaw<{ hot: number; typical: number }[]>`
    SELECT count(*) FILTER (WHERE puzzle_id = ${HOT_PUZZLE})::int AS hot,
           (count(*) / count(DISTINCT puzzle_id))::int AS typical FROM submissions`;
  console.log(
    `seeded ${SUBMISSIONS} submissions, ${PUZZLES} puzzles, ${USERS} users ` +
      `in ${((performance.now() - began) / 1000).toFixed(1)} s ` +
      `(hot puzzle: ${counts.hot} submissions; mean per puzzle: ${counts.typical})`,
  );

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: DB_URL,
    PORT: "0",
    LOG_LEVEL: "silent",
    START_WORKER: "false",
    REDIS_PREFIX: "bench-leaderboard",
    RATE_LIMIT_REQUESTS: "1000000",
  });
  const server = await startServer(config);
  const { leaderboards } = server.app.services;
  // Typical puzzles: the upper half of ids (the skewed half of the seed piles onto low ids).
  const typical = (i: number) => PUZZLES / 2 + ((i * 37) % (PUZZLES / 2));
  try {
    console.log(`\n${RUNS} runs per figure, sequential (one client)`);
    await measure("service: leaderboard page (20), typical puzzle", (i) => leaderboards.page(typical(i), 21));
    await measure("service: leaderboard page (20), hot puzzle", () => leaderboards.page(HOT_PUZZLE, 21));
    await measure("GraphQL: { __typename } (the server's own overhead)", () =>
      graphql(server.url, "{ __typename }", {}),
    );
    await measure("GraphQL: leaderboard page (20), typical puzzle", (i) =>
      graphql(server.url, PAGE, { p: String(typical(i)) }),
    );
    const first = await graphql(server.url, PAGE, { p: String(HOT_PUZZLE) });
    await measure("GraphQL: leaderboard page (20), hot puzzle", () =>
      graphql(server.url, PAGE, { p: String(HOT_PUZZLE) }),
    );
    let after = first.leaderboard.pageInfo.endCursor as string;
    for (let page = 0; page < 20; page += 1) {
      after = (await graphql(server.url, PAGE, { p: String(HOT_PUZZLE), after })).leaderboard.pageInfo
        .endCursor;
    }
    await measure("GraphQL: leaderboard page 22 (20), hot puzzle", () =>
      graphql(server.url, PAGE, { p: String(HOT_PUZZLE), after }),
    );
    const [daily] = await prisma.$queryRaw<{ date: string; endsAt: Date; late: number; entries: number }[]>`
      SELECT to_char(d.date, 'YYYY-MM-DD') AS date, (d.date + 1)::timestamp AT TIME ZONE 'UTC' AS "endsAt",
             count(*) FILTER (WHERE e.created_at >= (d.date + 1)::timestamp AT TIME ZONE 'UTC')::int AS late,
             count(*)::int AS entries
        FROM daily_puzzles d JOIN leaderboard_entries e ON e.puzzle_id = d.puzzle_id
       GROUP BY d.date`;
    console.log(`hot puzzle as a daily: ${daily.entries} entries, ${daily.late} of them after its day`);
    await measure("service: day ranking page (20), hot puzzle, 1/4 later", () =>
      leaderboards.page(HOT_PUZZLE, 21, undefined, daily.endsAt),
    );
    await measure("service: day ranking page (20), hot puzzle, none later", () =>
      leaderboards.page(HOT_PUZZLE, 21, undefined, new Date(Date.now() + 86_400_000)),
    );
    await measure("GraphQL: daily players + day ranking page (20), hot puzzle", () =>
      graphql(server.url, DAY_PAGE, { d: daily.date }),
    );
    await measure("GraphQL: topSolvers page (20), all puzzles", () => graphql(server.url, TOP, {}));
    await measure("GraphQL: topSolvers page (20), 4x4 only", () => graphql(server.url, TOP, { rows: 4 }));
    await measure("GraphQL: user stats + 20 submissions", (i) =>
      graphql(server.url, USER, { n: `bench_${1 + (i % USERS)}` }),
    );
    if (process.env.BENCH_EXPLAIN === "1") {
      // The page query of LeaderboardRepository.page, deep in the hot puzzle's board.
      const plan = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS) WITH page AS (SELECT submission_id AS id, puzzle_id, user_id, length, created_at
           FROM leaderboard_entries WHERE puzzle_id = ${HOT_PUZZLE} AND (length, created_at, user_id) > (40, now() - interval '45 days', 1)
           ORDER BY length, created_at, user_id LIMIT 21)
         SELECT page.*, rank FROM page JOIN (SELECT l.length, 1 + (SELECT count(*) FROM leaderboard_entries e
           WHERE e.puzzle_id = l.puzzle_id AND e.length < l.length)::int AS rank
           FROM (SELECT DISTINCT puzzle_id, length FROM page) l) ranks USING (length) ORDER BY length, created_at, user_id`,
      );
      console.log(`\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}`);
      // The day ranking's page query (LeaderboardRepository.pageBefore) on the hot puzzle as a daily.
      const dayPlan = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS) WITH ranked AS (
           SELECT d.*, rank() OVER (ORDER BY d.length)::int AS rank FROM (
             SELECT b.submission_id, b.puzzle_id, b.user_id, b.length, b.created_at FROM leaderboard_entries b
              WHERE b.puzzle_id = ${HOT_PUZZLE} AND b.created_at < $1
             UNION ALL
             SELECT s.id, b.puzzle_id, b.user_id, s.length, s.created_at FROM leaderboard_entries b
               JOIN LATERAL (SELECT s.id, s.length, s.created_at FROM submissions s
                              WHERE s.puzzle_id = b.puzzle_id AND s.user_id = b.user_id AND s.created_at < $1
                              ORDER BY s.length, s.created_at, s.id LIMIT 1) s ON true
              WHERE b.puzzle_id = ${HOT_PUZZLE} AND b.created_at >= $1) d),
         page AS (SELECT * FROM ranked ORDER BY length, created_at, user_id LIMIT 21)
         SELECT page.*, u.name FROM page JOIN users u ON u.id = page.user_id ORDER BY length, created_at, user_id`,
        daily.endsAt,
      );
      console.log(`\n${dayPlan.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
  } finally {
    await server.close();
    await prisma.$disconnect();
    if (process.env.BENCH_KEEP_DB !== "1") await dropDatabase(DB_URL);
  }
}

await main();
