import type { Config } from "miniflare";
import { describe, expect, it } from "vitest";
import { withoutAssetHops } from "./asset-hops.ts";

/** The shape Miniflare gives two Workers, the second with static assets (as the admin's dashboard). */
function config(runWorkerFirst: boolean): Config {
  const routerConfig = JSON.stringify({
    invoke_user_worker_ahead_of_assets: runWorkerFirst,
    has_user_worker: true,
  });
  return {
    services: [
      {
        name: "core:user:front",
        worker: {
          bindings: [
            { name: "ADMIN", service: { name: "assets:rpc-proxy:admin" } },
            { name: "OTHER", service: { name: "core:user:other" } },
            { name: "TEXT", text: "kept" },
          ],
        },
      },
      {
        name: "core:user:admin",
        worker: { bindings: [{ name: "ASSETS", service: { name: "assets:assets-service:admin" } }] },
      },
      { name: "assets:router:admin", worker: { bindings: [{ name: "CONFIG", json: routerConfig }] } },
      { name: "internet", network: { allow: ["public"] } },
    ],
  } as Config;
}

const bindingsOf = (result: Config, service: string) =>
  (result.services ?? []).flatMap((one) =>
    one.name === service && "worker" in one ? (one.worker?.bindings ?? []) : [],
  );

describe("withoutAssetHops", () => {
  it("binds a Worker whose router runs it first directly, and leaves every other binding", () => {
    const result = withoutAssetHops(config(true));
    expect(bindingsOf(result, "core:user:front")).toEqual([
      { name: "ADMIN", service: { name: "core:user:admin" } },
      { name: "OTHER", service: { name: "core:user:other" } },
      { name: "TEXT", text: "kept" },
    ]);
    expect(bindingsOf(result, "core:user:admin")).toEqual(bindingsOf(config(true), "core:user:admin"));
    expect(result.services?.at(-1)).toEqual({ name: "internet", network: { allow: ["public"] } });
  });

  it("keeps the router where assets come first: it decides what the Worker sees", () => {
    expect(bindingsOf(withoutAssetHops(config(false)), "core:user:front")[0]).toEqual({
      name: "ADMIN",
      service: { name: "assets:rpc-proxy:admin" },
    });
  });
});
