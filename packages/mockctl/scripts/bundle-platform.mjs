// What `mockctl dev` and `mockctl platform deploy` run, carried in the packed package (made at prepack):
// `platform/` is laid out like the repository's own folders, so the launcher and the deploy script find
// everything where they look for it (layout.ts `repositoryRoot`, platform-workers.ts `WORKERS`):
//
//   platform/workers/<worker>/wrangler.jsonc   the Worker's own config, `main` pointing at its bundle
//   platform/workers/<worker>/bundle.mjs       the Worker and the @mockctl/* packages it imports, as JS
//   platform/migrations/                       the D1 migrations
//   platform/dashboard/dist/                   the dashboard, built (the admin Worker's static assets)
//   platform/infra/local/{cli,build}.mjs       the compiled launcher (as start.mjs compiles it)
//   platform/infra/cloudflare/deploy.mjs       the compiled deploy script
//
// Third-party packages stay external: wrangler, Miniflare (with workerd) and esbuild are the package's
// dependencies, installed by npm as any other.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const REPO = here("../../../");
const WORKERS = ["edge", "admin"];

/**
 * Resolves the Worker's imports as workerd would (worker conditions; `cloudflare:` and `node:` modules are
 * the runtime's) into one module. No more than that: the launcher's build (worker-options.ts) and wrangler
 * bundle this file again with their own options, as they bundle the sources in a checkout.
 */
async function bundleWorker(name, out) {
  await esbuild.build({
    entryPoints: [join(REPO, "workers", name, "src/index.ts")],
    outfile: join(out, "workers", name, "bundle.mjs"),
    bundle: true,
    format: "esm",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "warning",
  });
  const config = readFileSync(join(REPO, "workers", name, "wrangler.jsonc"), "utf8");
  const packed = config
    .replace(/"main":\s*"[^"]*"/, '"main": "bundle.mjs"')
    .replace(/^\s*"\$schema":.*\n/m, "");
  if (!packed.includes('"main": "bundle.mjs"'))
    throw new Error(`no "main" in workers/${name}/wrangler.jsonc`);
  writeFileSync(join(out, "workers", name, "wrangler.jsonc"), packed);
}

// Our own @mockctl/* packages are TypeScript sources: bundled in. Everything else is a dependency.
const thirdPartyExternal = {
  name: "third-party-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@mockctl/") ? undefined : { path: args.path, external: true },
    );
  },
};

async function bundleScripts(out) {
  const scripts = [
    ["infra/local/cli.ts", "infra/local/cli.mjs"],
    ["infra/local/build.ts", "infra/local/build.mjs"],
    ["infra/cloudflare/deploy.ts", "infra/cloudflare/deploy.mjs"],
  ];
  for (const [source, target] of scripts) {
    await esbuild.build({
      entryPoints: [join(REPO, source)],
      outfile: join(out, target),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      plugins: [thirdPartyExternal],
      logLevel: "warning",
    });
  }
}

/**
 * The admin Worker serves the dashboard from `../../dashboard/dist` (its wrangler.jsonc `assets`). The
 * package has no Vite and no sources, so the build goes in ready; the launcher takes a folder without a
 * vite.config.ts as built (infra/local/assets.ts).
 */
async function buildDashboard(out) {
  const app = join(REPO, "dashboard");
  const vite = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await vite.build({
      configFile: join(app, "vite.config.ts"),
      root: app,
      logLevel: "warn",
      mode: "production",
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  cpSync(join(app, "dist"), join(out, "dashboard", "dist"), { recursive: true });
}

export async function bundlePlatform(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const name of WORKERS) await bundleWorker(name, out);
  cpSync(join(REPO, "migrations"), join(out, "migrations"), { recursive: true });
  await buildDashboard(out);
  await bundleScripts(out);
  await esbuild.stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bundlePlatform(here("../platform"));
