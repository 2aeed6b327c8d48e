#!/usr/bin/env node
// `mockctl`: the packed package runs its bundle (dist/, made by scripts/bundle.mjs at prepack); a checkout
// runs the TypeScript sources through tsx, so `npx mockctl` needs no build step after `npm ci`.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const source = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(source).href);
} else {
  await import(new URL("../dist/mockctl.mjs", import.meta.url).href);
}
