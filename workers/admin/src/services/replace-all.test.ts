import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

/**
 * The imposter objects, except that creating the one on `port` fails as a storage write would: the
 * object's `put` throws. Everything else goes to the real binding.
 */
function failingPutOn(port: number): DurableObjectNamespace {
  const names = new WeakMap<DurableObjectId, string>();
  return {
    idFromName(name: string) {
      const id = env.IMPOSTERS.idFromName(name);
      names.set(id, name);
      return id;
    },
    get(id: DurableObjectId) {
      const stub = env.IMPOSTERS.get(id);
      if (names.get(id)?.endsWith(`:${port}`) !== true) return stub;
      const real = stub as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      return {
        read: () => real.read!(),
        summary: () => real.summary!(),
        remove: () => real.remove!(),
        create: () => Promise.reject(new Error("storage write failed")),
      };
    },
  } as unknown as DurableObjectNamespace;
}

const ports = async () =>
  (await call("GET", "/imposters")).json.imposters.map((i: { port: number }) => i.port);

describe("PUT /imposters when a storage step fails midway", () => {
  it("puts the previous imposters back, so the old set is what a client sees", async () => {
    const stub = { responses: [{ is: { body: "old" } }] };
    await created({ protocol: "http", port: 4650, stubs: [stub] });
    await created({ protocol: "http", port: 4651 });
    const body = {
      imposters: [
        { protocol: "http", port: 4660 },
        { protocol: "http", port: 4661 },
      ],
    };

    const answer = await call("PUT", "/imposters", { body, vars: { IMPOSTERS: failingPutOn(4661) } });

    expect(answer.status).toBe(500);
    expect(await ports()).toEqual([4650, 4651]);
    const old = await call("GET", "/imposters/4650");
    expect(old.json.stubs[0].responses).toEqual([{ is: { body: "old" } }]);
    expect((await call("GET", "/imposters/4660")).status).toBe(404);
  });

  it("answers the new set when every step succeeds", async () => {
    await created({ protocol: "http", port: 4652 });
    const body = { imposters: [{ protocol: "http", port: 4662 }] };
    expect((await call("PUT", "/imposters", { body })).status).toBe(200);
    expect(await ports()).toEqual([4662]);
  });
});
