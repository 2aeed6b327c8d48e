import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { environment, type Target } from "./environments.ts";
import { renderConfig } from "./render-config.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const edge = unstable_readConfig({ config: join(ROOT, "workers/edge/wrangler.jsonc") });
const admin = unstable_readConfig({ config: join(ROOT, "workers/admin/wrangler.jsonc") });
const OUT = join(ROOT, "infra/cloudflare/.generated/qa");

const target = (zone: string | undefined): Target => ({
  env: "staging",
  spec: environment("staging"),
  zone,
  resources: { kv: { "mockctl-snapshots": "kv-id" }, d1: { mockctl: "d1-id" } },
});

describe("renderConfig", () => {
  it.each([
    [
      "front door, with a zone",
      true,
      "example.com",
      [{ pattern: "*.example.com/*", zone_name: "example.com" }],
      true,
    ],
    ["front door, workers.dev only", true, undefined, [], true],
    ["admin Worker, with a zone", false, "example.com", [], false],
  ])("%s: routes and workers.dev", (_, front, zone, routes, workersDev) => {
    const block = renderConfig(front ? edge : admin, target(zone), OUT, { front }).env?.staging;
    expect([block?.routes, block?.workers_dev, block?.keep_names]).toEqual([routes, workersDev, false]);
    expect(block?.vars?.ZONE).toBe(zone ?? "");
  });

  it("gives the admin Worker the environment's --origin list and turns its Host check off", () => {
    const spec = {
      ...environment("staging"),
      allowedOrigins: ["https://app.example", "http://localhost:3000"],
    };
    const vars = renderConfig(admin, { ...target("example.com"), spec }, OUT, { front: false }).env?.staging
      ?.vars;
    expect([vars?.ALLOWED_ORIGINS, vars?.ALLOWED_HOSTS]).toEqual([
      "https://app.example,http://localhost:3000",
      "*",
    ]);
    const edgeVars = renderConfig(edge, target("example.com"), OUT, { front: true }).env?.staging?.vars;
    expect(Object.keys(edgeVars ?? {})).not.toContain("ALLOWED_HOSTS");
  });

  it("keeps the local config's inheritable fields at the top level, main relative to the written file", () => {
    const config = renderConfig(edge, target(undefined), OUT, { front: true });
    expect(config).toMatchObject({
      name: "mockctl-edge",
      main: "../../../../workers/edge/src/index.ts",
      compatibility_date: edge.compatibility_date,
      // The BOM flag too: deployed, a body's leading byte order mark must stay as it does locally.
      compatibility_flags: ["nodejs_compat", "do_not_strip_bom_in_read_all_text"],
      keep_names: false,
    });
  });

  it("refuses a binding the account has no id for", () => {
    const missing = { ...target(undefined), resources: { kv: {}, d1: { mockctl: "d1-id" } } };
    expect(() => renderConfig(admin, missing, OUT, { front: false })).toThrow(
      'no KV namespace id resolved for "mockctl-snapshots"',
    );
  });
});
