// The project's root directory (where package.json and prisma/ live), found from this module's
// location so it is the same whether code runs from src/ (tests, tsx), from dist/src/ (tsc's
// output) or from a bundle in dist/bundle/ (the `puzzle` command, scripts/bundle.mjs).

import { fileURLToPath } from "node:url";

const compiled = /^(.*)\/dist\/(?:src|bundle)\//.exec(import.meta.url);

export const projectRoot: string = fileURLToPath(
  compiled === null ? new URL("../", import.meta.url) : `${compiled[1]}/`,
).replace(/\/$/, "");
