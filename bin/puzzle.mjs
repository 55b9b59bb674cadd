#!/usr/bin/env node
// The `puzzle` command: runs the compiled CLI from dist/ (built by `npm install` / `npm run build`).
let main;
try {
  ({ main } = await import("../dist/src/cli/main.js"));
} catch (error) {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  process.stderr.write(`puzzle: cannot load the compiled CLI (run \`npm run build\`): ${message}\n`);
  process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
