import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, mbRequest, objectFor, send } from "../test/helpers.ts";
import worker from "./index.ts";
import { bodyWeight, MAX_OBJECT_REQUEST_BYTES as MAX } from "./object-stub.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const cycling = (port: number, fields = {}) =>
  imposter(port, {
    ...fields,
    stubs: [{ responses: [{ is: { body: "first" } }, { is: { body: "second" } }] }],
  });

describe("a request body's weight on its way to the object", () => {
  it.each([
    ["ASCII", "a".repeat(MAX), false, MAX],
    ["Latin-1", "é".repeat(MAX), false, MAX],
    ["beyond Latin-1", `${"a".repeat(MAX / 2)}€`, false, MAX + 2],
    ["a form", "a".repeat(MAX / 2), true, MAX],
    ["a form beyond Latin-1", "€".repeat(MAX / 4 + 1), true, MAX + 4],
    ["a short body beyond Latin-1, unscanned", "€".repeat(10), false, 10],
  ])("of %s counts as a call serializes it", (_case, body, form, weight) => {
    const request = mbRequest({ body, ...(form ? { form: {} } : {}) });
    expect(bodyWeight(request)).toBe(weight);
  });
});

describe("a request too large for the object", () => {
  it("is refused with 413 in mb's envelope, and nothing counted, recorded or cycled", async () => {
    const port = freshPort();
    await objectFor(port).put(cycling(port, { recordRequests: true }));
    const body = "a".repeat(MAX / 2 + 1); // over once form repeats it (curl's default Content-Type)
    const refused = await send(`/i/${port}/upload`, { method: "POST", body, headers: FORM });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("content-type")).toBe("application/json");
    const actual = 2 * body.length;
    expect((await refused.json()) as unknown).toEqual({
      errors: [
        {
          code: "limit exceeded",
          message: `this imposter serves a request whose body weighs at most ${MAX} bytes on its way to the imposter's object; this one weighs ${actual}`,
          data: { limit: "maxObjectRequestBytes", max: MAX, actual },
        },
      ],
    });
    const record = await objectFor(port).read();
    expect([record?.state.numberOfRequests, record?.state.requests]).toEqual([0, []]);
    expect(await (await send(`/i/${port}/`)).text()).toBe("first");
  });

  it("is refused past the RPC cap (33 MiB) by a cycling imposter that records nothing", async () => {
    const port = freshPort();
    await objectFor(port).put(cycling(port));
    const body = "a".repeat(33 * 1024 * 1024);
    expect((await send(`/i/${port}/`, { method: "POST", body })).status).toBe(413);
    expect((await objectFor(port).read())?.state.numberOfRequests).toBe(0);
    expect(await (await send(`/i/${port}/`)).text()).toBe("first");
  });

  it("takes a body at the limit, records it and reads it back intact", async () => {
    const port = freshPort();
    await objectFor(port).put(cycling(port, { recordRequests: true }));
    const body = `${"a".repeat(MAX - 1)}é`;
    const answered = await send(`/i/${port}/upload`, { method: "POST", body });
    expect([answered.status, await answered.text()]).toEqual([200, "first"]);
    const record = await objectFor(port).read();
    expect(record?.state.numberOfRequests).toBe(1);
    expect(record?.state.requests[0]?.body === body).toBe(true); // not toBe: a failure would print 16 MB
  });
});

describe("a call to the object that fails", () => {
  it("is answered 500 in mb's envelope, not workerd's bare one", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { recordRequests: true, stubs: [is("ok")] }));
    await send(`/i/${port}/`); // the registry now holds the imposter: the front door asks no object for it
    const failing = { handle: () => Promise.reject(new Error("the object was reset")) };
    const answer = await worker.fetch(
      new Request(`http://127.0.0.1:2525/i/${port}/`) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, IMPOSTERS: { getByName: () => failing } } as unknown as Env,
      createExecutionContext(),
    );
    expect(answer.status).toBe(500);
    expect((await answer.json()) as unknown).toEqual({
      errors: [{ code: "internal error", message: "the imposter could not answer this request" }],
    });
  });
});
