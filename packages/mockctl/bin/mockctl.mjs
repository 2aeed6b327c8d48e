#!/usr/bin/env node
// `mockctl`: the packed package runs its bundle (dist/, made at prepack). A checkout bundles the sources
// (this package's and the @mockctl/* ones it imports) into node_modules/.cache/mockctl/cli when one is newer than the
// bundle, as `npm start` does for the launcher, so `npx mockctl` needs no build step after `npm ci` and
// starts in plain Node (about 0.3 s, against 1.8 s through a TypeScript loader).
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const SOURCES = [
  at("../src"),
  at("../../core/src"),
  at("../../contract/src"),
  at("../../../workers/admin/src/client.ts"),
  at("../scripts"),
  at("../package.json"),
  at("../../../package-lock.json"),
];
const cached = at("../../../node_modules/.cache/mockctl/cli/mockctl.mjs");

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") || file.endsWith(".mjs"))
    .reduce((max, file) => Math.max(max, statSync(`${path}/${file}`).mtimeMs), 0);
}

if (existsSync(at("../src/cli.ts"))) {
  const source = Math.max(...SOURCES.map(newest));
  if (!existsSync(cached) || statSync(cached).mtimeMs < source) {
    const { bundle } = await import(pathToFileURL(at("../scripts/bundle.mjs")).href);
    await bundle(cached);
  }
  await import(pathToFileURL(cached).href);
} else {
  await import(pathToFileURL(at("../dist/mockctl.mjs")).href);
}
