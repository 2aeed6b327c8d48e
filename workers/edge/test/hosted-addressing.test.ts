import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { freshPort, imposter, is, objectFor } from "./helpers.ts";

// The vars an environment is deployed with (infra/cloudflare): ZONE is the account's zone behind the
// wildcard route *.<zone>/*, or "" for workers.dev only.
const ZONE = "example.com";
const WORKERS_DEV = "mockctl-edge-staging.acct.workers.dev";

async function hosted(url: string, zone: string): Promise<string> {
  // Typed as the runtime hands a request over; the front door never reads its cf properties.
  const request = new Request(url) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ZONE: zone }, createExecutionContext());
  const text = await response.text();
  // The admin stand-in (vitest.config.ts) answers JSON naming itself.
  return text.startsWith('{"admin":true') ? "admin" : text;
}

describe("addressing on a deployed environment", () => {
  let port = 0;
  beforeAll(async () => {
    port = freshPort();
    const stub = { predicates: [{ equals: { path: "/orders" } }], ...is("orders") };
    await objectFor(port).put(imposter(port, { stubs: [stub, is("elsewhere")] }));
  }, 30_000);

  it.each([
    ["host <port>.<zone>, path left whole", (p: number) => `https://${p}.${ZONE}/orders?x=1`, ZONE, "orders"],
    [
      "workers.dev path /i/<port>, prefix stripped",
      (p: number) => `https://${WORKERS_DEV}/i/${p}/orders`,
      ZONE,
      "orders",
    ],
    ["workers.dev path without a zone", (p: number) => `https://${WORKERS_DEV}/i/${p}/orders`, "", "orders"],
    ["a zone host that is no port", () => `https://api.${ZONE}/imposters`, ZONE, "admin"],
    ["the zone's apex", () => `https://${ZONE}/orders`, ZONE, "admin"],
    [
      "a port under another name ending in the zone",
      (p: number) => `https://${p}.${ZONE}.evil.test/orders`,
      ZONE,
      "admin",
    ],
    ["a port under the local zone", (p: number) => `https://${p}.localhost/orders`, ZONE, "admin"],
    ["a port host with no zone set", (p: number) => `https://${p}.${WORKERS_DEV}/orders`, "", "admin"],
  ])("%s", async (_, url, zone, expected) => {
    expect(await hosted(url(port), zone)).toBe(expected);
  });
});
