// The CLI and everything it imports (@mockctl/core, which is not published, ejs, zod, re2js…) in one ESM
// file, so it runs with plain Node: at prepack into dist/ (the packed package then has no dependencies to
// install), and in a checkout into node_modules/.cache by bin/mockctl.mjs when a source is newer.
import { readFileSync, renameSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Written beside `outfile` and renamed over it, so a CLI started meanwhile never reads half a file. */
export async function bundle(outfile, legalComments = "none") {
  const partial = `${outfile}.${process.pid}.partial`;
  const { version } = JSON.parse(readFileSync(here("../package.json"), "utf8"));
  await esbuild.build({
    entryPoints: [here("../src/cli.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    legalComments,
    define: { MOCKCTL_VERSION: JSON.stringify(version) },
    // ejs is CommonJS and requires Node's modules at run time; ESM output has no `require` of its own.
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    logLevel: "warning",
  });
  renameSync(partial, outfile);
  // esbuild's service process would otherwise keep the CLI alive.
  await esbuild.stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await bundle(here("../dist/mockctl.mjs"), "inline");
