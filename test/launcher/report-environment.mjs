// Preloaded into node by the launcher tests (NODE_OPTIONS=--import): the process reports, on stderr,
// its pid, the GLIBC_TUNABLES and the NODE_EXTRA_CA_CERTS it started with, as one JSON line.
const { GLIBC_TUNABLES = null, NODE_EXTRA_CA_CERTS = null } = process.env;
process.stderr.write(
  `${JSON.stringify({ report: "environment", pid: process.pid, GLIBC_TUNABLES, NODE_EXTRA_CA_CERTS })}\n`,
);
