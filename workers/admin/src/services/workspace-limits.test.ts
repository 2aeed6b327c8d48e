import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

const stub = (body: string) => ({ responses: [{ is: { body } }] });
/** The bytes an imposter takes as stored, as the object counts them. */
const stored = (imposter: unknown) => new TextEncoder().encode(JSON.stringify(imposter)).length;

const catalogPorts = async () =>
  (await env.DB.prepare("SELECT port FROM imposters ORDER BY port").all()).results.map((row) => row.port);

/** Every imposter, full, in port order: what must not change when a change is refused. */
const everything = async () =>
  (await call("GET", "/imposters?replayable=true")).json.imposters as Array<{ port: number }>;

function expectLimit(answer: Awaited<ReturnType<typeof call>>, limit: string, max: number) {
  expect(answer.status, answer.text).toBe(413);
  expect(answer.json.errors).toHaveLength(1);
  expect(answer.json.errors[0]).toMatchObject({ code: "limit exceeded", data: { limit, max } });
}

describe("imposters per workspace (MAX_IMPOSTERS)", () => {
  const vars = { MAX_IMPOSTERS: "2" };

  it("POST /imposters: creates up to the limit, refuses one more and creates nothing", async () => {
    await created({ protocol: "http", port: 4700 }, { vars });
    await created({ protocol: "http", port: 4701 }, { vars });
    const before = await everything();
    const answer = await call("POST", "/imposters", { body: { protocol: "http", port: 4702 }, vars });
    expectLimit(answer, "maxImposters", 2);
    expect(answer.json.errors[0].message).toBe(
      "a workspace may have at most 2 imposters; this one would have 3",
    );
    expect(await everything()).toEqual(before);
    expect((await call("GET", "/imposters/4702")).status).toBe(404);
    // The port was claimed in the batch that counted, and given back: with room again, it can be created.
    expect(await catalogPorts()).toEqual([4700, 4701]);
    expect((await call("DELETE", "/imposters/4700")).status).toBe(200);
    await created({ protocol: "http", port: 4702 }, { vars });
    expect(await catalogPorts()).toEqual([4701, 4702]);
  });

  it("PUT /imposters: replaces with a set that fits, refuses a set too large and keeps the old one", async () => {
    await created({ protocol: "http", port: 4703, stubs: [stub("old")] });
    const fits = { imposters: [4710, 4711].map((port) => ({ protocol: "http", port })) };
    const tooMany = { imposters: [4712, 4713, 4714].map((port) => ({ protocol: "http", port })) };
    const before = await everything();
    expectLimit(await call("PUT", "/imposters", { body: tooMany, vars }), "maxImposters", 2);
    expect(await everything()).toEqual(before);
    expect((await call("PUT", "/imposters", { body: fits, vars })).status).toBe(200);
    expect((await everything()).map((imposter) => imposter.port)).toEqual([4710, 4711]);
  });
});

describe("stored bytes per workspace (MAX_STORED_BYTES)", () => {
  const first = { protocol: "http", port: 4720, stubs: [stub("x".repeat(400))] };
  /** Room for the first imposter and 300 bytes more. */
  const vars = { MAX_STORED_BYTES: String(stored(first) + 300) };
  const small = stub("y".repeat(100));
  const large = stub("z".repeat(400));

  it("POST /imposters: counts every imposter's definition together", async () => {
    await created(first, { vars });
    await created({ protocol: "http", port: 4721, stubs: [small] }, { vars });
    const before = await everything();
    const answer = await call("POST", "/imposters", {
      body: { protocol: "http", port: 4722, stubs: [large] },
      vars,
    });
    expectLimit(answer, "maxStoredBytes", stored(first) + 300);
    expect(await everything()).toEqual(before);
  });

  it("PUT /imposters: counts the new set alone", async () => {
    await created(first, { vars });
    const before = await everything();
    const refused = { imposters: [first, { protocol: "http", port: 4723, stubs: [large] }] };
    expectLimit(
      await call("PUT", "/imposters", { body: refused, vars }),
      "maxStoredBytes",
      stored(first) + 300,
    );
    expect(await everything()).toEqual(before);
    const fits = { imposters: [{ protocol: "http", port: 4723, stubs: [large, small] }] };
    expect((await call("PUT", "/imposters", { body: fits, vars })).status).toBe(200);
  });

  it.each([
    ["POST /imposters/:id/stubs", "POST", "/imposters/4720/stubs", (s: unknown) => ({ stub: s })],
    [
      "PUT /imposters/:id/stubs",
      "PUT",
      "/imposters/4720/stubs",
      (s: unknown) => ({ stubs: [first.stubs[0], s] }),
    ],
    ["PUT /imposters/:id/stubs/:index", "PUT", "/imposters/4720/stubs/0", (s: unknown) => s],
  ])("%s: changes within the limit, refuses beyond it and keeps the stubs", async (_route, method, path, body) => {
    await created(first, { vars });
    const refused = await call(method, path, { body: body(stub("z".repeat(800))), vars });
    expectLimit(refused, "maxStoredBytes", stored(first) + 300);
    expect((await call("GET", "/imposters/4720?replayable=true")).json.stubs).toEqual(first.stubs);
    const accepted = await call(method, path, { body: body(small), vars });
    expect(accepted.status, accepted.text).toBe(200);
  });

  /** The bytes the workspace would hold after the change, as the check counts them: its 413's `actual`. */
  async function wouldHold(method: string, path: string, body: unknown): Promise<number> {
    const answer = await call(method, path, { body, vars: { MAX_STORED_BYTES: "1" } });
    expect(answer.status, answer.text).toBe(413);
    return answer.json.errors[0].data.actual;
  }

  // The edges of each check: the limit is what the workspace would hold, plus `slack`.
  it.each([
    ["POST /imposters", "under", 1, 201],
    ["POST /imposters", "at", 0, 201],
    ["POST /imposters", "over", -1, 413],
    ["POST /imposters/:id/stubs", "under", 1, 200],
    ["POST /imposters/:id/stubs", "at", 0, 200],
    ["POST /imposters/:id/stubs", "over", -1, 413],
  ])("%s just %s the limit", async (route, _edge, slack, status) => {
    await created(first);
    await created({ protocol: "http", port: 4725, stubs: [small] });
    const toImposters = route === "POST /imposters";
    const path = toImposters ? "/imposters" : "/imposters/4720/stubs";
    const body = toImposters ? { protocol: "http", port: 4726, stubs: [small] } : { stub: small };
    const holds = await wouldHold("POST", path, body);
    const max = holds + slack;
    const answer = await call("POST", path, { body, vars: { MAX_STORED_BYTES: String(max) } });
    expect(answer.status, answer.text).toBe(status);
    if (status === 413)
      expect(answer.json.errors[0].message).toBe(
        `a workspace's imposters may take at most ${max} bytes as JSON together; these would take ${holds}`,
      );
  });

  it("frees the bytes of a deleted imposter", async () => {
    await created(first, { vars });
    const second = { protocol: "http", port: 4724, stubs: [large] };
    expect((await call("POST", "/imposters", { body: second, vars })).status).toBe(413);
    expect((await call("DELETE", "/imposters/4720")).status).toBe(200);
    await created(second, { vars });
  });
});

describe("one imposter's size (maxImposterBytes) across stub changes", () => {
  it("POST /imposters/:id/stubs: refuses a stub that would take the imposter past 10 MiB, and keeps its stubs", async () => {
    const big = { protocol: "http", port: 4730, stubs: [stub("x".repeat(6_000_000))] };
    await created(big);
    const refused = await call("POST", "/imposters/4730/stubs", {
      body: { stub: stub("y".repeat(5_000_000)) },
    });
    expectLimit(refused, "maxImposterBytes", 10 * 1024 * 1024);
    expect(refused.json.errors[0].data.actual).toBe(
      stored({ ...big, stubs: [...big.stubs, stub("y".repeat(5_000_000))] }),
    );
    const after = await call("GET", "/imposters/4730?replayable=true");
    expect(after.json.stubs).toHaveLength(1);
    const fits = await call("POST", "/imposters/4730/stubs", { body: { stub: stub("y".repeat(1_000_000)) } });
    expect(fits.status, fits.text).toBe(200);
  });
});
