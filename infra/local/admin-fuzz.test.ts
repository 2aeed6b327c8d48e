import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FuzzRequest, fuzzRequest, POLLUTION } from "./admin-fuzz.arbitraries.ts";
import { platformForTests } from "./platform-for-tests.ts";

// Issue 8, part 3 ("bad input"): the admin API of the real local platform (the repository's own
// Workers on workerd) against broken definitions on every route. Whatever it is sent, it answers below
// 500, refuses in Mountebank's envelope, and keeps serving.
const platform = platformForTests("fuzz");

interface Reply {
  status: number;
  text: string;
}

async function send({ method, path, body }: FuzzRequest): Promise<Reply> {
  const response = await fetch(`${platform.url}${path}`, { method, body });
  return { status: response.status, text: await response.text() };
}

const plain = { protocol: "http", port: 4999, stubs: [{ responses: [{ is: { body: "hello" } }] }] };
const post = (body: unknown) => send({ method: "POST", path: "/imposters", body: JSON.stringify(body) });

/** The refusal envelope: `{"errors":[{code, message}, ...]}`, at least one error, each with both strings. */
function isEnvelope(text: string): boolean {
  try {
    const { errors } = JSON.parse(text) as { errors?: unknown };
    return (
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => typeof e?.code === "string" && typeof e?.message === "string")
    );
  } catch {
    return false;
  }
}

/** What a client sees of the plain imposter: its definition as printed, its answer, the config. */
async function plainView(): Promise<string[]> {
  const answer = await fetch(`${platform.url}/i/4999/any`);
  return [
    (await send({ method: "GET", path: "/imposters/4999?replayable=true" })).text,
    `${answer.status} ${JSON.stringify([...answer.headers].filter(([name]) => name !== "date"))}`,
    await answer.text(),
    JSON.stringify({ ...JSON.parse((await send({ method: "GET", path: "/config" })).text), process: "" }),
  ];
}

describe("the admin API under broken input", () => {
  it("answers every request below 500, refuses in mb's envelope, and still serves", async () => {
    expect((await post(plain)).status).toBe(201);
    const before = await plainView();
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (request) => {
        // Stub routes mostly target 4545: make sure it exists (a conflict when it does), or most get 404.
        if (request.path.includes("/stubs")) await post({ ...plain, port: 4545 });
        const reply = await send(request);
        expect(reply.status, reply.text.slice(0, 300)).toBeLessThan(500);
        if (reply.status >= 400) expect(isEnvelope(reply.text), reply.text.slice(0, 300)).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // Runs delete the plain imposter at times (DELETE /imposters); made again, it is as it was.
    await send({ method: "DELETE", path: "/imposters/4999" });
    expect((await post(plain)).status).toBe(201);
    expect(await plainView()).toEqual(before);
  }, 120_000); // ~20 s on a loaded 2-core machine; the margin keeps a busier CI runner from failing it

  it("lets prototype-pollution keys change nothing but the imposter that carries them", async () => {
    await send({ method: "DELETE", path: "/imposters" });
    expect((await post(plain)).status).toBe(201);
    const before = await plainView();
    const carrier = {
      ...(POLLUTION as object),
      protocol: "http",
      port: 4998,
      stubs: [{ ...(POLLUTION as object), responses: [{ is: { ...(POLLUTION as object), body: "own" } }] }],
    };
    const created = await post(carrier);
    expect(created.status).toBe(201);
    const own = await fetch(`${platform.url}/i/4998/`);
    expect([own.status, await own.text()]).toEqual([200, "own"]);
    expect(await plainView()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
