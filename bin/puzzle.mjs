#!/usr/bin/env node
// The `puzzle` command: runs the compiled CLI from dist/ (built by `npm install`).
import { main } from "../dist/src/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
