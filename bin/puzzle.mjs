#!/bin/sh
//bin/sh -c :; case "${PUZZLE_KEEP_EXTRA_CA_CERTS:-no}" in 0 | false | off | no) unset NODE_EXTRA_CA_CERTS ;; esac; exec /bin/sh "$(dirname -- "$(readlink -f -- "$0")")/../scripts/tuned-node.sh" "$0" "$@"
// The `puzzle` command. Run as a program (npx puzzle, or bin/puzzle.mjs on PATH) the line above is
// shell (a no-op `//bin/sh -c :`, then an exec): it starts node on this same file through
// scripts/tuned-node.sh, which adds the product's settings (huge pages for the tables;
// PUZZLE_HUGEPAGES=0 opts out) and replaces itself with node, so the command stays one process.
// NODE_EXTRA_CA_CERTS is dropped first: with it set, node builds its certificate store at every
// start (~50 ms with a system bundle), and this command opens no connection (docs/cli.md; a
// preloaded module of one's own that does keeps it with PUZZLE_KEEP_EXTRA_CA_CERTS=1). To
// node that line is a comment. `node bin/puzzle.mjs` skips it (no huge pages). This module runs the
// bundled CLI, dist/bundle/cli.js (one file: quicker to load than dist/src/'s modules; built by
// `npm install` and `npm run build`, scripts/bundle.mjs).
let main;
try {
  ({ main } = await import("../dist/bundle/cli.js"));
} catch (error) {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  process.stderr.write(`puzzle: cannot load the compiled CLI (run \`npm run build\`): ${message}\n`);
  process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
