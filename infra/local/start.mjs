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
// The workspace packages the launcher imports are TypeScript too: they are bundled in, so their sources
// count for staleness as well.
const sources = [here, ...["contract", "user-code"].map((name) => join(here, `../../packages/${name}/src`))];

function newestSource() {
  return sources
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
        .map((file) => join(dir, file)),
    )
    .reduce((newest, file) => Math.max(newest, statSync(file).mtimeMs), 0);
}

// Third-party packages stay external (wrangler, esbuild and Miniflare are loaded by the build child only);
// our own @mockctl/* packages are TypeScript sources that plain Node cannot load, so they are bundled.
const thirdPartyExternal = {
  name: "third-party-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@mockctl/") ? undefined : { path: args.path, external: true },
    );
  },
};

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
    plugins: [thirdPartyExternal],
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live as long as the platform.
  await esbuild.stop();
}
await import(pathToFileURL(join(out, "cli.mjs")).href);
