import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

/** A request to the front door with RATE_LIMIT_RPS set (the test runtime's own is off). */
const limited = (path: string, rps: string) =>
  worker.fetch(
    // Typed as the runtime hands a request over; the front door never reads its cf properties.
    new Request(`http://127.0.0.1:2525${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, RATE_LIMIT_RPS: rps },
    createExecutionContext(),
  );

describe("requests per second per imposter", () => {
  it("answers beyond the limit with 429, Retry-After and mb's envelope, and counts only what it served", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("ok")] }));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited(`/i/${port}/`, "3")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited(`/i/${port}/`, "3");
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("content-type")).toBe("application/json");
    expect(await refused.json()).toEqual({
      errors: [
        {
          code: "too many requests",
          message: "this imposter takes at most 3 requests per second; try again in 1 s",
          data: { limit: 3, retryAfter: 1 },
        },
      ],
    });
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(3);
  });

  it("limits each imposter on its own", async () => {
    const [a, b] = [freshPort(), freshPort()];
    for (const port of [a, b]) await objectFor(port).put(imposter(port, { stubs: [is("ok")] }));
    expect((await limited(`/i/${a}/`, "1")).status).toBe(200);
    expect((await limited(`/i/${a}/`, "1")).status).toBe(429);
    expect((await limited(`/i/${b}/`, "1")).status).toBe(200);
  });

  it("is off at 0", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("ok")] }));
    for (let i = 0; i < 50; i++) expect((await limited(`/i/${port}/`, "0")).status).toBe(200);
  });
});

const KEY = { header: "x-mock-key", value: "s3cret-key" };

describe("an imposter that requires a key", () => {
  it("answers without the key, or with a wrong one, 401 in mb's envelope, and counts neither", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { requireKey: KEY, stubs: [is("secret data")] }));
    const attempts: Array<Record<string, string>> = [
      {},
      { "x-mock-key": "s3cret-kez" },
      { "x-mock-key": "s3cret-key-and-more" },
    ];
    for (const headers of attempts) {
      const response = await send(`/i/${port}/`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: [
          { code: "unauthorized", message: "this imposter requires its key in the x-mock-key header" },
        ],
      });
    }
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(0);
  });

  it("serves with the key (any case of the header name), and never from memory without it", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { requireKey: KEY, stubs: [is("secret data")] }));
    for (const name of ["x-mock-key", "X-Mock-Key"]) {
      const response = await send(`/i/${port}/a`, { headers: { [name]: KEY.value } });
      expect([response.status, await response.text()]).toEqual([200, "secret data"]);
    }
    expect((await send(`/i/${port}/a`)).status).toBe(401);
  });

  it("keeps the key from predicates and from the journal", async () => {
    const port = freshPort();
    const sees = { predicates: [{ exists: { headers: { "x-mock-key": true } } }], ...is("saw the key") };
    const stubs = [sees, is("did not")];
    await objectFor(port).put(imposter(port, { requireKey: KEY, recordRequests: true, stubs }));
    const response = await send(`/i/${port}/`, { headers: { "x-mock-key": KEY.value, "x-other": "1" } });
    expect(await response.text()).toBe("did not");
    const [recorded] = (await objectFor(port).read())?.state.requests ?? [];
    expect(recorded?.headers).toMatchObject({ "x-other": "1" });
    expect(JSON.stringify(recorded)).not.toContain(KEY.value);
  });

  it("leaves an imposter without requireKey public", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [is("public")] }));
    expect(await (await send(`/i/${port}/`)).text()).toBe("public");
  });
});
