import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { deployPlatform } from "./deploy-plan.ts";
import { nodeWrangler } from "./wrangler-cli.ts";

// The real wrangler, offline: `wrangler deploy --dry-run --outdir` bundles both Workers from the written
// configs with the environment applied, and the configs are read back the way wrangler reads them.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ZONE = "example.com";

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** Bytes each package puts in the bundle (not what esbuild merely read and shook off). */
function bytesFrom(outDir: string, pkg: string): number {
  const meta = JSON.parse(readFileSync(join(outDir, "bundle-meta.json"), "utf8")) as Metafile;
  let bytes = 0;
  for (const output of Object.values(meta.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      if (path.includes(`node_modules/${pkg}/`)) bytes += input.bytesInOutput;
    }
  }
  return bytes;
}

describe.each(["staging", "production"])("a dry run of %s", (env) => {
  const outDir = mkdtempSync(join(tmpdir(), `mockctl-dry-run-${env}-`));
  const read = (key: string) => unstable_readConfig({ config: join(outDir, `${key}.wrangler.json`), env });
  beforeAll(async () => {
    const options = { env, zone: ZONE, dryRun: true, outDir, apiKey: undefined };
    await deployPlatform(options, nodeWrangler(ROOT), () => {});
  }, 120_000);

  it("gives the front door the wildcard route, workers.dev, every binding and keep_names off", () => {
    const edge = read("edge");
    expect(edge.name).toBe(`mockctl-edge-${env}`);
    expect([edge.workers_dev, edge.routes, edge.keep_names]).toEqual([
      true,
      [{ pattern: `*.${ZONE}/*`, zone_name: ZONE }],
      false,
    ]);
    expect(edge.vars).toEqual({
      ZONE,
      WORKSPACE: "default",
      RATE_LIMIT_RPS: "1000",
      KV_SNAPSHOTS: "true", // isolates in other locations load imposters from KV; only the local platform turns it off
      JOURNAL_LIMIT: "10000",
      RELAY_DELAYS: "false", // no launcher in front: the edge waits out a `wait` behavior itself
    });
    expect(edge.kv_namespaces).toEqual([{ binding: "SNAPSHOTS", id: `dry-run-mockctl-snapshots-${env}` }]);
    expect(edge.durable_objects.bindings).toEqual([{ name: "IMPOSTERS", class_name: "ImposterObject" }]);
    expect(edge.migrations).toEqual([{ tag: "v1", new_sqlite_classes: ["ImposterObject"] }]);
    expect(edge.services).toEqual([{ binding: "ADMIN", service: `mockctl-admin-${env}` }]);
    expect(edge.worker_loaders).toEqual([{ binding: "LOADER" }]);
  });

  it("keeps the admin Worker off the public routes, bound to the same KV and the front door's objects", () => {
    const admin = read("admin");
    expect([admin.name, admin.workers_dev, admin.routes, admin.keep_names]).toEqual([
      `mockctl-admin-${env}`,
      false,
      [],
      false,
    ]);
    expect(admin.vars).toEqual({
      ALLOW_INJECTION: "false",
      ZONE,
      WORKSPACE: "default",
      ALLOWED_ORIGINS: "", // Origin checks stay on: no page of another origin, unless listed
      ALLOWED_HOSTS: "*", // the Host check is off: the zone's names are all served
      MAX_IMPOSTERS: "1000",
      MAX_STORED_BYTES: "104857600",
      STARTED_AT: "", // set by the local launcher only; GET /config counts from the isolate's first request
      KV_SNAPSHOTS: "true", // every change published for the front door's isolates elsewhere
    }); // API_KEY is a secret
    expect(admin.kv_namespaces).toEqual(read("edge").kv_namespaces);
    expect(admin.durable_objects.bindings).toEqual([
      { name: "IMPOSTERS", class_name: "ImposterObject", script_name: `mockctl-edge-${env}` },
    ]);
    const [db] = admin.d1_databases;
    expect([db?.binding, db?.database_name, db?.database_id]).toEqual([
      "DB",
      `mockctl-${env}`,
      `dry-run-mockctl-${env}`,
    ]);
    expect(resolve(outDir, db?.migrations_dir ?? "")).toBe(resolve(ROOT, "migrations"));
    // The dashboard, built before the dry run, goes with the admin Worker as its static assets.
    expect([admin.assets?.binding, admin.assets?.run_worker_first]).toEqual(["ASSETS", true]);
    expect(resolve(outDir, admin.assets?.directory ?? "")).toBe(resolve(ROOT, "dashboard/dist"));
    expect(existsSync(resolve(ROOT, "dashboard/dist/index.html"))).toBe(true);
  });

  it("bundles the front door without keepNames wrappers and without zod, exporting its object class", () => {
    const bundle = readFileSync(join(outDir, "edge", "index.js"), "utf8");
    expect(bundle.match(/\b__name\(/g) ?? []).toEqual([]);
    expect(bundle).toMatch(/export\s*\{[^}]*\bImposterObject\b/);
    expect(bytesFrom(join(outDir, "edge"), "zod")).toBe(0);
  });
});
