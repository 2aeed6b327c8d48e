// prepack: the CLI and everything it imports (@mockctl/core, which is not published, ejs, zod, re2js…)
// in one ESM file, so the packed package has no dependencies to install and runs with plain Node.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const { version } = JSON.parse(readFileSync(here("../package.json"), "utf8"));

await esbuild.build({
  entryPoints: [here("../src/cli.ts")],
  outfile: here("../dist/mockctl.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "linked",
  define: { MOCKCTL_VERSION: JSON.stringify(version) },
  // ejs is CommonJS and requires Node's modules at run time; ESM output has no `require` of its own.
  banner: {
    js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
  },
  logLevel: "warning",
});
