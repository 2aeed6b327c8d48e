// `npm start`: plain Node, no TypeScript loader on the serving path. The launcher (cli.ts and the build
// child build.ts) is compiled to JS under node_modules/.cache/mockctl/launcher when a source of
// infra/local is newer than that JS, then run in this same process. JavaScript rather than TypeScript
// because it is what runs before anything is compiled.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "../../node_modules/.cache/mockctl/launcher");
const entries = ["cli", "build"];

function newestSource() {
  return readdirSync(here, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .reduce((newest, file) => Math.max(newest, statSync(join(here, file)).mtimeMs), 0);
}

function stale() {
  const source = newestSource();
  return entries.some((entry) => {
    const file = join(out, `${entry}.mjs`);
    return !existsSync(file) || statSync(file).mtimeMs < source;
  });
}

if (stale()) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: entries.map((entry) => join(here, `${entry}.ts`)),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // wrangler, esbuild and Miniflare stay packages, loaded by the build child only.
    packages: "external",
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live as long as the platform.
  await esbuild.stop();
}
await import(pathToFileURL(join(out, "cli.mjs")).href);
