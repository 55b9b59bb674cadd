// Preloaded into node by the launcher tests (NODE_OPTIONS=--import): the process reports, on stderr,
// its pid and the GLIBC_TUNABLES it started with, as one JSON line.
process.stderr.write(
  `${JSON.stringify({ report: "environment", pid: process.pid, GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? null })}\n`,
);
