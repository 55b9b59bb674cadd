// `npm run bench` (builds first): the core figures, the whole-process judge runs, and the Rotation
// Game's figures from bench/rotation.ts when that file is there.

import { existsSync } from "node:fs";
import { benchCore } from "./core.ts";
import { benchJudge } from "./judge.ts";

benchCore();
console.log();
benchJudge();
if (existsSync(new URL("./rotation.ts", import.meta.url))) {
  console.log();
  const { benchRotation } = await import("./rotation.ts");
  await benchRotation();
}
